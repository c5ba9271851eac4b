import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  fieldErrorSchema,
  MAX_PAGE_SIZE,
  paginationSchema,
  sortSchema,
} from './common.js';
import { dueStatuses } from './equipment-due.js';
import { exportQuerySchema } from './exports.js';

/*
 * Equipment: the global catalogue of equipment types (screen /dashboard/orders, API
 * auth/global-equipment/*) and the units installed at sites (screen /dashboard/equipment-management,
 * API auth/equipments*). Both lists answer `{ equipments, pagination }` (SPEC.md 3: "global
 * equipment (response.equipments)").
 */

// ---------------------------------------------------------------- shared pieces

/** Query strings may carry empty values (`?status=`): they mean "no filter". */
function blankToUndefined<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

const listPaging = {
  page: blankToUndefined(z.coerce.number().int().min(1).default(1)),
  limit: blankToUndefined(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
};

const searchQuery = blankToUndefined(z.string().trim().max(100, 'Search is too long').optional());

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: blank becomes null (cleared); absent stays undefined (unchanged, on updates). */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** A required id picked from a list; an empty picker ('' or null) reads as "required". */
function requiredId(label: string) {
  return z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} is required`)
    .positive(`${label} is required`);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional calendar date (YYYY-MM-DD); blank clears it. */
function optionalDate(label: string) {
  return z
    .string({ error: `${label} must be a date` })
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .refine((value) => value === undefined || value === null || isValidIsoDate(value), {
      message: `${label} must be a date (YYYY-MM-DD)`,
    });
}

/** An optional instant: a date (read as midnight UTC) or an ISO date-time; blank clears it. */
function optionalInstant(label: string) {
  return z
    .string({ error: `${label} must be a date` })
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .refine(
      (value) =>
        value === undefined ||
        value === null ||
        isValidIsoDate(value) ||
        (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))),
      { message: `${label} must be a date (YYYY-MM-DD)` },
    );
}

// ---------------------------------------------------------------- equipment types (catalogue)

export const equipmentTypeStatuses = ['active', 'archived'] as const;
export const equipmentTypeStatusSchema = z.enum(equipmentTypeStatuses);
export type EquipmentTypeStatus = z.infer<typeof equipmentTypeStatusSchema>;

export const INSPECTION_INTERVAL_MAX_DAYS = 3650;

const inspectionIntervalDays = z.coerce
  .number({ error: 'Inspection interval is required' })
  .int('Inspection interval must be a whole number of days')
  .min(1, 'Inspection interval must be at least 1 day')
  .max(INSPECTION_INTERVAL_MAX_DAYS, 'Inspection interval must be at most 3650 days (10 years)');

/** Templates arrive with Template Management; until then the id is kept as given. */
const defaultTemplateId = z
  .number({ error: 'Default template must be a template id' })
  .int()
  .positive()
  .nullish()
  .describe('Template used by default for inspections of this type (null: none)');

export const equipmentTypeCreateBodySchema = z.object({
  name: requiredText('Name', 120),
  category: requiredText('Category', 80),
  manufacturer: optionalText('Manufacturer', 120),
  model: optionalText('Model', 120),
  description: optionalText('Description', 2000),
  inspectionIntervalDays,
  defaultTemplateId,
  status: equipmentTypeStatusSchema.optional(),
});
export type EquipmentTypeCreateBody = z.input<typeof equipmentTypeCreateBodySchema>;
export type EquipmentTypeCreateValues = z.output<typeof equipmentTypeCreateBodySchema>;

/** Any subset of the fields; archive and restore are `{ status }`. */
export const equipmentTypeUpdateBodySchema = equipmentTypeCreateBodySchema.partial();
export type EquipmentTypeUpdateBody = z.input<typeof equipmentTypeUpdateBodySchema>;
export type EquipmentTypeUpdateValues = z.output<typeof equipmentTypeUpdateBodySchema>;

export const equipmentTypeSortFields = [
  'name',
  'category',
  'inspectionIntervalDays',
  'installedCount',
  'createdAt',
] as const;

export const equipmentTypeListQuerySchema = z.object({
  search: searchQuery.describe('Part of the name, category, manufacturer or model'),
  category: blankToUndefined(z.string().trim().max(80).optional()),
  status: blankToUndefined(equipmentTypeStatusSchema.optional()),
  sort: blankToUndefined(sortSchema(equipmentTypeSortFields)),
  ...listPaging,
});
export type EquipmentTypeListQuery = z.output<typeof equipmentTypeListQuerySchema>;

export const equipmentTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  defaultTemplateId: z.number().int().nullable(),
  inspectionIntervalDays: z.number().int(),
  status: equipmentTypeStatusSchema,
  installedCount: z.number().int().describe('Units of this type installed at sites (not retired)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;

export const equipmentTypeListResponseSchema = z.object({
  equipments: z.array(equipmentTypeSchema),
  pagination: paginationSchema,
});
export type EquipmentTypeListResponse = z.infer<typeof equipmentTypeListResponseSchema>;

export const equipmentTypeMutationResponseSchema = z.object({
  equipmentType: equipmentTypeSchema,
  message: z.string(),
});
export type EquipmentTypeMutationResponse = z.infer<typeof equipmentTypeMutationResponseSchema>;

export const equipmentTypeCategoriesResponseSchema = z.object({
  categories: z.array(z.string()).describe('Categories in use, alphabetical'),
});
export type EquipmentTypeCategoriesResponse = z.infer<typeof equipmentTypeCategoriesResponseSchema>;

export const equipmentTypeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  inspectionIntervalDays: z.number().int(),
  status: equipmentTypeStatusSchema,
  /** The template currently set as this type's default checklist, if any. */
  defaultTemplateId: z.number().int().nullable(),
});
export type EquipmentTypeOption = z.infer<typeof equipmentTypeOptionSchema>;

export const equipmentTypeOptionsQuerySchema = z.object({
  search: searchQuery,
  include_archived: blankToUndefined(
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  ),
});
export const equipmentTypeOptionsResponseSchema = z.object({
  equipmentTypes: z.array(equipmentTypeOptionSchema).describe('At most 200, alphabetical'),
});
export type EquipmentTypeOptionsResponse = z.infer<typeof equipmentTypeOptionsResponseSchema>;

// ---------------------------------------------------------------- installed equipment

export const equipmentStatuses = ['in_service', 'out_of_service', 'retired'] as const;
export const equipmentStatusSchema = z.enum(equipmentStatuses);
export type EquipmentStatus = z.infer<typeof equipmentStatusSchema>;

export const equipmentStatusLabels: Record<EquipmentStatus, string> = {
  in_service: 'In service',
  out_of_service: 'Out of service',
  retired: 'Retired',
};

/**
 * The list's status filter: one status, or `installed` (in service or out of service: every unit
 * not retired, what the home screen's "Equipment installed" figure counts).
 */
export const equipmentStatusFilters = ['installed', ...equipmentStatuses] as const;
export type EquipmentStatusFilter = (typeof equipmentStatusFilters)[number];
export const equipmentStatusFilterLabels: Record<EquipmentStatusFilter, string> = {
  installed: 'Installed (not retired)',
  ...equipmentStatusLabels,
};

export const dueStatusSchema = z.enum(dueStatuses);
export const dueStatusLabels: Record<(typeof dueStatuses)[number], string> = {
  overdue: 'Overdue',
  due_soon: 'Due in 30 days',
  ok: 'OK',
};

export const equipmentCreateBodySchema = z.object({
  siteId: requiredId('Site'),
  equipmentTypeId: requiredId('Equipment type'),
  assetTag: requiredText('Asset tag', 60),
  name: requiredText('Name', 160),
  serialNumber: optionalText('Serial number', 80),
  location: optionalText('Location', 200),
  installedOn: optionalDate('Installed on'),
  lastInspectedAt: optionalInstant('Last inspected'),
  status: equipmentStatusSchema.optional(),
  isCritical: z.boolean({ error: 'Critical must be true or false' }).optional(),
});
export type EquipmentCreateBody = z.input<typeof equipmentCreateBodySchema>;
export type EquipmentCreateValues = z.output<typeof equipmentCreateBodySchema>;

/** Any subset; a new siteId moves the unit to another site (audited as a move). */
export const equipmentUpdateBodySchema = equipmentCreateBodySchema.partial();
export type EquipmentUpdateBody = z.input<typeof equipmentUpdateBodySchema>;
export type EquipmentUpdateValues = z.output<typeof equipmentUpdateBodySchema>;

export const equipmentSortFields = [
  'nextDueOn',
  'assetTag',
  'name',
  'serialNumber',
  'installedOn',
  'status',
  'createdAt',
] as const;

/** The filters shared by the list and the export. */
export const equipmentFilterQuerySchema = z.object({
  search: searchQuery.describe('Part of the asset tag, serial number, name, site name or equipment type'),
  site_id: blankToUndefined(z.coerce.number().int().positive().optional()),
  equipment_type_id: blankToUndefined(z.coerce.number().int().positive().optional()),
  status: blankToUndefined(
    z
      .enum(equipmentStatusFilters)
      .optional()
      .describe('One status, or installed: in service and out of service (every unit not retired)'),
  ),
  due: blankToUndefined(
    dueStatusSchema
      .optional()
      .describe(
        'overdue: due before today; due_soon: due within 30 days; ok: due later. Retired units have no due date',
      ),
  ),
});
export type EquipmentFilterQuery = z.output<typeof equipmentFilterQuerySchema>;

export const equipmentListQuerySchema = equipmentFilterQuerySchema.extend({
  sort: blankToUndefined(sortSchema(equipmentSortFields).describe('Default: nextDueOn (most urgent first)')),
  ...listPaging,
});
export type EquipmentListQuery = z.output<typeof equipmentListQuerySchema>;
export type EquipmentListParams = z.input<typeof equipmentListQuerySchema>;

export const equipmentExportQuerySchema = exportQuerySchema(equipmentFilterQuerySchema);
export type EquipmentExportQuery = z.output<typeof equipmentExportQuerySchema>;

export const equipmentSiteRefSchema = z.object({
  id: z.number().int(),
  siteCode: z.string(),
  name: z.string(),
  status: z.enum(['draft', 'active', 'inactive']),
});
export type EquipmentSiteRef = z.infer<typeof equipmentSiteRefSchema>;

export const equipmentSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  site: equipmentSiteRefSchema,
  equipmentTypeId: z.number().int(),
  equipmentType: equipmentTypeOptionSchema,
  assetTag: z.string(),
  serialNumber: z.string().nullable(),
  name: z.string(),
  location: z.string().nullable(),
  installedOn: z.string().nullable().describe('YYYY-MM-DD'),
  status: equipmentStatusSchema,
  isCritical: z.boolean(),
  lastInspectedAt: z.string().nullable(),
  nextDueOn: z.string().nullable().describe('YYYY-MM-DD; null for retired units'),
  dueStatus: dueStatusSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const equipmentListResponseSchema = z.object({
  equipments: z.array(equipmentSchema),
  pagination: paginationSchema,
});
export type EquipmentListResponse = z.infer<typeof equipmentListResponseSchema>;

export const equipmentMutationResponseSchema = z.object({
  equipment: equipmentSchema,
  message: z.string(),
});
export type EquipmentMutationResponse = z.infer<typeof equipmentMutationResponseSchema>;

export const equipmentHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type EquipmentHistoryEntry = z.infer<typeof equipmentHistoryEntrySchema>;

export const equipmentDetailsResponseSchema = z.object({
  equipment: equipmentSchema,
  history: z.array(equipmentHistoryEntrySchema).describe('The 20 latest changes, newest first'),
});
export type EquipmentDetailsResponse = z.infer<typeof equipmentDetailsResponseSchema>;

export const siteOptionsQuerySchema = z.object({
  search: searchQuery.describe('Part of the site code or name'),
  site_id: blankToUndefined(z.coerce.number().int().positive().optional()).describe('Only this site'),
});
export type SiteOptionsQuery = z.output<typeof siteOptionsQuerySchema>;
export const siteOptionsResponseSchema = z.object({
  sites: z.array(equipmentSiteRefSchema).describe('At most 50, by site code'),
});
export type SiteOptionsResponse = z.infer<typeof siteOptionsResponseSchema>;

// ---------------------------------------------------------------- bulk import

export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The columns of the import sheet, in order; the template uses these headings. */
export const importColumns = [
  { key: 'assetTag', heading: 'Asset tag', required: true },
  { key: 'equipmentType', heading: 'Equipment type', required: true },
  { key: 'name', heading: 'Name', required: false },
  { key: 'serialNumber', heading: 'Serial number', required: false },
  { key: 'location', heading: 'Location', required: false },
  { key: 'installedOn', heading: 'Installed on', required: false },
  { key: 'lastInspectedAt', heading: 'Last inspected on', required: false },
  { key: 'status', heading: 'Status', required: false },
  { key: 'isCritical', heading: 'Critical', required: false },
] as const;
export type ImportColumnKey = (typeof importColumns)[number]['key'];

export const importQuerySchema = z.object({
  site_id: requiredId('Site').describe('The site every row is added to'),
});

export const importRowSchema = z.object({
  rowNumber: z.number().int().describe('Row number in the sheet (the heading row is 1)'),
  values: z.object({
    assetTag: z.string(),
    equipmentType: z.string(),
    name: z.string(),
    serialNumber: z.string(),
    location: z.string(),
    installedOn: z.string(),
    lastInspectedAt: z.string(),
    status: z.string(),
    isCritical: z.string(),
  }),
  errors: z.array(fieldErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewResponseSchema = z.object({
  site: equipmentSiteRefSchema,
  fileName: z.string(),
  rows: z.array(importRowSchema),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importResponseSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importRowSchema).describe('The rows that were skipped, with their problems'),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
