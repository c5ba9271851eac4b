import { z } from 'zod';
import { INT32_MAX, paginationSchema, sortSchema } from './common.js';
import { blankToUndefined, listPaging, optionalText, requiredText, searchQuery } from './field-schemas.js';

/*
 * Equipment types: the global catalogue of equipment types (screen /dashboard/orders, API
 * auth/global-equipment/*), each with its inspection interval and default checklist.
 */

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
  .max(INT32_MAX, 'Default template must be a template id')
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
  'relevance',
] as const;

export const equipmentTypeListQuerySchema = z.object({
  search: searchQuery.describe('Part of the name, category, manufacturer or model'),
  category: blankToUndefined(z.string().trim().max(80).optional()),
  status: blankToUndefined(equipmentTypeStatusSchema.optional()),
  sort: blankToUndefined(
    sortSchema(equipmentTypeSortFields).describe(
      'Default: relevance while searching (the exact name, then names starting with the term, then the rest; ' +
        'by name within each), else name',
    ),
  ),
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
