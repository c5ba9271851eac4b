import { type ActivityEntityType, activityEntityTypeLabels, activityEntityTypes } from '@inspecta/contract';

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

/**
 * A recorded value as a person reads it: stored codes (`in_service`) as words, true and false as Yes
 * and No; any other text exactly as it was written.
 */
export function readableValue(value: string): string {
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  return /^[a-z]+(?:_[a-z]+)+$/.test(value) ? humanize(value) : value;
}

/** The object filter of the address, `site:12`: a kind of object and its id. */
export function parseObject(value: string): { type: string; id: string } | null {
  const match = /^([a-z_]{1,40}):([A-Za-z0-9_-]{1,40})$/.exec(value);
  return match ? { type: match[1]!, id: match[2]! } : null;
}
