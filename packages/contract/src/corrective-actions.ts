import { z } from 'zod';
import { assignmentPrioritySchema, assignmentStatusSchema } from './assignments.js';
import {
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
  sortSchema,
} from './common.js';
import { isValidIsoDate } from './equipment.js';
import { exportFormatSchema } from './exports.js';
import { inspectionResultSchema } from './inspections.js';
import { contentKeySchema } from './template-content.js';

/**
 * Corrective actions (issue 19, docs/maintenance.md): the follow-up of a failed checklist item.
 * Submitting an inspection creates one per failed item and unit; an administrator can create one by
 * hand from any answer of an inspection. Status: open → in_progress → resolved → verified, or
 * cancelled (with a reason) from any state but verified.
 */

export const correctiveActionStatuses = ['open', 'in_progress', 'resolved', 'verified', 'cancelled'] as const;
export const correctiveActionStatusSchema = z.enum(correctiveActionStatuses, {
  error: 'Status must be open, in_progress, resolved, verified or cancelled',
});
export type CorrectiveActionStatus = z.infer<typeof correctiveActionStatusSchema>;

/** Statuses that still need work (what "open" and "overdue" count). */
export const correctiveActionOpenStatuses = ['open', 'in_progress'] as const;

/** The same four priorities as assignments. */
export const correctiveActionPrioritySchema = assignmentPrioritySchema;
export type CorrectiveActionPriority = z.infer<typeof correctiveActionPrioritySchema>;

export const correctiveActionSources = ['inspection', 'manual'] as const;
export type CorrectiveActionSource = (typeof correctiveActionSources)[number];

export const CORRECTIVE_ACTION_TITLE_MAX = 200;
export const CORRECTIVE_ACTION_DESCRIPTION_MAX = 4000;
export const CORRECTIVE_ACTION_COMMENT_MAX = 4000;
export const CORRECTIVE_ACTION_REASON_MAX = 500;
export const CORRECTIVE_ACTION_PHOTOS_MAX = 10;
/** Comment photos are refused above this size (413), like the inspector uploads. */
export const CORRECTIVE_ACTION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Which status may follow which (the server enforces it; the client offers only these). `verified`
 * comes from a passing re-inspection when the action requires evidence, or from an administrator
 * when it does not.
 */
export const correctiveActionTransitions: Record<CorrectiveActionStatus, readonly CorrectiveActionStatus[]> =
  {
    open: ['in_progress', 'resolved', 'cancelled'],
    in_progress: ['open', 'resolved', 'cancelled'],
    resolved: ['in_progress', 'verified', 'cancelled'],
    verified: [],
    cancelled: ['open'],
  };

function optionalDate(label: string) {
  return z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isValidIsoDate, { message: `${label} must be a date (YYYY-MM-DD)` });
}

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(CORRECTIVE_ACTION_TITLE_MAX, `Title must be at most ${CORRECTIVE_ACTION_TITLE_MAX} characters`);

const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(
    CORRECTIVE_ACTION_DESCRIPTION_MAX,
    `Description must be at most ${CORRECTIVE_ACTION_DESCRIPTION_MAX} characters`,
  )
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

// ---------------------------------------------------------------- objects

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const correctiveActionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: correctiveActionStatusSchema,
  priority: correctiveActionPrioritySchema,
  overdue: z.boolean().describe('Open or in progress and due before today (UTC)'),
  dueOn: z.string().describe('YYYY-MM-DD'),
  source: z.enum(correctiveActionSources),
  requiresEvidence: z
    .boolean()
    .describe('true: only a passing re-inspection verifies it; false: an administrator may verify it'),
  owner: personSchema
    .extend({ role: z.enum(['admin', 'inspector', 'client']) })
    .nullable()
    .describe("A client owner is always the site's client (issue 20)"),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    siteCode: z.string(),
    clientId: z.number().int().nullable(),
  }),
  equipment: z
    .object({
      id: z.number().int(),
      name: z.string(),
      assetTag: z.string(),
      equipmentTypeId: z.number().int(),
    })
    .nullable()
    .describe('null for a site-level item'),
  inspectionId: z.number().int().nullable(),
  itemKey: z.string().nullable(),
  itemLabel: z.string().nullable(),
  /** The note a failed re-inspection leaves ("Re-inspection #12 failed again on 2025-03-04"). */
  reinspectionNote: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  resolvedAt: isoDateTimeSchema.nullable(),
  verifiedAt: isoDateTimeSchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
});
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;

export const correctiveActionCommentSchema = z.object({
  id: z.number().int(),
  author: personSchema.nullable(),
  body: z.string(),
  photos: z.array(z.string()).describe('File URLs (re-encoded images)'),
  visibleToClient: z
    .boolean()
    .describe("Shared with the site's client in the portal (always true for the client's own comments)"),
  createdAt: isoDateTimeSchema,
});
export type CorrectiveActionComment = z.infer<typeof correctiveActionCommentSchema>;

export const correctiveActionHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: personSchema.nullable().describe('null: the system (e.g. a re-inspection result)'),
  action: z
    .enum([
      'created',
      'updated',
      'status',
      'comment',
      'reinspection_requested',
      'reinspection_passed',
      'reinspection_failed',
    ])
    .describe('What happened'),
  changes: z
    .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
    .describe('Changed fields (for created: every field from null)'),
  note: z.string().nullable().describe('Cancel reason, status note, or the re-inspection outcome'),
});
export type CorrectiveActionHistoryEntry = z.infer<typeof correctiveActionHistoryEntrySchema>;

export const correctiveActionReinspectionSchema = z.object({
  assignmentId: z.number().int(),
  status: assignmentStatusSchema,
  dueOn: z.string(),
  inspector: personSchema,
  inspectionId: z.number().int().nullable().describe('Once submitted'),
  result: inspectionResultSchema.nullable().describe('Once submitted: pass verifies the action'),
  completedAt: isoDateTimeSchema.nullable(),
});
export type CorrectiveActionReinspection = z.infer<typeof correctiveActionReinspectionSchema>;

export const correctiveActionDetailSchema = correctiveActionSchema.extend({
  description: z.string().nullable(),
  cancelReason: z.string().nullable(),
  remark: z.string().nullable().describe("The inspector's remarks on the inspection"),
  photos: z
    .array(z.string())
    .describe('Photos of the failed answer (photo items of the same section and unit)'),
  answer: z.unknown().describe('The failed answer as recorded'),
  inspection: z
    .object({
      id: z.number().int(),
      completedAt: isoDateTimeSchema.nullable(),
      templateId: z.number().int(),
      templateName: z.string(),
      templateVersion: z.number().int(),
      inspector: personSchema,
    })
    .nullable(),
  createdBy: personSchema.nullable().describe('null: created by the submit of an inspection'),
  comments: z.array(correctiveActionCommentSchema).describe('Oldest first'),
  history: z.array(correctiveActionHistoryEntrySchema).describe('Oldest first'),
  reinspections: z
    .array(correctiveActionReinspectionSchema)
    .describe('Requested re-inspections, newest first'),
  /** What the caller may do now (the client shows these buttons). */
  allowedTransitions: z.array(correctiveActionStatusSchema),
  canRequestReinspection: z.boolean(),
  suggestedProducts: z
    .array(z.object({ id: z.number().int(), sku: z.string(), name: z.string() }))
    .describe("Active shop products linked to the equipment's type (Order parts)"),
});
export type CorrectiveActionDetail = z.infer<typeof correctiveActionDetailSchema>;

export const correctiveActionDetailResponseSchema = z.object({ action: correctiveActionDetailSchema });
export type CorrectiveActionDetailResponse = z.infer<typeof correctiveActionDetailResponseSchema>;

export const correctiveActionMutationResponseSchema = z.object({
  action: correctiveActionDetailSchema,
  message: z.string(),
});
export type CorrectiveActionMutationResponse = z.infer<typeof correctiveActionMutationResponseSchema>;

// ---------------------------------------------------------------- list

export const correctiveActionViews = ['all', 'open', 'overdue', 'mine', 'resolved'] as const;
export const correctiveActionSortFields = ['dueOn', 'priority', 'createdAt', 'status', 'relevance'] as const;

/** The list's filters, shared by the list and its export. */
const correctiveActionFilterShape = {
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Title, item label, site name or code, asset tag, or an action id'),
  view: z
    .enum(correctiveActionViews)
    .default('all')
    .describe(
      'open = open or in progress; overdue = open and past due; mine = owned by me; resolved = resolved or verified',
    ),
  status: correctiveActionStatusSchema.optional(),
  priority: correctiveActionPrioritySchema.optional(),
  site_id: idSchema.optional(),
  equipment_id: idSchema.optional(),
  owner_id: idSchema.optional(),
  inspection_id: idSchema.optional(),
};

/** GET /api/corrective-actions */
export const correctiveActionListQuerySchema = paginationQuerySchema.extend({
  ...correctiveActionFilterShape,
  sort: sortSchema(correctiveActionSortFields).describe(
    'Default: relevance when searching, else overdue first then dueOn',
  ),
});
export type CorrectiveActionListQueryValues = z.output<typeof correctiveActionListQuerySchema>;
export type CorrectiveActionListQuery = Partial<z.input<typeof correctiveActionListQuerySchema>>;

/** The list counts up to this many matches; beyond, pagination.totalIsCapped is true. */
export const CORRECTIVE_ACTION_COUNT_CAP = 10_000;

export const correctiveActionListResponseSchema = z.object({
  actions: z.array(correctiveActionSchema),
  pagination: paginationSchema,
});
export type CorrectiveActionListResponse = z.infer<typeof correctiveActionListResponseSchema>;

/** GET /api/corrective-actions/export */
export const correctiveActionExportQuerySchema = z.object({
  ...correctiveActionFilterShape,
  format: exportFormatSchema,
});
export type CorrectiveActionExportQuery = z.output<typeof correctiveActionExportQuerySchema>;

/** GET /api/corrective-actions/counts?site_id=&equipment_id= (site and equipment pages). */
export const correctiveActionCountsQuerySchema = z.object({
  site_id: idSchema.optional(),
  equipment_id: idSchema.optional(),
});
export type CorrectiveActionCountsQuery = z.output<typeof correctiveActionCountsQuerySchema>;
export const correctiveActionCountsResponseSchema = z.object({
  open: z.number().int().describe('Open or in progress'),
  overdue: z.number().int().describe('Open or in progress and due before today'),
});
export type CorrectiveActionCountsResponse = z.infer<typeof correctiveActionCountsResponseSchema>;

// ---------------------------------------------------------------- mutations

/** POST /api/corrective-actions: by hand, from one answer of an inspection (admin). */
export const createCorrectiveActionBodySchema = z.object({
  inspectionId: idValueSchema,
  equipmentId: idValueSchema.nullable().default(null).describe('The unit of the answer; null for site-level'),
  itemKey: contentKeySchema,
  title: titleSchema.optional().describe('Default: the item label and the unit'),
  description: descriptionSchema,
  priority: correctiveActionPrioritySchema.default('normal'),
  ownerId: idValueSchema
    .nullable()
    .optional()
    .describe("An active admin or inspector, or the site's client; default: unassigned"),
  dueOn: optionalDate('Due date').optional().describe('Default: today + the days Settings give the priority'),
  requiresEvidence: z.boolean().default(true),
});
export type CreateCorrectiveActionBody = z.input<typeof createCorrectiveActionBodySchema>;
export type CreateCorrectiveActionValues = z.output<typeof createCorrectiveActionBodySchema>;

/** PATCH /api/corrective-actions/:id (admin). */
export const updateCorrectiveActionBodySchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema,
  priority: correctiveActionPrioritySchema.optional(),
  ownerId: idValueSchema.nullable().optional(),
  dueOn: optionalDate('Due date').optional(),
  requiresEvidence: z.boolean().optional(),
});
export type UpdateCorrectiveActionBody = z.input<typeof updateCorrectiveActionBodySchema>;
export type UpdateCorrectiveActionValues = z.output<typeof updateCorrectiveActionBodySchema>;

/** POST /api/corrective-actions/:id/status (admin, or the owning inspector except verify). */
export const correctiveActionStatusBodySchema = z
  .object({
    status: correctiveActionStatusSchema,
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(CORRECTIVE_ACTION_REASON_MAX, `Reason must be at most ${CORRECTIVE_ACTION_REASON_MAX} characters`)
      .optional()
      .describe('Required to cancel; a note otherwise'),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'cancelled' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason for cancelling' });
  });
export type CorrectiveActionStatusBody = z.input<typeof correctiveActionStatusBodySchema>;

/**
 * POST /api/corrective-actions/:id/comments: multipart/form-data with a `body` text field and up
 * to CORRECTIVE_ACTION_PHOTOS_MAX image files named `photos`; the text alone is enough, and so are
 * photos alone. (The fields as the server reads them:)
 */
export const correctiveActionCommentFieldsSchema = z.object({
  body: z
    .string()
    .trim()
    .max(CORRECTIVE_ACTION_COMMENT_MAX, `Comment must be at most ${CORRECTIVE_ACTION_COMMENT_MAX} characters`)
    .default(''),
  // A multipart field arrives as text: only "true" shares the comment with the site's client.
  visibleToClient: z
    .enum(['true', 'false', ''], { error: 'Visible to the client must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** POST /api/corrective-actions/:id/reinspection (admin). */
export const requestReinspectionBodySchema = z
  .object({
    inspectorId: idValueSchema,
    scheduledFor: optionalDate('Scheduled date').optional().describe('Default: today'),
    dueOn: optionalDate('Due date').optional().describe("Default: the action's due date, or today if past"),
    priority: correctiveActionPrioritySchema.optional().describe("Default: the action's priority"),
  })
  .superRefine((v, ctx) => {
    if (v.scheduledFor && v.dueOn && v.dueOn < v.scheduledFor)
      ctx.addIssue({
        code: 'custom',
        path: ['dueOn'],
        message: 'Due date cannot be before the scheduled date',
      });
  });
export type RequestReinspectionBody = z.input<typeof requestReinspectionBodySchema>;
export type RequestReinspectionValues = z.output<typeof requestReinspectionBodySchema>;
