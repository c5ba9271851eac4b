import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, INT32_MAX, MAX_PAGE_SIZE } from './common.js';

// Field schemas the equipment and equipment type forms and lists share (not exported by the package).

/** Query strings may carry empty values (`?status=`): they mean "no filter". */
export function blankToUndefined<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

export const listPaging = {
  page: blankToUndefined(z.coerce.number().int().min(1).default(1)),
  limit: blankToUndefined(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
};

export const searchQuery = blankToUndefined(z.string().trim().max(100, 'Search is too long').optional());

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: blank becomes null (cleared); absent stays undefined (unchanged, on updates). */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** A required id picked from a list; an empty picker ('' or null) reads as "required". */
export function requiredId(label: string) {
  return z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} is required`)
    .positive(`${label} is required`)
    .max(INT32_MAX, `${label} was not found`);
}
