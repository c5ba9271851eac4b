import type { DueStatus, EquipmentStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';
import { dueLabel, statusLabel } from '../lib/format';

// Colours chosen for AA contrast of the text on its tint: red for overdue, amber for due soon.
const DUE_STYLES: Record<DueStatus | 'none', { bg: string; c: string }> = {
  overdue: { bg: 'var(--mantine-color-red-0)', c: 'var(--mantine-color-red-8)' },
  due_soon: { bg: '#fff3bf', c: '#7a4b00' },
  ok: { bg: 'var(--mantine-color-teal-0)', c: '#0b6b57' },
  none: { bg: 'var(--mantine-color-gray-1)', c: '#495057' },
};

export function DueBadge({ due }: { due: DueStatus | null }) {
  const style = DUE_STYLES[due ?? 'none'];
  return (
    <Badge
      variant="light"
      radius="sm"
      bg={style.bg}
      c={style.c}
      data-testid="due-badge"
      data-due={due ?? 'none'}
      style={{
        border: `1px solid color-mix(in srgb, ${style.c} 25%, transparent)`,
        flexShrink: 0,
        minWidth: 'max-content',
      }}
    >
      {dueLabel(due)}
    </Badge>
  );
}

const STATUS_COLOURS: Record<EquipmentStatus, string> = {
  in_service: 'brand',
  out_of_service: 'orange',
  retired: 'gray',
};

export function EquipmentStatusBadge({ status }: { status: EquipmentStatus }) {
  return (
    <Badge
      variant="outline"
      radius="sm"
      color={STATUS_COLOURS[status]}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      c={status === 'out_of_service' ? '#8a3c00' : status === 'retired' ? '#495057' : undefined}
    >
      {statusLabel(status)}
    </Badge>
  );
}
