import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paginationSchema } from './common.js';
import { dueStatusSchema, isValidIsoDate } from './equipment.js';
import { blankToUndefined, listPaging, searchQuery } from './field-schemas.js';
import { inspectionDetailSchema, inspectionResultSchema, inspectionSummarySchema } from './inspections.js';
import { siteStatusSchema } from './sites.js';

/*
 * The client portal (issue 20, docs/portal.md): what a signed-in client reads about its own sites.
 * Every route is client-only and scoped to the sites whose client is the signed-in user; another
 * client's object answers 404 like an unknown id. Requests, actions and the shop are in
 * portal-requests.ts and portal-shop.ts.
 */

// ---------------------------------------------------------------- overview

/** Which sites the overview lists: every site, or only those needing attention of a kind. */
export const portalAttentionFilters = ['all', 'attention', 'overdue', 'due_soon', 'failed'] as const;
export const portalAttentionFilterSchema = z.enum(portalAttentionFilters, {
  error: 'Attention must be all, attention, overdue, due_soon or failed',
});
export type PortalAttentionFilter = z.infer<typeof portalAttentionFilterSchema>;

/** GET /api/portal/overview */
export const portalOverviewQuerySchema = z.object({
  search: searchQuery.describe('Part of the site code, name or city'),
  attention: blankToUndefined(
    portalAttentionFilterSchema
      .default('all')
      .describe(
        'attention: any unit failed, overdue or due soon; overdue / due_soon / failed: at least one unit so',
      ),
  ),
  ...listPaging,
});
export type PortalOverviewQuery = z.output<typeof portalOverviewQuerySchema>;
export type PortalOverviewParams = Partial<z.input<typeof portalOverviewQuerySchema>>;

/**
 * Counts of a set of units (not retired). failed: the latest completed inspection of the unit failed;
 * overdue / dueSoon: by the unit's next due date; inDate: none of these. A failed unit that is also
 * overdue counts in both failed and overdue, never in inDate.
 */
export const portalUnitCountsSchema = z.object({
  total: z.number().int(),
  inDate: z.number().int(),
  dueSoon: z.number().int(),
  overdue: z.number().int(),
  failed: z.number().int(),
});
export type PortalUnitCounts = z.infer<typeof portalUnitCountsSchema>;

export const portalSiteSummarySchema = z.object({
  id: z.number().int(),
  siteCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  status: siteStatusSchema,
  units: portalUnitCountsSchema,
  nextInspectionOn: z
    .string()
    .nullable()
    .describe(
      'YYYY-MM-DD: the earliest scheduled day of an open assignment at the site, else the earliest next due date of its units',
    ),
  openActions: z.number().int().describe('Corrective actions at the site still open or in progress'),
  lastInspectedAt: isoDateTimeSchema.nullable(),
});
export type PortalSiteSummary = z.infer<typeof portalSiteSummarySchema>;

export const portalOverviewResponseSchema = z.object({
  client: z
    .object({ name: z.string().describe('First and last name'), company: z.string().nullable() })
    .describe('The signed-in client, for the portal’s heading'),
  totals: z
    .object({
      sites: z.number().int(),
      units: z.number().int(),
      inDate: z.number().int(),
      dueSoon: z.number().int(),
      overdue: z.number().int(),
      failed: z.number().int(),
      openActions: z.number().int(),
    })
    .describe('Over all the client’s sites, whatever the filters'),
  sites: z
    .array(portalSiteSummarySchema)
    .describe('Sites needing attention first (failed, overdue, due soon), then by name'),
  pagination: paginationSchema,
});
export type PortalOverviewResponse = z.infer<typeof portalOverviewResponseSchema>;

// ---------------------------------------------------------------- one site

/** GET /api/portal/sites/:id — the site as its client sees it (never the internal notes). */
export const portalSiteSchema = portalSiteSummarySchema.extend({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  country: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
});
export type PortalSite = z.infer<typeof portalSiteSchema>;

export const portalSiteResponseSchema = z.object({ site: portalSiteSchema });
export type PortalSiteResponse = z.infer<typeof portalSiteResponseSchema>;

// ---------------------------------------------------------------- a site's equipment

export const portalUnitDueFilters = ['all', 'overdue', 'due_soon', 'ok', 'failed'] as const;

/** GET /api/portal/sites/:id/equipment */
export const portalEquipmentQuerySchema = z.object({
  search: searchQuery.describe('Part of the name, asset tag, serial number or location'),
  due: blankToUndefined(
    z
      .enum(portalUnitDueFilters, { error: 'Due must be all, overdue, due_soon, ok or failed' })
      .default('all')
      .describe('failed: the latest completed inspection of the unit failed'),
  ),
  ...listPaging,
});
export type PortalEquipmentQuery = z.output<typeof portalEquipmentQuerySchema>;
export type PortalEquipmentParams = Partial<z.input<typeof portalEquipmentQuerySchema>>;

export const portalUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  assetTag: z.string(),
  serialNumber: z.string().nullable(),
  type: z.string().nullable().describe('The equipment type’s name'),
  location: z.string().nullable(),
  status: z.enum(['in_service', 'out_of_service', 'retired']),
  lastInspectedAt: isoDateTimeSchema.nullable(),
  lastResult: inspectionResultSchema.nullable().describe('Of the latest completed inspection of the unit'),
  nextDueOn: z.string().nullable().describe('YYYY-MM-DD; null for retired units'),
  dueStatus: dueStatusSchema.nullable(),
});
export type PortalUnit = z.infer<typeof portalUnitSchema>;

export const portalEquipmentResponseSchema = z.object({
  equipments: z.array(portalUnitSchema),
  pagination: paginationSchema,
});
export type PortalEquipmentResponse = z.infer<typeof portalEquipmentResponseSchema>;

// ---------------------------------------------------------------- inspections and reports

/** GET /api/portal/inspections — completed inspections at the client's sites, newest first. */
export const portalInspectionsQuerySchema = z.object({
  siteId: blankToUndefined(idSchema.optional()),
  result: blankToUndefined(inspectionResultSchema.optional()),
  ...listPaging,
});
export type PortalInspectionsQuery = z.output<typeof portalInspectionsQuerySchema>;
export type PortalInspectionsParams = Partial<z.input<typeof portalInspectionsQuerySchema>>;

export const portalInspectionSummarySchema = inspectionSummarySchema.extend({
  sealId: z.string().nullable().describe('The seal printed on the report; null while not sealed'),
});
export type PortalInspectionSummary = z.infer<typeof portalInspectionSummarySchema>;

export const portalInspectionsResponseSchema = z.object({
  data: z.array(portalInspectionSummarySchema),
  pagination: paginationSchema,
});
export type PortalInspectionsResponse = z.infer<typeof portalInspectionsResponseSchema>;

export const portalSealSchema = z.object({
  id: z.string(),
  hash: z.string(),
  sealedAt: isoDateTimeSchema,
  verifyPath: z.string().describe('The public check of the seal: /verify/<id>'),
});
export type PortalSeal = z.infer<typeof portalSealSchema>;

/**
 * GET /api/portal/inspections/:id — the report as admins read it (answers, photos, signature,
 * items, the inspector's remarks), without the assignment's internal notes.
 */
export const portalInspectionDetailSchema = inspectionDetailSchema.extend({
  seal: portalSealSchema.nullable(),
  openActions: z.number().int().describe('Corrective actions raised from this inspection still open'),
});
export type PortalInspectionDetail = z.infer<typeof portalInspectionDetailSchema>;

export const portalInspectionDetailResponseSchema = z.object({ inspection: portalInspectionDetailSchema });
export type PortalInspectionDetailResponse = z.infer<typeof portalInspectionDetailResponseSchema>;

// ---------------------------------------------------------------- compliance certificate

/** GET /api/portal/sites/:id/certificate?date= — a PDF; the date defaults to today (UTC). */
export const portalCertificateQuerySchema = z.object({
  date: blankToUndefined(
    z
      .string({ error: 'Date must be a date (YYYY-MM-DD)' })
      .trim()
      .refine(isValidIsoDate, { message: 'Date must be a date (YYYY-MM-DD)' })
      .optional()
      .describe('YYYY-MM-DD, not in the future; default today (UTC)'),
  ),
});
export type PortalCertificateQuery = z.output<typeof portalCertificateQuerySchema>;

/** GET /api/portal/units/:id: where a scanned asset label takes a client (the unit's site page). */
export const portalUnitResponseSchema = z.object({
  siteId: z.number().int(),
  unit: z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() }),
});
export type PortalUnitResponse = z.infer<typeof portalUnitResponseSchema>;
