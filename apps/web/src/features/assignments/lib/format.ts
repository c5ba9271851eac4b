import type { AssignmentPriority, AssignmentStatus } from '@inspecta/contract';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "16 Jun 2026" for a YYYY-MM-DD or an ISO instant; '' for nothing. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
}

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Whole days from today to a date (negative: in the past). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

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
  return open === 0 ? 'No open assignments' : `${open} open assignment${open === 1 ? '' : 's'}`;
}
