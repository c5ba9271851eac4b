import type { ScheduleStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';

const LOOK: Record<ScheduleStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'yellow' },
  ended: { label: 'Ended', color: 'gray' },
};

export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  return (
    <Badge variant="dot" color={LOOK[status].color} data-testid="schedule-status" data-status={status}>
      {LOOK[status].label}
    </Badge>
  );
}
