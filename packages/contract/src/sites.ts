import { z } from 'zod';
import {
  type FieldError,
  idSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  paginationSchema,
  sortSchema,
} from './common.js';
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN } from './phone.js';
import { userStatusSchema } from './users.js';

export const siteStatuses = ['draft', 'active', 'inactive'] as const;
export const siteStatusSchema = z.enum(siteStatuses);
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/** Indian PIN code: six digits, never starting with 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PINCODE_MESSAGE = 'Enter a 6-digit PIN code that does not start with 0';

/** The "SiteId no.": letters and digits, optionally with - / . _ inside, 2 to 40 characters. */
export const SITE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,38}[A-Za-z0-9]$/;
export const SITE_CODE_MESSAGE = 'Use 2 to 40 letters, digits, and - / . _ between them, e.g. ST-000123';
/** Codes the server generates when none is given. */
export const GENERATED_SITE_CODE_PATTERN = /^ST-[0-9]{6,}$/;

export const MAX_OTHER_CONTACTS = 5;

const blankToNull = (value: string) => (value === '' ? null : value);

/** Optional free text: trimmed; blank means "no value" (null). */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform(blankToNull)
    .nullable()
    .optional();
}

function optionalPattern(pattern: RegExp, message: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, message)
    .transform(blankToNull)
    .pipe(z.string().regex(pattern, message).nullable())
    .nullable()
    .optional();
}

const optionalPhone = z
  .string()
  .max(30, PHONE_MESSAGE)
  .transform((v) => blankToNull(normalizePhone(v)))
  .pipe(z.string().regex(PHONE_PATTERN, PHONE_MESSAGE).nullable())
  .nullable()
  .optional()
  .describe('Phone number; Indian formats are normalised to E.164 (+919820010001)');

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Enter a valid email address')
  .transform((v) => blankToNull(v.toLowerCase()))
  .pipe(z.email('Enter a valid email address').nullable())
  .nullable()
  .optional();

const siteNameSchema = z
  .string('Enter the site name')
  .trim()
  .min(1, 'Enter the site name')
  .max(120, 'Use at most 120 characters');

/** One more person to call at the site (security desk, maintenance lead...). */
export const siteContactInputSchema = z
  .object({
    name: z
      .string("Enter the contact's name")
      .trim()
      .min(1, "Enter the contact's name")
      .max(120, 'Use at most 120 characters'),
    role: optionalText(80),
    phone: optionalPhone,
    email: optionalEmail,
  })
  .superRefine((contact, ctx) => {
    if (!contact.phone && !contact.email) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Enter a phone number or an email' });
    }
  });
export type SiteContactInput = z.input<typeof siteContactInputSchema>;

const siteFieldsShape = {
  siteCode: optionalPattern(SITE_CODE_PATTERN, SITE_CODE_MESSAGE, 40).describe(
    'The "SiteId no."; unique, case-insensitive. Generated as ST-000123 when left out on create.',
  ),
  clientId: idSchema.nullable().optional().describe('A client user (users.user_type = client)'),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  city: optionalText(100),
  district: optionalText(100),
  state: optionalText(100),
  pincode: optionalPattern(PINCODE_PATTERN, PINCODE_MESSAGE, 10),
  country: optionalText(60).describe('Defaults to India'),
  latitude: z.number('Enter a latitude between -90 and 90').min(-90).max(90).nullable().optional(),
  longitude: z.number('Enter a longitude between -180 and 180').min(-180).max(180).nullable().optional(),
  contactName: optionalText(120),
  contactPhone: optionalPhone,
  contactEmail: optionalEmail,
  otherContacts: z
    .array(siteContactInputSchema)
    .max(MAX_OTHER_CONTACTS, `Add at most ${MAX_OTHER_CONTACTS} other contacts`)
    .optional(),
  notes: optionalText(2000),
};

/**
 * POST /api/auth/sites: a new site starts as a draft. A draft needs only its name; every other
 * field is checked for its format, and the required ones are enforced when the site is saved.
 */
export const siteCreateBodySchema = z.object({ name: siteNameSchema, ...siteFieldsShape });
export type SiteCreateBody = z.input<typeof siteCreateBodySchema>;
export type SiteCreateValues = z.output<typeof siteCreateBodySchema>;

/** PUT /api/auth/update/sites/:id: fields left out stay as they are; null clears a field. */
export const siteUpdateBodySchema = z.object({ name: siteNameSchema.optional(), ...siteFieldsShape });
export type SiteUpdateBody = z.input<typeof siteUpdateBodySchema>;
export type SiteUpdateValues = z.output<typeof siteUpdateBodySchema>;

/** PATCH /api/auth/sites/:id/status: deactivate an active site or reactivate an inactive one. */
export const siteStatusBodySchema = z.object({
  status: z.enum(['active', 'inactive'], 'Choose active or inactive'),
});
export type SiteStatusBody = z.infer<typeof siteStatusBodySchema>;

/** Fields a site must have before it can be active, with the message shown when one is missing. */
export const SITE_REQUIRED_FIELDS = {
  name: 'Enter the site name',
  clientId: 'Choose the client who owns the site',
  addressLine1: 'Enter the street address',
  city: 'Enter the city',
  state: 'Enter the state',
  pincode: 'Enter the PIN code',
  contactName: "Enter the site contact's name",
  contactPhone: "Enter the site contact's phone number",
} as const;
export type SiteRequiredField = keyof typeof SITE_REQUIRED_FIELDS;

/** The values the activation and cross-field rules look at (the stored site, or a form's values). */
export interface SiteRuleValues {
  name?: string | null;
  clientId?: number | null;
  addressLine1?: string | null;
  city?: string | null;
  state?: string | null;
  pincode?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * Rules over the whole site, shared by server and client: latitude and longitude come together,
 * and an active site (or one being saved) has every required field. Answers the field problems.
 */
export function siteRuleProblems(values: SiteRuleValues, options: { forActive: boolean }): FieldError[] {
  const problems: FieldError[] = [];
  if (options.forActive) {
    for (const [field, message] of Object.entries(SITE_REQUIRED_FIELDS)) {
      if (isBlank(values[field as SiteRequiredField])) problems.push({ field, message });
    }
  }
  const hasLat = !isBlank(values.latitude);
  const hasLng = !isBlank(values.longitude);
  if (hasLat !== hasLng) {
    problems.push({
      field: hasLat ? 'longitude' : 'latitude',
      message: 'Enter both latitude and longitude, or neither',
    });
  }
  return problems;
}

// ---- answers ----

export const siteClientSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('First and last name'),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  status: userStatusSchema,
});
export type SiteClient = z.infer<typeof siteClientSchema>;

export const siteContactSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type SiteContact = z.infer<typeof siteContactSchema>;

export const siteSchema = z.object({
  id: z.number().int(),
  siteCode: z.string(),
  name: z.string(),
  status: siteStatusSchema,
  clientId: z.number().int().nullable(),
  client: siteClientSchema.nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  otherContacts: z.array(siteContactSchema),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Site = z.infer<typeof siteSchema>;

export const siteListItemSchema = siteSchema.extend({
  equipmentCount: z.number().int().describe('Units installed at the site (any status)'),
});
export type SiteListItem = z.infer<typeof siteListItemSchema>;

export const siteSortFields = [
  'siteCode',
  'name',
  'city',
  'status',
  'createdAt',
  'updatedAt',
  'relevance',
] as const;
export type SiteSortField = (typeof siteSortFields)[number];
export const siteSortSchema = sortSchema(siteSortFields);
export type SiteSort = NonNullable<z.infer<typeof siteSortSchema>>;

/** GET /api/auth/get/all/sites */
export const siteListQuerySchema = paginationQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Case-insensitive substring of the id, SiteId no., name, client name or company, or city'),
  status: siteStatusSchema.optional(),
  client_id: idSchema.optional(),
  city: z.string().trim().max(100).optional().describe('Exact city name, case-insensitive'),
  sort: siteSortSchema.describe(
    'field or -field; default relevance while searching (exact SiteId no. or id, then SiteId no., name or city ' +
      'starting with the term, then the rest; newest first within each), else -createdAt',
  ),
});
export type SiteListQueryValues = z.output<typeof siteListQuerySchema>;
/** What a client sends: any of the parameters, defaults for the rest. */
export type SiteListQuery = Partial<SiteListQueryValues>;

export const siteStatusCountsSchema = z
  .object({
    all: z.number().int(),
    draft: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
    capped: z
      .boolean()
      .optional()
      .describe(
        'true when more than 10,000 sites match: `all` is then 10,000 and each status count is a lower bound ' +
          '(counted among the first 10,001 matches): show them with "+"',
      ),
  })
  .describe('Sites per status for the same search, client and city (the status filter aside)');
export type SiteStatusCounts = z.infer<typeof siteStatusCountsSchema>;

export const siteListResponseSchema = z.object({
  sites: z.array(siteListItemSchema),
  pagination: paginationSchema,
  counts: siteStatusCountsSchema,
});
export type SiteListResponse = z.infer<typeof siteListResponseSchema>;

export const siteCitiesResponseSchema = z.object({
  cities: z.array(z.string()).describe('Distinct city names of all sites, A to Z'),
});
export type SiteCitiesResponse = z.infer<typeof siteCitiesResponseSchema>;

export const equipmentSummarySchema = z.object({
  total: z.number().int(),
  byStatus: z.object({
    in_service: z.number().int(),
    out_of_service: z.number().int(),
    retired: z.number().int(),
  }),
  byDueState: z
    .object({
      overdue: z.number().int().describe('Next due date before today'),
      dueSoon: z.number().int().describe('Due today or within 30 days'),
      upToDate: z.number().int().describe('Due after 30 days'),
      notScheduled: z.number().int().describe('No next due date'),
    })
    .describe('Units not retired, by due state'),
  nextDueOn: z.string().nullable().describe('Earliest next due date among units not retired (YYYY-MM-DD)'),
});
export type EquipmentSummary = z.infer<typeof equipmentSummarySchema>;

export const siteInspectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  openAssignments: z.number().int(),
});
export type SiteInspector = z.infer<typeof siteInspectorSchema>;

export const completedInspectionSchema = z.object({
  id: z.number().int(),
  completedAt: isoDateTimeSchema,
  result: z.enum(['pass', 'fail']),
  inspector: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  equipment: z.object({ id: z.number().int(), name: z.string(), assetTag: z.string() }).nullable(),
  remarks: z.string().nullable(),
});
export type CompletedInspection = z.infer<typeof completedInspectionSchema>;

export const siteDetailsSchema = siteSchema.extend({
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  equipmentSummary: equipmentSummarySchema,
  assignedInspectors: z.array(siteInspectorSchema).describe('Inspectors with open assignments at the site'),
  latestInspections: z
    .array(completedInspectionSchema)
    .describe('The five most recent completed inspections'),
});
export type SiteDetails = z.infer<typeof siteDetailsSchema>;

/** GET /api/auth/sites/full-details/:id */
export const siteDetailsResponseSchema = z.object({ site: siteDetailsSchema });
export type SiteDetailsResponse = z.infer<typeof siteDetailsResponseSchema>;

/** Answer of create, update, save and status changes. */
export const siteMutationResponseSchema = z.object({ site: siteSchema, message: z.string() });
export type SiteMutationResponse = z.infer<typeof siteMutationResponseSchema>;

/** GET /api/auth/site-completed-inspections */
export const siteCompletedInspectionsQuerySchema = paginationQuerySchema.extend({ site_id: idSchema });
export type SiteCompletedInspectionsQueryValues = z.output<typeof siteCompletedInspectionsQuerySchema>;
export type SiteCompletedInspectionsQuery = Partial<SiteCompletedInspectionsQueryValues> & {
  site_id: number;
};
export const siteCompletedInspectionsResponseSchema = z.object({
  data: z.array(completedInspectionSchema).describe('Newest first'),
  pagination: paginationSchema,
});
export type SiteCompletedInspectionsResponse = z.infer<typeof siteCompletedInspectionsResponseSchema>;

/** GET /api/auth/get/client/list: clients for pickers. */
export const clientListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional().describe('Substring of the name, company or email'),
});
export type ClientListQueryValues = z.output<typeof clientListQuerySchema>;
export type ClientListQuery = Partial<ClientListQueryValues>;
export const clientListResponseSchema = z.object({
  clients: z.array(siteClientSchema).describe('Live clients, by company then name'),
  pagination: paginationSchema,
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;
