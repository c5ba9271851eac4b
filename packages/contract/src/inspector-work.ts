import { z } from 'zod';
import { assignmentPrioritySchema, assignmentStatusSchema } from './assignments.js';
import { idValueSchema, isoDateTimeSchema } from './common.js';
import { answerValueSchema, inspectionSummarySchema } from './inspections.js';
import { contentKeySchema, templateContentSchema } from './template-content.js';
import { submitDeviceSchema } from './verification.js';

/**
 * Inspector work: the inspector's side of an assignment (their list, the form, progress, submit,
 * uploads). What a submit records is read back through inspections.ts.
 */

export const MAX_PHOTOS_PER_ITEM = 10;
/** POST /api/inspector/uploads refuses bigger files with 413 (phone photos; the client may shrink first). */
export const INSPECTION_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Stored inspection photos and signatures are re-encoded to at most this many pixels on the longer side. */
export const INSPECTION_IMAGE_MAX_SIDE = 1600;

/** Answers of one unit, keyed by template item key. */
export const unitAnswersSchema = z.object({
  equipmentId: idValueSchema.nullable().describe('null for a site-level assignment'),
  answers: z.record(contentKeySchema, answerValueSchema),
});
export type UnitAnswers = z.infer<typeof unitAnswersSchema>;

/** PUT /api/inspector/assignments/:id/progress and POST .../submit */
export const inspectionAnswersBodySchema = z.object({
  units: z.array(unitAnswersSchema).max(500),
  remarks: z
    .string()
    .trim()
    .max(2000, 'Remarks must be at most 2000 characters')
    .nullish()
    .transform((v) => v || null),
});
export type InspectionAnswersBody = z.input<typeof inspectionAnswersBodySchema>;

/** POST …/submit: the answers, and what the device said (time, position) to seal with them. */
export const inspectionSubmitBodySchema = inspectionAnswersBodySchema.extend({
  device: submitDeviceSchema.nullish(),
});
export type InspectionSubmitBody = z.input<typeof inspectionSubmitBodySchema>;
export type InspectionAnswersValues = z.output<typeof inspectionAnswersBodySchema>;

export const inspectorAssignmentViews = ['today', 'upcoming', 'overdue', 'all'] as const;

/** GET /api/inspector/assignments?view= */
export const inspectorAssignmentsQuerySchema = z.object({
  view: z.enum(inspectorAssignmentViews).default('all'),
});

/** One open assignment as the inspector sees it in their list. */
export const inspectorAssignmentSchema = z.object({
  id: z.number().int(),
  status: assignmentStatusSchema,
  overdue: z.boolean(),
  priority: assignmentPrioritySchema,
  scheduledFor: z.string(),
  dueOn: z.string(),
  notes: z.string().nullable(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    siteCode: z.string(),
    address: z.string().nullable().describe('One line: street, city, postcode'),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
  }),
  category: z.object({ id: z.number().int(), name: z.string(), colour: z.string() }),
  template: z.object({ id: z.number().int(), name: z.string(), version: z.number().int() }),
  unitCount: z.number().int(),
});
export type InspectorAssignment = z.infer<typeof inspectorAssignmentSchema>;

export const inspectorAssignmentsResponseSchema = z.object({
  assignments: z.array(inspectorAssignmentSchema).describe('Open assignments, overdue and soonest due first'),
});
export type InspectorAssignmentsResponse = z.infer<typeof inspectorAssignmentsResponseSchema>;

/** GET /api/inspector/assignments/:id: everything needed to fill the form, offline afterwards. */
export const inspectorAssignmentDetailSchema = inspectorAssignmentSchema.extend({
  content: templateContentSchema.describe('The pinned template version'),
  units: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      assetTag: z.string(),
      serialNumber: z.string().nullable(),
      type: z.string().nullable(),
      location: z.string().nullable(),
    }),
  ),
  progress: z
    .object({
      units: z.array(unitAnswersSchema),
      remarks: z.string().nullable(),
      savedAt: isoDateTimeSchema,
    })
    .nullable()
    .describe('The answers saved so far, or null before the first save'),
});
export type InspectorAssignmentDetail = z.infer<typeof inspectorAssignmentDetailSchema>;

export const inspectorAssignmentDetailResponseSchema = z.object({
  assignment: inspectorAssignmentDetailSchema,
});
export type InspectorAssignmentDetailResponse = z.infer<typeof inspectorAssignmentDetailResponseSchema>;

/** PUT .../progress answer. */
export const inspectionProgressResponseSchema = z.object({ savedAt: isoDateTimeSchema, message: z.string() });
export type InspectionProgressResponse = z.infer<typeof inspectionProgressResponseSchema>;

/** POST .../submit answer. */
export const inspectionSubmitResponseSchema = z.object({
  inspection: inspectionSummarySchema,
  message: z.string(),
});
export type InspectionSubmitResponse = z.infer<typeof inspectionSubmitResponseSchema>;

/** POST /api/inspector/uploads (multipart, one image): the URL to put in a photo or signature answer. */
export const inspectionUploadResponseSchema = z.object({ url: z.string() });
export type InspectionUploadResponse = z.infer<typeof inspectionUploadResponseSchema>;

/**
 * GET /api/inspector/units/:id: where a scanned asset label takes the inspector, their open
 * assignment covering the unit (one in progress first, then the soonest due).
 */
export const inspectorUnitResponseSchema = z.object({
  assignmentId: z.number().int(),
  unit: z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() }),
});
export type InspectorUnitResponse = z.infer<typeof inspectorUnitResponseSchema>;

/** The 404 message when none of the inspector's open assignments covers the scanned unit. */
export const NO_OPEN_WORK_FOR_UNIT = 'You have no open inspection for this unit';
