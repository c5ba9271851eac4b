import { z } from 'zod';
import { createAssignmentBodySchema } from './assignments.js';
import { idSchema, idValueSchema, isoDateTimeSchema, paginationSchema } from './common.js';
import { correctiveActionPrioritySchema, correctiveActionStatusSchema } from './corrective-actions.js';
import { isValidIsoDate } from './equipment.js';
import { blankToUndefined, listPaging, requiredText, searchQuery } from './field-schemas.js';

/**
 * The client portal's requests and corrective actions (issue 20, docs/portal.md): a client asks for
 * an inspection of one of its sites, an administrator schedules it (an assignment) or declines it;
 * the client follows the corrective actions opened on its sites and talks to the staff on them.
 */

// ---------------------------------------------------------------- values

export const inspectionRequestStatuses = ['open', 'scheduled', 'declined', 'cancelled'] as const;
export const inspectionRequestStatusSchema = z.enum(inspectionRequestStatuses, {
  error: 'Status must be open, scheduled, declined or cancelled',
});
export type InspectionRequestStatus = z.infer<typeof inspectionRequestStatusSchema>;

export const INSPECTION_REQUEST_MESSAGE_MAX = 2000;
export const INSPECTION_REQUEST_DECLINE_REASON_MAX = 500;
export const INSPECTION_REQUEST_UNITS_MAX = 500;
/** The request form's site picker lists at most this many of the client's sites (search narrows). */
export const PORTAL_REQUEST_SITE_OPTIONS_MAX = 500;
export const PORTAL_COMMENT_MAX = 4000;
export const PORTAL_EVIDENCE_NOTE_MAX = 4000;

// ---------------------------------------------------------------- objects

const siteRefSchema = z.object({ id: z.number().int(), name: z.string(), siteCode: z.string() });
const unitRefSchema = z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() });

export const inspectionRequestSchema = z.object({
  id: z.number().int(),
  status: inspectionRequestStatusSchema,
  site: siteRefSchema,
  equipment: z.array(unitRefSchema).describe('The units asked for; empty means the whole site'),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  preferredDate: z.string().nullable().describe('YYYY-MM-DD'),
  message: z.string(),
  declineReason: z.string().nullable(),
  assignmentId: z.number().int().nullable().describe('Once scheduled'),
  requestedBy: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type InspectionRequest = z.infer<typeof inspectionRequestSchema>;

export const inspectionRequestMutationResponseSchema = z.object({
  request: inspectionRequestSchema,
  message: z.string(),
});
export type InspectionRequestMutationResponse = z.infer<typeof inspectionRequestMutationResponseSchema>;

export const inspectionRequestListResponseSchema = z.object({
  requests: z.array(inspectionRequestSchema),
  pagination: paginationSchema,
});
export type InspectionRequestListResponse = z.infer<typeof inspectionRequestListResponseSchema>;

// ---------------------------------------------------------------- client: options, list, create

/** GET /api/portal/request-options */
export const portalRequestOptionsQuerySchema = z.object({
  search: searchQuery.describe("Substring of the site's name or code"),
});
export type PortalRequestOptionsQuery = z.output<typeof portalRequestOptionsQuerySchema>;

export const portalRequestOptionsResponseSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sites: z
    .array(siteRefSchema)
    .describe(`The client's sites by name, at most ${PORTAL_REQUEST_SITE_OPTIONS_MAX}`),
});
export type PortalRequestOptionsResponse = z.infer<typeof portalRequestOptionsResponseSchema>;

/** GET /api/portal/requests (newest first) */
export const portalRequestListQuerySchema = z.object({
  ...listPaging,
  status: blankToUndefined(inspectionRequestStatusSchema.optional()),
});
export type PortalRequestListQuery = Partial<z.input<typeof portalRequestListQuerySchema>>;
export type PortalRequestListQueryValues = z.output<typeof portalRequestListQuerySchema>;

/** POST /api/portal/requests */
export const createInspectionRequestBodySchema = z.object({
  siteId: idValueSchema.describe('One of your sites'),
  equipmentIds: z
    .array(idValueSchema, { error: 'Equipment must be a list of units' })
    .max(INSPECTION_REQUEST_UNITS_MAX, `At most ${INSPECTION_REQUEST_UNITS_MAX} units per request`)
    .default([])
    .transform((ids) => [...new Set(ids)])
    .describe('Units of that site; empty or omitted means the whole site'),
  categoryId: idValueSchema.nullable().default(null),
  preferredDate: z
    .string({ error: 'Preferred date must be a date (YYYY-MM-DD)' })
    .trim()
    .refine(isValidIsoDate, { message: 'Preferred date must be a date (YYYY-MM-DD)' })
    .nullable()
    .default(null)
    .describe('YYYY-MM-DD, not in the past'),
  message: requiredText('Message', INSPECTION_REQUEST_MESSAGE_MAX),
});
export type CreateInspectionRequestBody = z.input<typeof createInspectionRequestBodySchema>;
export type CreateInspectionRequestValues = z.output<typeof createInspectionRequestBodySchema>;

// ---------------------------------------------------------------- admin

/** GET /api/inspection-requests (open first, then oldest first) */
export const inspectionRequestListQuerySchema = z.object({
  ...listPaging,
  status: blankToUndefined(inspectionRequestStatusSchema.optional()),
  search: searchQuery.describe("Substring of the site's name or code, or the client's name"),
});
export type InspectionRequestListQuery = Partial<z.input<typeof inspectionRequestListQuerySchema>>;
export type InspectionRequestListQueryValues = z.output<typeof inspectionRequestListQuerySchema>;

/**
 * POST /api/inspection-requests/:id/schedule: the same body as creating an assignment
 * (`POST /api/auth/create/assignments/admin`); the site must be the request's site.
 */
export const scheduleInspectionRequestBodySchema = createAssignmentBodySchema;
export type ScheduleInspectionRequestBody = z.input<typeof scheduleInspectionRequestBodySchema>;

export const scheduleInspectionRequestResponseSchema = z.object({
  request: inspectionRequestSchema,
  assignmentId: z.number().int(),
  message: z.string(),
});
export type ScheduleInspectionRequestResponse = z.infer<typeof scheduleInspectionRequestResponseSchema>;

/** POST /api/inspection-requests/:id/decline */
export const declineInspectionRequestBodySchema = z.object({
  reason: requiredText('Reason', INSPECTION_REQUEST_DECLINE_REASON_MAX),
});
export type DeclineInspectionRequestBody = z.input<typeof declineInspectionRequestBodySchema>;

// ---------------------------------------------------------------- client: corrective actions

export const portalActionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: correctiveActionStatusSchema,
  priority: correctiveActionPrioritySchema,
  overdue: z.boolean().describe('Open or in progress and due before today (UTC)'),
  dueOn: z.string().describe('YYYY-MM-DD'),
  site: siteRefSchema,
  equipment: unitRefSchema.nullable().describe('null for a site-level item'),
  inspectionId: z.number().int().nullable(),
  itemLabel: z.string().nullable(),
  ownedByYou: z.boolean().describe('You are its owner: you may upload evidence'),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type PortalAction = z.infer<typeof portalActionSchema>;

export const portalCommentSchema = z.object({
  id: z.number().int(),
  author: z.object({
    id: z.number().int(),
    name: z.string(),
    role: z.enum(['staff', 'you']),
  }),
  body: z.string(),
  photos: z.array(z.string()).describe('File URLs'),
  createdAt: isoDateTimeSchema,
});
export type PortalComment = z.infer<typeof portalCommentSchema>;

export const portalActionDetailSchema = portalActionSchema.extend({
  description: z.string().nullable(),
  comments: z
    .array(portalCommentSchema)
    .describe('Oldest first: yours, and the staff comments shared with you'),
});
export type PortalActionDetail = z.infer<typeof portalActionDetailSchema>;

/** GET /api/portal/actions (overdue first, then by due date) */
export const portalActionListQuerySchema = z.object({
  ...listPaging,
  siteId: blankToUndefined(idSchema.optional()),
  view: blankToUndefined(z.enum(['open', 'all']).default('open')).describe('open = open or in progress'),
});
export type PortalActionListQuery = Partial<z.input<typeof portalActionListQuerySchema>>;
export type PortalActionListQueryValues = z.output<typeof portalActionListQuerySchema>;

export const portalActionListResponseSchema = z.object({
  actions: z.array(portalActionSchema),
  pagination: paginationSchema,
});
export type PortalActionListResponse = z.infer<typeof portalActionListResponseSchema>;

/** GET /api/portal/actions/:id */
export const portalActionDetailResponseSchema = z.object({ action: portalActionDetailSchema });
export type PortalActionDetailResponse = z.infer<typeof portalActionDetailResponseSchema>;

/** POST /api/portal/actions/:id/comments */
export const portalCommentBodySchema = z.object({
  body: requiredText('Comment', PORTAL_COMMENT_MAX),
});
export type PortalCommentBody = z.input<typeof portalCommentBodySchema>;

/**
 * POST /api/portal/actions/:id/evidence: multipart/form-data with one image `file` (the same
 * limits as action photos) and an optional text field `note`; only for an action you own.
 */
export const portalEvidenceFieldsSchema = z.object({
  note: z
    .string()
    .trim()
    .max(PORTAL_EVIDENCE_NOTE_MAX, `Note must be at most ${PORTAL_EVIDENCE_NOTE_MAX} characters`)
    .default(''),
});

/** Both the comment and the evidence answer this. */
export const portalCommentMutationResponseSchema = z.object({
  comment: portalCommentSchema,
  message: z.string(),
});
export type PortalCommentMutationResponse = z.infer<typeof portalCommentMutationResponseSchema>;
