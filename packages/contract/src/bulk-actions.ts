import { z } from 'zod';
import { CANCEL_REASON_MAX } from './assignments.js';
import { idValueSchema } from './common.js';
import { BULK_MAX_IDS } from './exports.js';
import { requiredId } from './field-schemas.js';

/*
 * Bulk actions of the main lists (docs/user-management.md, sites.md, inspections.md, equipment.md
 * "Bulk actions"): POST <list>/bulk with the selected ids and one action. All or nothing: the rules
 * of the single-row endpoint apply to each row, and if one row is refused nothing changes (409 with
 * one `details` entry per refused row: `field` "ids.<index>", `id`, `message`).
 */

/** The selected rows' ids in a bulk action's JSON body (duplicates count once). */
export const bulkIdsSchema = z
  .array(idValueSchema, { error: 'ids must be a list of ids' })
  .min(1, 'Select at least one row')
  .max(BULK_MAX_IDS, `Select at most ${BULK_MAX_IDS} rows at a time`);

/** POST /api/admin/userlist/bulk */
export const userBulkBodySchema = z.object({
  ids: bulkIdsSchema,
  action: z.enum(['deactivate', 'reactivate'], { error: 'Action must be deactivate or reactivate' }),
});
export type UserBulkBody = z.infer<typeof userBulkBodySchema>;

/** POST /api/auth/sites/bulk */
export const siteBulkBodySchema = z.object({
  ids: bulkIdsSchema,
  action: z.enum(['deactivate', 'reactivate'], { error: 'Action must be deactivate or reactivate' }),
});
export type SiteBulkBody = z.infer<typeof siteBulkBodySchema>;

/** POST /api/auth/assignments/bulk: cancel (with a reason) or reassign (to an inspector). */
export const assignmentBulkBodySchema = z
  .object({
    ids: bulkIdsSchema,
    action: z.enum(['cancel', 'reassign'], { error: 'Action must be cancel or reassign' }),
    inspectorId: requiredId('Inspector').optional(),
    cancelReason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'reassign' && value.inspectorId === undefined)
      ctx.addIssue({ code: 'custom', path: ['inspectorId'], message: 'Choose the inspector to reassign to' });
    if (value.action === 'cancel' && !value.cancelReason)
      ctx.addIssue({ code: 'custom', path: ['cancelReason'], message: 'Give a reason for cancelling' });
  });
export type AssignmentBulkBody = z.infer<typeof assignmentBulkBodySchema>;

/** POST /api/auth/equipments/bulk */
export const equipmentBulkBodySchema = z.object({
  ids: bulkIdsSchema,
  action: z.enum(['retire'], { error: 'Action must be retire' }),
});
export type EquipmentBulkBody = z.infer<typeof equipmentBulkBodySchema>;

/** What a bulk action did: every row changed, or was already as asked (with why). */
export const bulkResultSchema = z.object({
  message: z.string(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  changedIds: z.array(z.number().int()),
  unchangedItems: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
