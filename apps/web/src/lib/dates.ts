const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "16 Jun 2026" for a calendar day (YYYY-MM-DD) or an ISO instant's UTC day; '' for nothing or nonsense. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? '' : dayFormat.format(time);
}

/** Today as YYYY-MM-DD (UTC), the form due dates are compared in. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `day` (both YYYY-MM-DD); negative when `day` is in the past. */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The first and last day (YYYY-MM-DD) of the month `day` (YYYY-MM-DD) falls in. */
export function monthOf(day: string): { start: string; end: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}
