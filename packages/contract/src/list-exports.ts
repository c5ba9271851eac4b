import type { z } from 'zod';
import { assignmentListQuerySchema } from './assignments.js';
import { equipmentTypeListQuerySchema } from './equipment-types.js';
import { exportIdsQuerySchema, exportQuerySchema } from './exports.js';
import { siteListQuerySchema } from './sites.js';
import { templateListQuerySchema } from './templates.js';
import { userListQuerySchema } from './user-management.js';

/*
 * The export query of each list (docs/exports.md): exactly the list's own query schema minus paging
 * and sorting (an export holds every matching row, in id order), plus `format`.
 */

const notPaged = { page: true, limit: true, sort: true } as const;
/** The lists with bulk actions also export a selection (`ids`). */
const selection = { ids: exportIdsQuerySchema };

/** GET /api/admin/userlist/export */
export const userExportQuerySchema = exportQuerySchema(userListQuerySchema.omit(notPaged).extend(selection));
export type UserExportQuery = z.output<typeof userExportQuerySchema>;

/** GET /api/auth/get/all/sites/export */
export const siteExportQuerySchema = exportQuerySchema(siteListQuerySchema.omit(notPaged).extend(selection));
export type SiteExportQuery = z.output<typeof siteExportQuerySchema>;

/** GET /api/auth/get/active/assignments/export */
export const assignmentExportQuerySchema = exportQuerySchema(
  assignmentListQuerySchema.omit(notPaged).extend(selection),
);
export type AssignmentExportQuery = z.output<typeof assignmentExportQuerySchema>;

/** GET /api/auth/global-equipment/export */
export const equipmentTypeExportQuerySchema = exportQuerySchema(equipmentTypeListQuerySchema.omit(notPaged));
export type EquipmentTypeExportQuery = z.output<typeof equipmentTypeExportQuerySchema>;

/** GET /api/templates/export */
export const templateExportQuerySchema = exportQuerySchema(templateListQuerySchema.omit(notPaged));
export type TemplateExportQuery = z.output<typeof templateExportQuerySchema>;
