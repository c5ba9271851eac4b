import { z } from 'zod';
import {
  INT32_MAX,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
  sortSchema,
} from './common.js';
import { templateContentSchema } from './template-content.js';

/**
 * A template is the stable identity (name, category, equipment types, status); its checklist lives
 * in numbered versions. A published version never changes: editing a published template works on
 * a new draft version, and inspections keep the version they were done with.
 */

export const templateStatuses = ['draft', 'published', 'archived'] as const;
export const templateStatusSchema = z.enum(templateStatuses);
export type TemplateStatus = z.infer<typeof templateStatusSchema>;

export const templateVersionStatuses = ['draft', 'published'] as const;
export const templateVersionStatusSchema = z.enum(templateVersionStatuses);
export type TemplateVersionStatus = z.infer<typeof templateVersionStatusSchema>;

export const personRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const templateCategoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
  active: z.boolean(),
});
export type TemplateCategoryRef = z.infer<typeof templateCategoryRefSchema>;

export const templateEquipmentTypeRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  /** This template is the type's default checklist. */
  isDefault: z.boolean(),
});
export type TemplateEquipmentTypeRef = z.infer<typeof templateEquipmentTypeRefSchema>;

export const templateSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: templateStatusSchema,
  category: templateCategoryRefSchema.nullable(),
  equipmentTypes: z.array(templateEquipmentTypeRefSchema),
  /** The version inspections use now (the latest published one), if any. */
  publishedVersion: z.number().int().nullable(),
  /** The version number of the draft being edited, if any. */
  draftVersion: z.number().int().nullable(),
  latestVersion: z.number().int(),
  sectionCount: z.number().int().describe('In the published version, or the draft when never published'),
  itemCount: z.number().int(),
  publishedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateVersionSummarySchema = z.object({
  version: z.number().int(),
  status: templateVersionStatusSchema,
  /** Set on publishing: what changed, in the publisher's words. */
  changeNote: z.string().nullable(),
  sectionCount: z.number().int(),
  itemCount: z.number().int(),
  /** Saves of a draft; a client sends it back to detect someone else's save in between. */
  revision: z.number().int(),
  createdAt: isoDateTimeSchema,
  createdBy: personRefSchema.nullable(),
  updatedAt: isoDateTimeSchema,
  updatedBy: personRefSchema.nullable(),
  publishedAt: isoDateTimeSchema.nullable(),
  publishedBy: personRefSchema.nullable(),
});
export type TemplateVersionSummary = z.infer<typeof templateVersionSummarySchema>;

export const templateVersionSchema = templateVersionSummarySchema.extend({
  templateId: z.number().int(),
  content: templateContentSchema,
});
export type TemplateVersion = z.infer<typeof templateVersionSchema>;

export const templateDetailSchema = templateSummarySchema.extend({
  createdBy: personRefSchema.nullable(),
  archivedAt: isoDateTimeSchema.nullable(),
  /** The version the builder opens: the draft when there is one, else the latest published. */
  current: templateVersionSchema,
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const templateName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Keep the name under 120 characters');
const templateDescription = z
  .string()
  .trim()
  .max(1000, 'Keep the description under 1000 characters')
  .transform((d) => (d === '' ? null : d))
  .nullable()
  .optional();
const idList = z
  .array(idValueSchema)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

const templateDetailsFields = {
  name: templateName,
  description: templateDescription,
  categoryId: idValueSchema.nullable().optional(),
  equipmentTypeIds: idList.default([]),
  /** Equipment types (among equipmentTypeIds) whose default checklist this template becomes. */
  defaultForEquipmentTypeIds: idList.default([]),
};

function defaultsAreLinked(body: { equipmentTypeIds?: number[]; defaultForEquipmentTypeIds?: number[] }) {
  const linked = new Set(body.equipmentTypeIds ?? []);
  return (body.defaultForEquipmentTypeIds ?? []).every((id) => linked.has(id));
}
const defaultsMessage = {
  message: 'A template can only be the default for equipment types it is linked to',
  path: ['defaultForEquipmentTypeIds'],
};

export const createTemplateBodySchema = z
  .object({ ...templateDetailsFields, content: templateContentSchema.optional() })
  .refine(defaultsAreLinked, defaultsMessage);
export type CreateTemplateBody = z.input<typeof createTemplateBodySchema>;

/** The template's details (not its checklist, which is versioned): editable in any state but archived. */
export const updateTemplateBodySchema = z
  .object(templateDetailsFields)
  .refine(defaultsAreLinked, defaultsMessage);
export type UpdateTemplateBody = z.input<typeof updateTemplateBodySchema>;

export const saveTemplateDraftBodySchema = z.object({
  content: templateContentSchema,
  /**
   * The draft's revision this edit started from; when someone saved in between the answer is 409.
   * Leave it out when starting a new draft from a published version.
   */
  revision: z.number().int().min(0).max(INT32_MAX).optional(),
});
export type SaveTemplateDraftBody = z.input<typeof saveTemplateDraftBodySchema>;

export const publishTemplateBodySchema = z.object({
  changeNote: z
    .string()
    .trim()
    .max(500, 'Keep the note under 500 characters')
    .transform((n) => (n === '' ? null : n))
    .nullable()
    .optional(),
  /** The draft revision the publisher reviewed; someone else's later save answers 409. */
  revision: z.number().int().min(0).max(INT32_MAX).optional(),
});
export type PublishTemplateBody = z.input<typeof publishTemplateBodySchema>;

export const duplicateTemplateBodySchema = z.object({ name: templateName.optional() });
export type DuplicateTemplateBody = z.input<typeof duplicateTemplateBodySchema>;

export const templateListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  categoryId: idSchema.optional(),
  status: templateStatusSchema.optional(),
  equipmentTypeId: idSchema.optional(),
  sort: sortSchema(['name', 'updatedAt', 'createdAt']),
});
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;
export type TemplateListQueryValues = z.output<typeof templateListQuerySchema>;

export const templateVersionParamsSchema = z.object({ id: idSchema, version: idSchema });
export type TemplateVersionParams = z.infer<typeof templateVersionParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const templateListResponseSchema = z.object({
  templates: z.array(templateSummarySchema),
  pagination: paginationSchema,
});
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

export const templateResponseSchema = z.object({ template: templateDetailSchema });
export type TemplateResponse = z.infer<typeof templateResponseSchema>;

export const templateMutationResponseSchema = z.object({
  template: templateDetailSchema,
  message: z.string(),
});
export type TemplateMutationResponse = z.infer<typeof templateMutationResponseSchema>;

export const templateVersionListResponseSchema = z.object({
  versions: z.array(templateVersionSummarySchema).describe('Newest first'),
});
export type TemplateVersionListResponse = z.infer<typeof templateVersionListResponseSchema>;

export const templateVersionResponseSchema = z.object({ version: templateVersionSchema });
export type TemplateVersionResponse = z.infer<typeof templateVersionResponseSchema>;
