import {
  type DueStatus,
  dueStatusLabels,
  type EquipmentStatus,
  equipmentStatusLabels,
} from '@inspecta/contract';
import { daysUntil } from '@/lib/dates';
import { plural } from '@/lib/plural';

function span(days: number): string {
  if (days < 60) return plural(days, 'day');
  if (days < 730) return `${Math.round(days / 30.4)} months`;
  return `${Math.floor(days / 365)} years`;
}

/** "due today", "in 12 days", "3 days overdue", "4 months overdue". */
export function describeDue(nextDueOn: string, today: string): string {
  const days = daysUntil(nextDueOn, today);
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  return days > 0 ? `in ${span(days)}` : `${span(-days)} overdue`;
}

export const dueLabel = (due: DueStatus | null) => (due ? dueStatusLabels[due] : 'Not tracked');
export const statusLabel = (status: EquipmentStatus) => equipmentStatusLabels[status];
