import { z } from 'zod';
import { assignmentStatusSchema } from './assignments.js';
import { isoDateTimeSchema } from './common.js';
import { equipmentStatusSchema } from './equipment.js';
import { inspectionResultSchema } from './inspections.js';
import { shopStatusSchema, stockStateSchema } from './shop-catalogue.js';
import { siteStatusSchema } from './sites.js';
import { userStatusSchema, userTypeSchema } from './users.js';

/**
 * Global search (SPEC.md 2 and 7: the header box, /dashboard/search?query=, `GET global/search`
 * with `search`): one request across sites, equipment, users, assignments and inspections, answered
 * in groups by kind, best match first. docs/search.md explains the matching and the ranking.
 */

export const GLOBAL_SEARCH_MAX_LENGTH = 100;
/** Groups count their matches up to this many; beyond, the total reads "1000+". */
export const GLOBAL_SEARCH_COUNT_CAP = 1000;
export const GLOBAL_SEARCH_DEFAULT_PER_GROUP = 5;
export const GLOBAL_SEARCH_MAX_PER_GROUP = 20;

/** The kinds, in the order groups are shown when nothing else tells them apart. */
export const globalSearchKinds = [
  'sites',
  'equipment',
  'users',
  'assignments',
  'inspections',
  'products',
] as const;
export const globalSearchKindSchema = z.enum(globalSearchKinds);
export type GlobalSearchKind = z.infer<typeof globalSearchKindSchema>;

/**
 * How an item matched: `exact` (its id, SiteId no., asset tag, serial number, email or phone is the
 * term), `prefix` (a searched field starts with the term), `contains` (the term is inside one).
 */
export const globalSearchMatches = ['exact', 'prefix', 'contains'] as const;
export const globalSearchMatchSchema = z.enum(globalSearchMatches);
export type GlobalSearchMatch = z.infer<typeof globalSearchMatchSchema>;

export const globalSearchQuerySchema = z.object({
  search: z
    .string({ error: 'Enter something to search for' })
    .trim()
    .min(1, 'Enter something to search for')
    .max(GLOBAL_SEARCH_MAX_LENGTH, `Search for at most ${GLOBAL_SEARCH_MAX_LENGTH} characters`)
    .describe('The term: an id (# allowed), a SiteId no., a name, an asset tag, a serial number, an email…'),
  limit_per_group: z.coerce
    .number({ error: 'limit_per_group must be a number' })
    .int('limit_per_group must be a whole number')
    .min(1, 'limit_per_group must be at least 1')
    .max(GLOBAL_SEARCH_MAX_PER_GROUP, `limit_per_group must be at most ${GLOBAL_SEARCH_MAX_PER_GROUP}`)
    .default(GLOBAL_SEARCH_DEFAULT_PER_GROUP)
    .describe('Items answered per group (the totals count every match up to 1000)'),
});
export type GlobalSearchQueryValues = z.output<typeof globalSearchQuerySchema>;
/** What a client sends (`limit_per_group` defaults to 5). */
export type GlobalSearchQuery = { search: string; limit_per_group?: number };

const siteRefSchema = z.object({ id: z.number().int(), siteCode: z.string(), name: z.string() });

export const siteSearchHitSchema = z.object({
  id: z.number().int(),
  siteCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  status: siteStatusSchema,
  clientName: z.string().nullable().describe("The client's company, else their name"),
  match: globalSearchMatchSchema,
});
export type SiteSearchHit = z.infer<typeof siteSearchHitSchema>;

export const equipmentSearchHitSchema = z.object({
  id: z.number().int(),
  assetTag: z.string(),
  serialNumber: z.string().nullable(),
  name: z.string(),
  status: equipmentStatusSchema,
  typeName: z.string(),
  site: siteRefSchema,
  match: globalSearchMatchSchema,
});
export type EquipmentSearchHit = z.infer<typeof equipmentSearchHitSchema>;

export const userSearchHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  userType: userTypeSchema,
  status: userStatusSchema,
  match: globalSearchMatchSchema,
});
export type UserSearchHit = z.infer<typeof userSearchHitSchema>;

export const assignmentSearchHitSchema = z.object({
  id: z.number().int(),
  status: assignmentStatusSchema,
  dueOn: z.string().describe('YYYY-MM-DD'),
  site: siteRefSchema,
  inspectorName: z.string(),
  templateName: z.string(),
  match: globalSearchMatchSchema,
});
export type AssignmentSearchHit = z.infer<typeof assignmentSearchHitSchema>;

export const inspectionSearchHitSchema = z.object({
  id: z.number().int(),
  assignmentId: z.number().int(),
  result: inspectionResultSchema,
  completedAt: isoDateTimeSchema,
  site: siteRefSchema,
  inspectorName: z.string(),
  match: globalSearchMatchSchema,
});
export type InspectionSearchHit = z.infer<typeof inspectionSearchHitSchema>;

/** A shop product (issue 17): `exact` when the term is its SKU, `prefix` when the SKU or name starts with it. */
export const productSearchHitSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  categoryName: z.string(),
  status: shopStatusSchema,
  available: z.number().int(),
  stockState: stockStateSchema,
  imageUrl: z.string().nullable().describe('The main image, if any'),
  match: globalSearchMatchSchema,
});
export type ProductSearchHit = z.infer<typeof productSearchHitSchema>;

function groupSchema<K extends GlobalSearchKind, T extends z.ZodTypeAny>(kind: K, item: T) {
  return z.object({
    kind: z.literal(kind),
    total: z.number().int().describe(`Matches of this kind, counted up to ${GLOBAL_SEARCH_COUNT_CAP}`),
    totalCapped: z.boolean().describe(`True when there are more than ${GLOBAL_SEARCH_COUNT_CAP} matches`),
    items: z.array(item).describe('The best matches first, at most limit_per_group'),
  });
}

export const globalSearchGroupSchema = z.discriminatedUnion('kind', [
  groupSchema('sites', siteSearchHitSchema),
  groupSchema('equipment', equipmentSearchHitSchema),
  groupSchema('users', userSearchHitSchema),
  groupSchema('assignments', assignmentSearchHitSchema),
  groupSchema('inspections', inspectionSearchHitSchema),
  groupSchema('products', productSearchHitSchema),
]);
export type GlobalSearchGroup = z.infer<typeof globalSearchGroupSchema>;
export type GlobalSearchGroupOf<K extends GlobalSearchKind> = Extract<GlobalSearchGroup, { kind: K }>;

export const globalSearchResponseSchema = z.object({
  search: z.string().describe('The term as searched (trimmed)'),
  groups: z
    .array(globalSearchGroupSchema)
    .describe(
      'Always the six kinds: groups whose best item matches more closely come first (exact, then prefix, then contains), then by kind; empty groups last',
    ),
  bestMatch: z
    .object({ kind: globalSearchKindSchema, id: z.number().int() })
    .nullable()
    .describe('The first exact match (an id or SiteId no. first): the first item of the first group'),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;
