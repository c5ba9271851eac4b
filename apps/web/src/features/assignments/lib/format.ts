import type { AssignmentPriority, AssignmentStatus } from '@inspecta/contract';
import { daysUntil } from '@/lib/dates';
import { plural } from '@/lib/plural';

/** "Due today", "Due in 3 days", "2 days overdue". */
export function describeDueOn(dueOn: string, today: string): string {
  const days = daysUntil(dueOn, today);
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  if (days > 1) return `Due in ${days} days`;
  return `${-days} day${days === -1 ? '' : 's'} overdue`;
}

export const statusLabels: Record<AssignmentStatus, string> = {
  assigned: 'Assigned',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const priorityLabels: Record<AssignmentPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

// Text on its tint with AA contrast.
export const priorityStyles: Record<AssignmentPriority, { bg: string; c: string }> = {
  low: { bg: 'var(--mantine-color-gray-1)', c: '#495057' },
  normal: { bg: 'var(--mantine-color-blue-0)', c: 'var(--mantine-color-blue-9)' },
  high: { bg: '#fff3bf', c: '#7a4b00' },
  urgent: { bg: 'var(--mantine-color-red-0)', c: 'var(--mantine-color-red-9)' },
};

export function workloadLabel(open: number): string {
  return open === 0 ? 'No open assignments' : plural(open, 'open assignment');
}
