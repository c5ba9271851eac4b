import { formatDateTime as formatSharedDateTime } from '@/lib/dates';

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Whole calendar months from `earlier` to `later` (UTC), a month counting once its day is reached. */
function wholeMonths(earlier: Date, later: Date): number {
  let months =
    (later.getUTCFullYear() - earlier.getUTCFullYear()) * 12 + later.getUTCMonth() - earlier.getUTCMonth();
  const laterRest = later.getTime() - Date.UTC(later.getUTCFullYear(), later.getUTCMonth());
  const earlierRest = earlier.getTime() - Date.UTC(earlier.getUTCFullYear(), earlier.getUTCMonth());
  if (laterRest < earlierRest) months -= 1;
  return Math.max(0, months);
}

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago", "20 months ago", "2 years ago"... for a
 * past (or future) ISO date. Minutes, hours and days are rounded (under 45 s "just now", under 45
 * minutes minutes, under 22 hours hours, under 7 days days); beyond a week it counts down: whole
 * weeks until a whole calendar month has passed, whole months up to 23, then whole years (20 months
 * is "20 months ago", not "2 years ago"; 35 months is "2 years ago").
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now.getTime()) / 1000);
  const sign = seconds < 0 ? -1 : 1;
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 45 * MINUTE) return formatter.format(sign * Math.max(1, Math.round(abs / MINUTE)), 'minute');
  if (abs < 22 * HOUR) return formatter.format(sign * Math.max(1, Math.round(abs / HOUR)), 'hour');
  if (abs < 7 * DAY) return formatter.format(sign * Math.max(1, Math.round(abs / DAY)), 'day');
  const [earlier, later] = sign < 0 ? [new Date(time), now] : [now, new Date(time)];
  const months = wholeMonths(earlier, later);
  if (months < 1) return formatter.format(sign * Math.floor(abs / (7 * DAY)), 'week');
  if (months < 24) return formatter.format(sign * months, 'month');
  return formatter.format(sign * Math.floor(months / 12), 'year');
}

/**
 * A full local date (the organisation's format) and time with its zone, for the title attribute
 * behind a relative time and the timestamps a PDF may show in another zone: "01/04/2026 15:00 GMT+5:30".
 */
export function formatDateTime(iso: string): string {
  return formatSharedDateTime(iso, { zone: true });
}
