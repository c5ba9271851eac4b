import type { DateFormat } from '@inspecta/contract';
import { useSyncExternalStore } from 'react';
import { storage, storageKeys } from './storage';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The organisation's date format (Settings -> Organisation), set by the app once the signed-in
// user's organisation is known (`setDayFormat`); "16 Jun 2026" until then and in tests.
// The contract's `dateFormats`, repeated: importing a value from the contract's settings module
// would bring all its schemas into every first screen's JavaScript (docs/performance.md).
const FORMATS: readonly string[] = [
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYY-MM-DD',
  'D MMM YYYY',
] satisfies DateFormat[];

/** Whether `value` is one of the organisation's date formats. */
export function isDayFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && FORMATS.includes(value);
}

function storedFormat(): DateFormat {
  const stored = storage.get(storageKeys.dateFormat);
  return isDayFormat(stored) ? stored : 'D MMM YYYY';
}
let currentFormat: DateFormat = storedFormat();
const listeners = new Set<() => void>();

/** The format every date on screen and every date field follows. */
export function getDayFormat(): DateFormat {
  return currentFormat;
}

/**
 * Make `format` the format of every date. `notify: false` only records it (for a call during a
 * render, so the children rendered after it already use it); subscribers re-render on the next call.
 */
export function setDayFormat(format: DateFormat, notify = true): void {
  currentFormat = format;
  if (notify) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The organisation's date format; the component re-renders when it changes. */
export function useDayFormat(): DateFormat {
  return useSyncExternalStore(subscribe, getDayFormat, getDayFormat);
}

/** A calendar day (YYYY-MM-DD) written in `format`, e.g. "25/03/2026" for DD/MM/YYYY. */
export function formatIsoDayAs(day: string, format: DateFormat): string {
  const [y, m, d] = day.split('-') as [string, string, string];
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'YYYY-MM-DD':
      return day;
    case 'D MMM YYYY':
      return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
  }
}

function isoDay(y: number, m: number, d: number): string | null {
  if (!(y >= 1000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1)) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The calendar day (YYYY-MM-DD) a person typed in `format` ("25/3/2026", "25-03-2026" and
 * "25.03.2026" too for DD/MM/YYYY; "25 March 2026" for D MMM YYYY), or in YYYY-MM-DD whatever the
 * format (pasted or filled by a machine); null when it is not a real day.
 */
export function parseDay(text: string, format: DateFormat): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (format === 'D MMM YYYY') {
    const named = /^(\d{1,2})\s+([a-z]{3,})\.?,?\s+(\d{4})$/i.exec(value);
    if (!named) return null;
    const month = MONTHS.findIndex((name) => named[2]?.toLowerCase().startsWith(name.toLowerCase())) + 1;
    return month ? isoDay(Number(named[3]), month, Number(named[1])) : null;
  }
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!parts || format === 'YYYY-MM-DD') return null;
  const [first, second, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return format === 'DD/MM/YYYY' ? isoDay(year, second, first) : isoDay(year, first, second);
}

/** "16 Jun 2026" (or the organisation's format) for a calendar day (YYYY-MM-DD) or an ISO instant's UTC day; '' for nothing or nonsense. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? '' : formatIsoDayAs(new Date(time).toISOString().slice(0, 10), currentFormat);
}

const instantParts = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/**
 * An instant as the viewer's day in the organisation's format and 24-hour time: "01/04/2026 15:00".
 * With `zone`, the time zone follows ("01/04/2026 15:00 GMT+5:30"), for times that a PDF or a
 * colleague elsewhere may show in another zone. '' for nothing or nonsense.
 */
export function formatDateTime(value: string | null | undefined, options: { zone?: boolean } = {}): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const parts = Object.fromEntries(instantParts.formatToParts(time).map((p) => [p.type, p.value]));
  const day = formatIsoDayAs(`${parts.year}-${parts.month}-${parts.day}`, currentFormat);
  return `${day} ${parts.hour}:${parts.minute}${options.zone ? ` ${parts.timeZoneName}` : ''}`;
}

/** An instant's day where the viewer is, in the organisation's format. */
export function formatLocalDay(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const parts = Object.fromEntries(instantParts.formatToParts(time).map((p) => [p.type, p.value]));
  return formatIsoDayAs(`${parts.year}-${parts.month}-${parts.day}`, currentFormat);
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
