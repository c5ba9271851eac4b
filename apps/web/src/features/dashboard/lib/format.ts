const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

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
