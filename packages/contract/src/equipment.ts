import { z } from 'zod';
import { fieldErrorSchema, INT32_MAX, idSchema, paginationSchema, sortSchema } from './common.js';
import { dueStatuses } from './equipment-due.js';
import { equipmentTypeOptionSchema } from './equipment-types.js';
import { exportIdsQuerySchema, exportQuerySchema } from './exports.js';
import {
  blankToUndefined,
  listPaging,
  optionalText,
  requiredId,
  requiredText,
  searchQuery,
} from './field-schemas.js';

/*
 * Equipment: the units installed at sites (screen /dashboard/equipment-management, API
 * auth/equipments*); the catalogue of their types is in equipment-types.ts. Both lists answer
 * `{ equipments, pagination }` (SPEC.md 3: "global equipment (response.equipments)").
 */

// ---------------------------------------------------------------- shared pieces

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
  'relevance',
] as const;

/** The filters shared by the list and the export. */
export const equipmentFilterQuerySchema = z.object({
  search: searchQuery.describe('Part of the asset tag, serial number, name, site name or equipment type'),
  site_id: blankToUndefined(idSchema.optional()),
  equipment_type_id: blankToUndefined(idSchema.optional()),
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
  sort: blankToUndefined(
    sortSchema(equipmentSortFields).describe(
      'Default: relevance while searching (exact asset tag or serial number, then one starting with the term, ' +
        'then the rest; most urgent first within each), else nextDueOn (most urgent first)',
    ),
  ),
  ...listPaging,
});
export type EquipmentListQuery = z.output<typeof equipmentListQuerySchema>;
export type EquipmentListParams = z.input<typeof equipmentListQuerySchema>;

export const equipmentExportQuerySchema = exportQuerySchema(
  equipmentFilterQuerySchema.extend({ ids: exportIdsQuerySchema }),
);
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
  site_id: blankToUndefined(idSchema.optional()).describe('Only this site'),
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

// ---------------------------------------------------------------- asset labels (docs/equipment.md)

/**
 * The path a unit's QR label opens, under the app's public address (PUBLIC_URL): `/u/<unit id>`.
 * The web app sends each role on from there (admin: the unit in the register; inspector: the unit's
 * checklist; client: the unit's site in the portal).
 */
export function unitLabelPath(id: number): string {
  return `/u/${id}`;
}

/** The unit id in a label's text: a full label URL, a `/u/<id>` path or the bare code; null otherwise. */
export function unitIdFromLabel(text: string): number | null {
  const match = /^(?:(?:https?:\/\/[^/\s]+)?\/u\/)?(\d{1,10})\/?$/i.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= INT32_MAX ? id : null;
}

/** Label sheet layouts on A4: columns x rows (3x8: 24 labels of 70 x 37 mm; 2x4: 8 of 105 x 74 mm). */
export const equipmentLabelLayouts = ['3x8', '2x4'] as const;
export type EquipmentLabelLayout = (typeof equipmentLabelLayouts)[number];

/**
 * The most labels one PDF prints (42 sheets of 24): a site with more units to label prints them in
 * parts of this many (by asset tag), one PDF each.
 */
export const EQUIPMENT_LABELS_MAX = 1000;

export const equipmentLabelsQuerySchema = z.object({
  ids: z
    .string()
    .max(12_000)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'A comma-separated list of unit ids, e.g. 12,15,40')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= INT32_MAX), 'Not a valid unit id')
    .refine((ids) => ids.length <= EQUIPMENT_LABELS_MAX, `At most ${EQUIPMENT_LABELS_MAX} units at once`)
    .optional()
    .describe('The units to print (comma-separated ids, all at this site); default: every unit not retired'),
  part: blankToUndefined(
    z.coerce
      .number({ error: 'Part must be a whole number from 1' })
      .int('Part must be a whole number from 1')
      .min(1, 'Part must be a whole number from 1')
      .max(INT32_MAX, 'Part is too large')
      .optional()
      .describe(
        `Without ids: which ${EQUIPMENT_LABELS_MAX} of the units not retired (by asset tag), part 2 being units ` +
          `${EQUIPMENT_LABELS_MAX + 1} to ${2 * EQUIPMENT_LABELS_MAX}. Needed when the site has more than ` +
          `${EQUIPMENT_LABELS_MAX}; the summary (GET .../equipment-labels) says how many parts there are`,
      ),
  ),
  layout: z.enum(equipmentLabelLayouts).default('3x8').describe('Labels per A4 sheet: columns x rows'),
});
export type EquipmentLabelsQuery = z.output<typeof equipmentLabelsQuerySchema>;

/** What "all units" of a site prints: how many units, in how many PDFs (parts) of at most `perPart`. */
export const equipmentLabelsSummarySchema = z.object({
  units: z.number().int().describe('Units at the site that are not retired'),
  perPart: z.number().int().describe(`At most this many labels a PDF (${EQUIPMENT_LABELS_MAX})`),
  parts: z.number().int().describe('PDFs needed for all of them (part=1..parts); 0 when there is nothing'),
});
export type EquipmentLabelsSummary = z.infer<typeof equipmentLabelsSummarySchema>;
