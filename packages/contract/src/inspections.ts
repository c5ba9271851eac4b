import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
  sortSchema,
} from './common.js';
import { isValidIsoDate } from './equipment.js';
import { exportFormatSchema } from './exports.js';
import { templateContentSchema } from './template-content.js';

/**
 * Inspections: the records admins read (history, detail, report); the inspector's side of an
 * assignment (progress, submit) is in inspector-work.ts. An inspection belongs to exactly one
 * assignment; its answers are kept per unit (equipment) of the assignment, or once for a
 * site-level assignment (equipmentId null).
 */

export const inspectionResults = ['pass', 'fail'] as const;
export const inspectionResultSchema = z.enum(inspectionResults);
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

export const inspectionStatuses = ['in_progress', 'completed'] as const;
export const inspectionStatusSchema = z.enum(inspectionStatuses);
export type InspectionStatus = z.infer<typeof inspectionStatusSchema>;

export const MAX_TEXT_ANSWER = 5000;

// ---------------------------------------------------------------- answers

/**
 * One answer as sent by the client (see `ItemAnswer` in template-content.ts): a string (pass_fail,
 * yes_no_na, select, text, date, signature file URL), a number, a list of strings (multi_select,
 * photo file URLs), or null for "not answered". Whether it fits the item is decided by
 * `evaluateItem` against the pinned template version, on submit.
 */
export const answerValueSchema = z.union([
  z.string().max(MAX_TEXT_ANSWER, `An answer must be at most ${MAX_TEXT_ANSWER} characters`),
  z.number(),
  z.array(z.string().max(500)).max(50),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

// ---------------------------------------------------------------- evaluated results

export const itemOutcomeSchema = z.enum([
  'pass',
  'fail',
  'not_applicable',
  'recorded',
  'missing',
  'skipped',
  'invalid',
]);

export const itemResultSchema = z.object({
  key: z.string(),
  sectionKey: z.string(),
  outcome: itemOutcomeSchema,
  reason: z.string().nullable(),
  actionId: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('The corrective action of this item and unit (the latest), on the inspection detail'),
});
export type ItemResult = z.infer<typeof itemResultSchema>;

export const unitResultSchema = z.object({
  equipment: z
    .object({
      id: z.number().int(),
      name: z.string(),
      assetTag: z.string(),
      serialNumber: z.string().nullable(),
      type: z.string().nullable(),
    })
    .nullable()
    .describe('null for a site-level inspection'),
  result: inspectionResultSchema,
  answers: z.record(z.string(), answerValueSchema),
  items: z.array(itemResultSchema),
});
export type UnitResult = z.infer<typeof unitResultSchema>;

// ---------------------------------------------------------------- history rows and detail

export const inspectionSummarySchema = z.object({
  id: z.number().int(),
  assignmentId: z.number().int(),
  result: inspectionResultSchema,
  failedItems: z.number().int(),
  totalItems: z.number().int().describe('Answerable items over all units'),
  unitCount: z.number().int(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    siteCode: z.string(),
    city: z.string().nullable(),
    clientName: z.string().nullable(),
  }),
  inspector: z.object({ id: z.number().int(), name: z.string() }),
  category: z.object({ id: z.number().int(), name: z.string(), colour: z.string() }),
  template: z.object({ id: z.number().int(), name: z.string(), version: z.number().int() }),
  startedAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema,
});
export type InspectionSummary = z.infer<typeof inspectionSummarySchema>;

export const inspectionDetailSchema = inspectionSummarySchema.extend({
  remarks: z.string().nullable(),
  content: templateContentSchema.describe('The pinned template version the inspection was filled against'),
  units: z.array(unitResultSchema),
  dueOn: z.string().describe('YYYY-MM-DD, of the assignment'),
  scheduledFor: z.string().describe('YYYY-MM-DD, of the assignment'),
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

export const inspectionDetailResponseSchema = z.object({ inspection: inspectionDetailSchema });
export type InspectionDetailResponse = z.infer<typeof inspectionDetailResponseSchema>;

// ---------------------------------------------------------------- history list (admin)

export const inspectionSortFields = ['completedAt', 'site', 'inspector', 'result', 'relevance'] as const;

function optionalDate(label: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isValidIsoDate(v), { message: `${label} must be a date (YYYY-MM-DD)` });
}

/** The history's filters, shared by the list and its export. */
const inspectionHistoryFilterShape = {
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Site code, name or city; inspector name; or an inspection id'),
  site_id: idSchema.optional(),
  inspector_id: idSchema.optional(),
  category_id: idSchema.optional(),
  equipment_id: idSchema.optional().describe('Only inspections that covered this unit'),
  result: inspectionResultSchema.optional(),
  from: optionalDate('From').describe('Completed on or after this day (YYYY-MM-DD, UTC)'),
  to: optionalDate('To').describe('Completed on or before this day (YYYY-MM-DD, UTC)'),
};

function fromNotAfterTo(q: { from?: string | undefined; to?: string | undefined }) {
  return !q.from || !q.to || q.from <= q.to;
}
const fromAfterToError = { message: 'From must not be after To', path: ['to'] };

/** GET /api/auth/inspections: the history of completed inspections across all sites. */
export const inspectionHistoryQuerySchema = paginationQuerySchema
  .extend({
    ...inspectionHistoryFilterShape,
    sort: sortSchema(inspectionSortFields).describe(
      'Default: relevance while searching (the inspection id or the exact SiteId no., then a SiteId no., ' +
        'site name, city or inspector name starting with the term, then the rest; newest first within each), ' +
        'else -completedAt',
    ),
  })
  .refine(fromNotAfterTo, fromAfterToError);
export type InspectionHistoryQueryValues = z.output<typeof inspectionHistoryQuerySchema>;
export type InspectionHistoryQuery = Partial<z.input<typeof inspectionHistoryQuerySchema>>;

/** GET /api/auth/inspections/export: the filtered history as a file, newest first. */
export const inspectionExportQuerySchema = z
  .object({ ...inspectionHistoryFilterShape, format: exportFormatSchema })
  .refine(fromNotAfterTo, fromAfterToError);
export type InspectionExportQuery = z.output<typeof inspectionExportQuerySchema>;
/** The history's filters alone (what the list and the export share). */
export type InspectionHistoryFilterQuery = Omit<InspectionExportQuery, 'format'>;

export const inspectionHistoryResponseSchema = z.object({
  data: z.array(inspectionSummarySchema),
  pagination: paginationSchema,
});
export type InspectionHistoryResponse = z.infer<typeof inspectionHistoryResponseSchema>;
