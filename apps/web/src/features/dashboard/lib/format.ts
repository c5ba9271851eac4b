const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const dayTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday"; a date with time beyond a week. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  if (Math.abs(seconds) >= 7 * 86_400) return `${dayTime.format(Date.parse(iso))} UTC`;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60), 'minute');
}

/** "16 Mar" for a YYYY-MM-DD: the week labels of the chart. */
export function formatShortDay(isoDate: string): string {
  return shortDay.format(Date.parse(`${isoDate}T00:00:00Z`));
}

const counts = new Intl.NumberFormat('en-IN');

/** A figure as shown on its card: grouped digits, a percentage with one decimal, or a dash. */
export function formatFigure(value: number | null | undefined, unit: 'count' | 'percent'): string {
  if (value === null || value === undefined) return '—';
  return unit === 'percent' ? `${value.toFixed(1)}%` : counts.format(value);
}
