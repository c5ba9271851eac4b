import { z } from 'zod';
import { assignmentPrioritySchema, assignmentStatusSchema } from './assignments.js';
import {
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
} from './common.js';
import { isValidIsoDate } from './equipment.js';

/**
 * Recurring schedules (issue 19, docs/maintenance.md): for one site (all its equipment, some types,
 * or some units), with one template (or each type's default template), every N days/weeks/months
 * (or each type's own interval), assigned to one inspector (or the least loaded of a list), created
 * `leadDays` before each unit's due date by the planning job, once each.
 */

export const scheduleStatuses = ['active', 'paused', 'ended'] as const;
export const scheduleStatusSchema = z.enum(scheduleStatuses);
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

export const scheduleScopes = ['all', 'types', 'units'] as const;
export const scheduleScopeSchema = z.enum(scheduleScopes, { error: 'Scope must be all, types or units' });
export type ScheduleScope = z.infer<typeof scheduleScopeSchema>;

/** `type` = every equipment type's own inspection interval. */
export const scheduleIntervalUnits = ['days', 'weeks', 'months', 'type'] as const;
export const scheduleIntervalUnitSchema = z.enum(scheduleIntervalUnits, {
  error: 'Interval must be days, weeks, months or type',
});
export type ScheduleIntervalUnit = z.infer<typeof scheduleIntervalUnitSchema>;

export const scheduleAssigneeModes = ['inspector', 'least_loaded'] as const;
export const scheduleAssigneeModeSchema = z.enum(scheduleAssigneeModes, {
  error: 'Assignee must be inspector or least_loaded',
});

export const SCHEDULE_PREVIEW_DAYS_DEFAULT = 90;
export const SCHEDULE_PREVIEW_DAYS_MAX = 366;
export const SCHEDULE_CALENDAR_DAYS_MAX = 366;
export const SCHEDULE_NAME_MAX = 120;

function requiredDate(label: string) {
  return z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isValidIsoDate, { message: `${label} must be a date (YYYY-MM-DD)` });
}

const idListSchema = (label: string) =>
  z
    .array(idValueSchema, { error: `${label} must be a list of ids` })
    .max(500, `At most 500 ${label.toLowerCase()}`)
    .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------- objects

const ref = z.object({ id: z.number().int(), name: z.string() });

export const scheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: scheduleStatusSchema,
  site: z.object({ id: z.number().int(), name: z.string(), siteCode: z.string() }),
  scope: scheduleScopeSchema,
  equipmentTypes: z.array(ref).describe('scope = types'),
  equipment: z
    .array(z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() }))
    .describe('scope = units'),
  template: ref
    .extend({ version: z.number().int().nullable() })
    .nullable()
    .describe("null: each type's default template"),
  category: z.object({ id: z.number().int(), name: z.string(), colour: z.string() }),
  intervalUnit: scheduleIntervalUnitSchema,
  intervalCount: z.number().int().nullable().describe('null when intervalUnit is type'),
  assigneeMode: scheduleAssigneeModeSchema,
  inspectors: z.array(ref).describe('inspector: exactly one; least_loaded: the group to choose from'),
  leadDays: z.number().int().describe('Assignments are created this many days before the due date'),
  priority: assignmentPrioritySchema,
  startsOn: z.string().describe('YYYY-MM-DD: nothing is due before it'),
  endsOn: z.string().nullable().describe('YYYY-MM-DD: nothing is due after it'),
  createdAssignments: z.number().int().describe('Assignments the schedule created so far'),
  lastRunAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** One assignment the schedule would create (preview, calendar). */
export const plannedAssignmentSchema = z.object({
  scheduleId: z.number().int().nullable().describe('null in the preview of an unsaved schedule'),
  createOn: z.string().describe('The day the job creates it (dueOn - leadDays, not before today)'),
  scheduledFor: z.string(),
  dueOn: z.string(),
  site: z.object({ id: z.number().int(), name: z.string(), siteCode: z.string() }),
  template: z.object({ id: z.number().int(), name: z.string() }),
  inspector: ref
    .nullable()
    .describe('Who it would go to if created today; null when no inspector can take it'),
  equipment: z.array(z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() })),
});
export type PlannedAssignment = z.infer<typeof plannedAssignmentSchema>;

export const scheduleDetailSchema = scheduleSchema.extend({
  recentAssignments: z
    .array(
      z.object({
        id: z.number().int(),
        status: assignmentStatusSchema,
        dueOn: z.string(),
        inspector: ref,
        unitCount: z.number().int(),
      }),
    )
    .describe('The 20 latest assignments it created'),
  upcoming: z.array(plannedAssignmentSchema).describe('What it will create in the next 90 days'),
});
export type ScheduleDetail = z.infer<typeof scheduleDetailSchema>;

export const scheduleDetailResponseSchema = z.object({ schedule: scheduleDetailSchema });
export type ScheduleDetailResponse = z.infer<typeof scheduleDetailResponseSchema>;
export const scheduleMutationResponseSchema = z.object({
  schedule: scheduleDetailSchema,
  message: z.string(),
});
export type ScheduleMutationResponse = z.infer<typeof scheduleMutationResponseSchema>;

// ---------------------------------------------------------------- list

/** GET /api/schedules */
export const scheduleListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional().describe('Schedule name, site name or code'),
  status: scheduleStatusSchema.optional(),
  site_id: idSchema.optional(),
  inspector_id: idSchema.optional(),
});
export type ScheduleListQueryValues = z.output<typeof scheduleListQuerySchema>;
export type ScheduleListQuery = Partial<z.input<typeof scheduleListQuerySchema>>;

export const scheduleListResponseSchema = z.object({
  schedules: z.array(scheduleSchema),
  pagination: paginationSchema,
});
export type ScheduleListResponse = z.infer<typeof scheduleListResponseSchema>;

// ---------------------------------------------------------------- create / edit / preview

const scheduleFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(SCHEDULE_NAME_MAX, `Name must be at most ${SCHEDULE_NAME_MAX} characters`),
  siteId: idValueSchema,
  scope: scheduleScopeSchema.default('all'),
  equipmentTypeIds: idListSchema('Equipment types').default([]),
  equipmentIds: idListSchema('Units').default([]),
  templateId: idValueSchema.nullable().default(null).describe("null: each type's default template"),
  categoryId: idValueSchema,
  intervalUnit: scheduleIntervalUnitSchema.default('type'),
  intervalCount: z
    .number({ error: 'Interval must be a number' })
    .int('Interval must be a whole number')
    .min(1, 'Interval must be at least 1')
    .max(3650, 'Interval must be at most 3650')
    .nullable()
    .default(null),
  assigneeMode: scheduleAssigneeModeSchema.default('inspector'),
  inspectorIds: idListSchema('Inspectors'),
  leadDays: z
    .number({ error: 'Lead time must be a number of days' })
    .int('Lead time must be a whole number of days')
    .min(0, 'Lead time must be 0 or more days')
    .max(365, 'Lead time must be at most 365 days')
    .default(14),
  priority: assignmentPrioritySchema.default('normal'),
  startsOn: requiredDate('Start date').optional().describe('Default: today'),
  endsOn: requiredDate('End date').nullable().default(null),
};

type ScheduleShape = {
  scope: string;
  equipmentTypeIds: number[];
  equipmentIds: number[];
  intervalUnit: string;
  intervalCount: number | null;
  assigneeMode: string;
  inspectorIds: number[];
  startsOn?: string | undefined;
  endsOn: string | null;
};

function scheduleRules(v: ScheduleShape, ctx: z.RefinementCtx) {
  if (v.scope === 'types' && v.equipmentTypeIds.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['equipmentTypeIds'],
      message: 'Choose at least one equipment type',
    });
  if (v.scope === 'units' && v.equipmentIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['equipmentIds'], message: 'Choose at least one unit' });
  if (v.intervalUnit !== 'type' && v.intervalCount === null)
    ctx.addIssue({
      code: 'custom',
      path: ['intervalCount'],
      message: 'Say every how many days, weeks or months',
    });
  if (v.inspectorIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['inspectorIds'], message: 'Choose an inspector' });
  if (v.assigneeMode === 'inspector' && v.inspectorIds.length > 1)
    ctx.addIssue({
      code: 'custom',
      path: ['inspectorIds'],
      message: 'Choose one inspector (or least_loaded for a group)',
    });
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'End date cannot be before the start date' });
}

/** POST /api/schedules */
export const createScheduleBodySchema = z.object(scheduleFields).superRefine(scheduleRules);
export type CreateScheduleBody = z.input<typeof createScheduleBodySchema>;
export type CreateScheduleValues = z.output<typeof createScheduleBodySchema>;

/**
 * PATCH /api/schedules/:id: the same fields as create, all of them sent (the form's state). The
 * change applies to assignments not created yet; those already created stay as they are.
 */
export const updateScheduleBodySchema = z.object(scheduleFields).superRefine(scheduleRules);
export type UpdateScheduleBody = CreateScheduleBody;

/** POST /api/schedules/preview: what a schedule (saved or not) would create in the next `days`. */
export const schedulePreviewBodySchema = z
  .object({
    ...scheduleFields,
    name: scheduleFields.name.optional().default('Preview'),
    days: z
      .number({ error: 'Days must be a number' })
      .int()
      .min(1, 'Days must be at least 1')
      .max(SCHEDULE_PREVIEW_DAYS_MAX, `Days must be at most ${SCHEDULE_PREVIEW_DAYS_MAX}`)
      .default(SCHEDULE_PREVIEW_DAYS_DEFAULT),
  })
  .superRefine(scheduleRules);
export type SchedulePreviewBody = z.input<typeof schedulePreviewBodySchema>;
export type SchedulePreviewValues = z.output<typeof schedulePreviewBodySchema>;

export const schedulePreviewResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  assignments: z.array(plannedAssignmentSchema).describe('By createOn, then dueOn'),
  units: z.number().int().describe('Units in scope (in service)'),
  skipped: z
    .array(z.object({ equipmentId: z.number().int(), reason: z.string() }))
    .describe('Units the schedule cannot plan (no default template for their type, …)'),
});
export type SchedulePreviewResponse = z.infer<typeof schedulePreviewResponseSchema>;

// ---------------------------------------------------------------- calendar

/** GET /api/schedules/calendar?from=&to=&inspector_id= (at most 366 days) */
export const scheduleCalendarQuerySchema = z
  .object({
    from: requiredDate('From').optional().describe('Default: today'),
    to: requiredDate('To').optional().describe('Default: from + 89 days'),
    inspector_id: idSchema.optional(),
    site_id: idSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] });
export type ScheduleCalendarQuery = z.output<typeof scheduleCalendarQuerySchema>;

export const scheduleCalendarDaySchema = z.object({
  date: z.string(),
  assigned: z.array(
    z.object({
      assignmentId: z.number().int(),
      status: assignmentStatusSchema,
      overdue: z.boolean(),
      scheduleId: z.number().int().nullable(),
      site: z.object({ id: z.number().int(), name: z.string(), siteCode: z.string() }),
      inspector: ref,
      unitCount: z.number().int(),
    }),
  ),
  planned: z.array(plannedAssignmentSchema),
});
export type ScheduleCalendarDay = z.infer<typeof scheduleCalendarDaySchema>;

export const scheduleCalendarResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(scheduleCalendarDaySchema).describe('Every day of the range, by due date'),
  workload: z
    .array(
      z.object({
        inspector: ref,
        assigned: z.number().int().describe('Open assignments due in the range'),
        planned: z.number().int().describe('Planned (not yet created) assignments due in the range'),
        units: z.number().int().describe('Units over both'),
      }),
    )
    .describe('Per inspector, busiest first'),
});
export type ScheduleCalendarResponse = z.infer<typeof scheduleCalendarResponseSchema>;
