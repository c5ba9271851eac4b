import { z } from 'zod';

/**
 * The largest value an integer column holds (2^31 - 1). Ids and every other whole number that is
 * stored or compared with such a column stop here, so a larger one is a 400 naming the field
 * rather than an "out of range" from the database.
 */
export const INT32_MAX = 2_147_483_647;
const ID_RANGE_MESSAGE = `Not a valid id (ids are whole numbers from 1 to ${INT32_MAX})`;

/** Database identifiers are positive integers ("Id" in the spec's search placeholder), in a path or a query. */
export const idSchema = z.coerce.number().int().positive().max(INT32_MAX, ID_RANGE_MESSAGE);
/** An id inside a JSON body: a number as sent, never coerced from text. */
export const idValueSchema = z.number().int().positive().max(INT32_MAX, ID_RANGE_MESSAGE);
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** The one paging contract: every list takes page/limit and answers `pagination`. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/**
 * Lists count their matches exactly up to this many; beyond, `total` is this cap with
 * `totalIsCapped: true` (shown "10,000+"), so a common search term never costs more to count than
 * to show a page of.
 */
export const LIST_COUNT_CAP = 10_000;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalIsCapped: z
    .boolean()
    .optional()
    .describe('true when more rows match than a list counts (total is then its cap: show "10,000+")'),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Sorting is `field` (ascending) or `-field` (descending); each list names the fields it allows.
 */
export function sortSchema<const T extends readonly [string, ...string[]]>(fields: T) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z.enum(values as unknown as readonly [`${T[number]}` | `-${T[number]}`]).optional();
}

export const messageSchema = z.object({ message: z.string() });

/** Every error code the API can answer with; the HTTP status for each lives in one map on the server. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({
  field: z.string().describe('Dotted path of the offending field, e.g. "email" or "address.pincode"'),
  message: z.string(),
  id: z
    .number()
    .int()
    .optional()
    .describe('A bulk action that was refused: the id of the row this refusal is about'),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: errorCodeSchema,
  details: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const isoDateTimeSchema = z.string().describe('ISO 8601 date-time');
