/**
 * When a unit of equipment is next due for inspection, and how urgent that is. One rule, used by the
 * server (every write), by the client (the form's preview) and mirrored by the set-based SQL that
 * recomputes a whole type when its interval changes.
 *
 * - base = the UTC calendar date of the last completed inspection, else the install date, else the
 *   UTC date the unit was registered;
 * - nextDueOn = base + the type's inspectionIntervalDays;
 * - a retired unit is no longer inspected: it has no due date (null).
 */
export interface NextDueInput {
  status: EquipmentStatusValue;
  /** ISO date-time (or Date) of the last completed inspection. */
  lastInspectedAt: string | Date | null | undefined;
  /** YYYY-MM-DD. */
  installedOn: string | null | undefined;
  /** ISO date-time (or Date) the unit was registered. */
  createdAt: string | Date;
  inspectionIntervalDays: number;
}

type EquipmentStatusValue = 'in_service' | 'out_of_service' | 'retired';

/** Days before the due date in which a unit counts as "due soon". */
export const DUE_SOON_DAYS = 30;

export const dueStatuses = ['overdue', 'due_soon', 'ok'] as const;
export type DueStatus = (typeof dueStatuses)[number];

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC calendar date (YYYY-MM-DD) of an instant. */
export function utcDateOf(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus a number of days (calendar arithmetic in UTC, no time-zone drift). */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS;
  return new Date(time).toISOString().slice(0, 10);
}

/** The earlier of two YYYY-MM-DD dates (they sort as text in calendar order). */
export function earlierDate(a: string, b: string): string {
  return a <= b ? a : b;
}

/** The later of two YYYY-MM-DD dates. */
export function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

export function computeNextDueOn(input: NextDueInput): string | null {
  if (input.status === 'retired') return null;
  const base = input.lastInspectedAt
    ? utcDateOf(input.lastInspectedAt)
    : (input.installedOn ?? utcDateOf(input.createdAt));
  return addDays(base, input.inspectionIntervalDays);
}

/** overdue: due before today; due_soon: due today or within 30 days; ok: later; null: no due date. */
export function dueStatusOf(nextDueOn: string | null, today: string): DueStatus | null {
  if (!nextDueOn) return null;
  if (nextDueOn < today) return 'overdue';
  if (nextDueOn <= addDays(today, DUE_SOON_DAYS)) return 'due_soon';
  return 'ok';
}
