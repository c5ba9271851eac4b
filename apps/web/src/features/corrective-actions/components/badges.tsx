import type { CorrectiveActionPriority, CorrectiveActionStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';
import { priorityLabels, priorityStyles } from '@/features/assignments';
import { actionStatusColours, actionStatusLabels } from '../lib/format';

export function ActionStatusBadge({
  status,
  size,
}: {
  status: CorrectiveActionStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      variant="dot"
      color={actionStatusColours[status]}
      size={size}
      style={{ minWidth: 'max-content' }}
      data-testid="action-status"
      data-status={status}
    >
      {actionStatusLabels[status]}
    </Badge>
  );
}

export function ActionPriorityBadge({ priority }: { priority: CorrectiveActionPriority }) {
  return (
    <Badge
      variant="light"
      radius="sm"
      bg={priorityStyles[priority].bg}
      c={priorityStyles[priority].c}
      data-testid="action-priority"
    >
      {priorityLabels[priority]}
    </Badge>
  );
}

export function OverdueBadge() {
  return (
    <Badge color="red" variant="filled" size="sm">
      Overdue
    </Badge>
  );
}
