import { z } from 'zod';
import { isoDateTimeSchema, paginationQuerySchema, paginationSchema, sortSchema } from './common.js';

/** Colours are stored as `#rrggbb` (lower case), the form a colour picker gives. */
export const hexColourSchema = z
  .string({ error: 'Colour is required' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #1f5fa6')
  .transform((c) => c.toLowerCase());

/** The colours offered as swatches in the category form (each keeps AA contrast as a badge). */
export const CATEGORY_COLOUR_SWATCHES = [
  '#1f5fa6',
  '#2b8a3e',
  '#c92a2a',
  '#e67700',
  '#862e9c',
  '#0b7285',
  '#5c940d',
  '#495057',
] as const;

export const inspectionCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  colour: z.string().describe('#rrggbb'),
  active: z.boolean(),
  templateCount: z.number().int().describe('Templates filed under this category'),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type InspectionCategory = z.infer<typeof inspectionCategorySchema>;

const categoryName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Keep the name under 80 characters');
const categoryDescription = z
  .string()
  .trim()
  .max(500, 'Keep the description under 500 characters')
  .transform((d) => (d === '' ? null : d))
  .nullable()
  .optional();

export const createInspectionCategoryBodySchema = z.object({
  name: categoryName,
  description: categoryDescription,
  colour: hexColourSchema,
  active: z.boolean().default(true),
});
export type CreateInspectionCategoryBody = z.input<typeof createInspectionCategoryBodySchema>;

/** Any subset of the fields; `{ active: false }` deactivates. */
export const updateInspectionCategoryBodySchema = z
  .object({
    name: categoryName.optional(),
    description: categoryDescription,
    colour: hexColourSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Send at least one field to change',
  });
export type UpdateInspectionCategoryBody = z.input<typeof updateInspectionCategoryBodySchema>;

export const inspectionCategoryStatusFilters = ['active', 'inactive', 'all'] as const;

export const inspectionCategoryListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(inspectionCategoryStatusFilters).default('all'),
  sort: sortSchema(['name', 'createdAt', 'updatedAt']),
});
export type InspectionCategoryListQuery = z.input<typeof inspectionCategoryListQuerySchema>;
export type InspectionCategoryListQueryValues = z.output<typeof inspectionCategoryListQuerySchema>;

export const inspectionCategoryListResponseSchema = z.object({
  categories: z.array(inspectionCategorySchema),
  pagination: paginationSchema,
});
export type InspectionCategoryListResponse = z.infer<typeof inspectionCategoryListResponseSchema>;

export const inspectionCategoryResponseSchema = z.object({ category: inspectionCategorySchema });
export type InspectionCategoryResponse = z.infer<typeof inspectionCategoryResponseSchema>;

export const inspectionCategoryMutationResponseSchema = z.object({
  category: inspectionCategorySchema,
  message: z.string(),
});
export type InspectionCategoryMutationResponse = z.infer<typeof inspectionCategoryMutationResponseSchema>;
