import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paginationQuerySchema, paginationSchema } from './common.js';
import { isValidIsoDate } from './equipment.js';

/**
 * The activity log (issue 21, docs/activity-log.md): every audit event, browsable and filterable by
 * who, what, which object and when, each with its before/after difference field by field. The
 * History panels on the site, unit, template and user pages are the same list filtered by one object.
 */

/** One field an event changed. Values are display text (objects as JSON); secrets never appear. */
export const auditChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Kinds of object the audit trail records, in the order the activity log's filter offers them. */
export const activityEntityTypes = [
  'site',
  'equipment',
  'equipment_type',
  'template',
  'inspection_category',
  'assignment',
  'inspection',
  'corrective_action',
  'schedule',
  'inspection_request',
  'user',
  'session',
  'settings',
  'notification',
  'push_registration',
  'file',
  'report_signing_key',
  'shop_product',
  'shop_category',
  'shop_valuation',
  'shop_address',
  'shop_cart',
  'shop_order',
  'shop_bill',
] as const;
export type ActivityEntityType = (typeof activityEntityTypes)[number];

function optionalDate(label: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isValidIsoDate(v), { message: `${label} must be a date (YYYY-MM-DD)` });
}

/** GET /api/activity */
export const activityListQuerySchema = paginationQuerySchema
  .extend({
    actor_id: idSchema.optional().describe('Only events done by this user'),
    action: z
      .string()
      .trim()
      .max(80, 'Action must be at most 80 characters')
      .regex(/^[a-z0-9_.]*$/, 'Action is letters, digits, "_" and "." (e.g. site.update)')
      .optional()
      .transform((v) => v || undefined)
      .describe('Exact action, e.g. site.update'),
    entity_type: z
      .string()
      .trim()
      .max(40, 'Entity type must be at most 40 characters')
      .regex(/^[a-z_]*$/, 'Entity type is lower-case letters and "_" (e.g. site, equipment_type)')
      .optional()
      .transform((v) => v || undefined)
      .describe(`What kind of object, e.g. ${activityEntityTypes.slice(0, 4).join(', ')}`),
    entity_id: z
      .string()
      .trim()
      .max(40, 'Entity id must be at most 40 characters')
      .optional()
      .transform((v) => v || undefined)
      .describe('Which object (with entity_type): its id'),
    from: optionalDate('From').describe('On or after this day (YYYY-MM-DD, UTC)'),
    to: optionalDate('To').describe('On or before this day (YYYY-MM-DD, UTC)'),
    search: z
      .string()
      .trim()
      .max(100, 'Search must be at most 100 characters')
      .optional()
      .transform((v) => v || undefined)
      .describe("Words in the action or in the object's recorded values (e.g. a site code or a name)"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] })
  .refine((q) => !q.entity_id || q.entity_type, {
    message: 'Entity id needs an entity type',
    path: ['entity_id'],
  });
export type ActivityListQueryValues = z.output<typeof activityListQuerySchema>;
export type ActivityListQuery = Partial<z.input<typeof activityListQuerySchema>>;

export const activityEventSchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('null: the system'),
  action: z.string().describe('The audit action, e.g. site.update'),
  verb: z.string().describe('Human wording of the action, e.g. "updated site"'),
  entityType: z.string(),
  entityId: z.string().nullable(),
  object: z.string().nullable().describe('What it was done to, e.g. "ST-000012 Lakeview Tower"'),
  link: z.string().nullable().describe('The screen that shows the object, when it still exists'),
  ipAddress: z.string().nullable(),
  changes: z.array(auditChangeSchema).describe('Fields whose value changed, before and after'),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityListResponseSchema = z.object({
  events: z.array(activityEventSchema),
  pagination: paginationSchema,
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

/** GET /api/activity/actions: what the action filter offers. */
export const activityActionsResponseSchema = z.object({
  actions: z.array(z.object({ action: z.string(), entityType: z.string() })).describe('Sorted by action'),
});
export type ActivityActionsResponse = z.infer<typeof activityActionsResponseSchema>;

/** Readable names of the entity types, for filters and headings. */
export const activityEntityTypeLabels: Record<ActivityEntityType, string> = {
  site: 'Site',
  equipment: 'Unit (equipment)',
  equipment_type: 'Equipment type',
  template: 'Template',
  inspection_category: 'Inspection category',
  assignment: 'Assignment',
  inspection: 'Inspection',
  corrective_action: 'Corrective action',
  schedule: 'Schedule',
  inspection_request: 'Inspection request',
  user: 'User',
  session: 'Sign-in session',
  settings: 'Settings',
  notification: 'Notification',
  push_registration: 'Browser notifications',
  file: 'File',
  report_signing_key: 'Report signing key',
  shop_product: 'Shop product',
  shop_category: 'Shop category',
  shop_valuation: 'Stock valuation',
  shop_address: 'Client address',
  shop_cart: 'Cart',
  shop_order: 'Order',
  shop_bill: 'Bill',
};
