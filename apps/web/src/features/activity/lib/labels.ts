import { type ActivityEntityType, activityEntityTypeLabels, activityEntityTypes } from '@inspecta/contract';
import { formatDateTime, formatDay } from '@/lib/dates';

export function entityTypeLabel(type: string): string {
  return (activityEntityTypeLabels as Record<string, string>)[type] ?? humanize(type);
}

export const entityTypeOptions = activityEntityTypes.map((value: ActivityEntityType) => ({
  value,
  label: activityEntityTypeLabels[value],
}));

/** `contactName` → "Contact name", `equipment_type_id` → "Equipment type id". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A recorded value as a person reads it: stored codes (`in_service`) as words, true and false as Yes
 * and No, a day (`2026-10-26`, or an instant at UTC midnight) in the organisation's date format,
 * another instant as the viewer's day and time with its zone; any other text exactly as it was written.
 */
export function readableValue(value: string): string {
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  if (DAY.test(value)) return formatDay(value) || value;
  // A day kept as an instant (a typed "Last inspected" is that day's UTC midnight) reads as the day.
  if (/^\d{4}-\d{2}-\d{2}T00:00(?::00(?:\.0+)?)?Z$/.test(value)) return formatDay(value) || value;
  if (INSTANT.test(value)) return formatDateTime(value, { zone: true }) || value;
  return /^[a-z]+(?:_[a-z]+)+$/.test(value) ? humanize(value) : value;
}

/** The object filter of the address, `site:12`: a kind of object and its id. */
export function parseObject(value: string): { type: string; id: string } | null {
  const match = /^([a-z_]{1,40}):([A-Za-z0-9_-]{1,40})$/.exec(value);
  return match ? { type: match[1]!, id: match[2]! } : null;
}
