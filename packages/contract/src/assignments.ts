import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
  sortSchema,
} from './common.js';
import { isValidIsoDate } from './equipment.js';
import { requiredId } from './field-schemas.js';

// ---------------------------------------------------------------- values

export const assignmentStatuses = ['assigned', 'in_progress', 'completed', 'cancelled'] as const;
export const assignmentStatusSchema = z.enum(assignmentStatuses);
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>;

export const assignmentPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export const assignmentPrioritySchema = z.enum(assignmentPriorities, {
  error: 'Priority must be low, normal, high or urgent',
});
export type AssignmentPriority = z.infer<typeof assignmentPrioritySchema>;

export const ASSIGNMENT_NOTES_MAX = 2000;
export const CANCEL_REASON_MAX = 500;

function requiredDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isValidIsoDate, { message: `${label} must be a date (YYYY-MM-DD)` });
}

const notesSchema = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(ASSIGNMENT_NOTES_MAX, `Notes must be at most ${ASSIGNMENT_NOTES_MAX} characters`)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

const equipmentIdsSchema = z
  .array(idSchema, { error: 'Equipment must be a list of units' })
  .max(500, 'At most 500 units per assignment')
  .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------- objects

export const assignmentSchema = z.object({
  id: z.number().int(),
  status: assignmentStatusSchema,
  overdue: z.boolean().describe('Open (assigned or in progress) and due before today (UTC)'),
  priority: assignmentPrioritySchema,
  scheduledFor: z.string().describe('YYYY-MM-DD'),
  dueOn: z.string().describe('YYYY-MM-DD'),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    siteCode: z.string(),
    city: z.string().nullable(),
  }),
  inspector: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  category: z.object({ id: z.number().int(), name: z.string(), colour: z.string() }),
  template: z.object({ id: z.number().int(), name: z.string(), version: z.number().int() }),
  equipment: z
    .array(z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() }))
    .describe('The units to inspect; empty means a site-level inspection'),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  startedAt: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentMutationResponseSchema = z.object({
  assignment: assignmentSchema,
  message: z.string(),
});
export type AssignmentMutationResponse = z.infer<typeof assignmentMutationResponseSchema>;

// ---------------------------------------------------------------- inspectors (picker)

export const inspectorOptionsQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe('Substring of the name or email'),
});
export type InspectorOptionsQuery = z.infer<typeof inspectorOptionsQuerySchema>;

export const inspectorOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  openAssignments: z.number().int().describe('Assigned or in-progress assignments'),
});
export type InspectorOption = z.infer<typeof inspectorOptionSchema>;

/** GET /api/auth/inspectors */
export const inspectorOptionsResponseSchema = z.object({
  inspectors: z.array(inspectorOptionSchema).describe('Active inspectors, least busy first'),
});
export type InspectorOptionsResponse = z.infer<typeof inspectorOptionsResponseSchema>;

// ---------------------------------------------------------------- create

/** POST /api/auth/create/assignments/admin */
export const createAssignmentBodySchema = z
  .object({
    siteId: requiredId('Site'),
    inspectorId: requiredId('Inspector'),
    categoryId: requiredId('Category'),
    templateId: requiredId('Template'),
    equipmentScope: z
      .enum(['all', 'selected'], { error: 'Equipment scope must be all or selected' })
      .default('all'),
    equipmentIds: equipmentIdsSchema.default([]),
    scheduledFor: requiredDate('Scheduled date'),
    dueOn: requiredDate('Due date'),
    priority: assignmentPrioritySchema.default('normal'),
    notes: notesSchema,
  })
  .superRefine((value, ctx) => {
    if (value.scheduledFor && value.dueOn && value.dueOn < value.scheduledFor)
      ctx.addIssue({
        code: 'custom',
        path: ['dueOn'],
        message: 'Due date cannot be before the scheduled date',
      });
    if (value.equipmentScope === 'selected' && value.equipmentIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['equipmentIds'], message: 'Choose at least one unit' });
  });
export type CreateAssignmentBody = z.input<typeof createAssignmentBodySchema>;
export type CreateAssignmentValues = z.output<typeof createAssignmentBodySchema>;

// ---------------------------------------------------------------- update

/** PUT /api/auth/assignments/update/admin/:id: reschedule, reassign, change priority or cancel. */
export const updateAssignmentBodySchema = z
  .object({
    inspectorId: requiredId('Inspector').optional(),
    scheduledFor: requiredDate('Scheduled date').optional(),
    dueOn: requiredDate('Due date').optional(),
    priority: assignmentPrioritySchema.optional(),
    notes: notesSchema,
    equipmentIds: equipmentIdsSchema.optional(),
    status: z.literal('cancelled', { error: 'Status can only be set to cancelled' }).optional(),
    cancelReason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.scheduledFor && value.dueOn && value.dueOn < value.scheduledFor)
      ctx.addIssue({
        code: 'custom',
        path: ['dueOn'],
        message: 'Due date cannot be before the scheduled date',
      });
    if (value.status === 'cancelled' && !value.cancelReason)
      ctx.addIssue({ code: 'custom', path: ['cancelReason'], message: 'Give a reason for cancelling' });
  });
export type UpdateAssignmentBody = z.input<typeof updateAssignmentBodySchema>;
export type UpdateAssignmentValues = z.output<typeof updateAssignmentBodySchema>;

// ---------------------------------------------------------------- list

export const assignmentListStatuses = [
  'active',
  'assigned',
  'in_progress',
  'completed',
  'cancelled',
  'all',
] as const;
export const assignmentSortFields = [
  'dueOn',
  'scheduledFor',
  'priority',
  'createdAt',
  'site',
  'inspector',
  'relevance',
] as const;

const booleanQuery = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** GET /api/auth/get/active/assignments */
export const assignmentListQuerySchema = paginationQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      'Substring of the site name, code or city, the inspector name, or the template name; or the id',
    ),
  status: z.enum(assignmentListStatuses).default('active').describe('active = assigned or in progress'),
  inspector_id: idSchema.optional(),
  site_id: idSchema.optional(),
  overdue: booleanQuery.describe('true: only open assignments due before today'),
  sort: sortSchema(assignmentSortFields).describe(
    'Default: relevance while searching (the id or the exact SiteId no., then a SiteId no., site name, city, ' +
      'inspector or template name starting with the term, then the rest; due first within each), else dueOn',
  ),
});
export type AssignmentListQueryValues = z.output<typeof assignmentListQuerySchema>;
export type AssignmentListQuery = Partial<z.input<typeof assignmentListQuerySchema>>;

export const assignmentListResponseSchema = z.object({
  assigned_sites: z.array(assignmentSchema),
  pagination: paginationSchema,
});
export type AssignmentListResponse = z.infer<typeof assignmentListResponseSchema>;
