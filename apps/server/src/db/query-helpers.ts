import { utcDateOf } from '@inspecta/contract';
import type { Clock } from '../core/clock.js';

/** `%`, `_` and `\` typed by a user are literal characters, not wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for (i)like, with the pattern characters of the term itself escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** Today's date for due-status decisions: the UTC calendar date of the clock (docs/equipment.md). */
export function todayOf(clock: Clock): string {
  return utcDateOf(clock.now());
}

/** `field` / `-field` → the field and its direction. */
export function parseSort<F extends string>(
  sort: string | undefined,
  fallback: F,
): { field: F; desc: boolean } {
  if (!sort) return { field: fallback, desc: false };
  return sort.startsWith('-') ? { field: sort.slice(1) as F, desc: true } : { field: sort as F, desc: false };
}
