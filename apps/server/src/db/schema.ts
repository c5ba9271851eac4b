import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

export const userTypeEnum = pgEnum('user_type', ['admin', 'inspector', 'client']);
export const userStatusEnum = pgEnum('user_status', ['active', 'inactive']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userType: userTypeEnum('user_type').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    status: userStatusEnum('status').notNull().default('active'),
    profileImage: text('profile_image'),
    company: text('company'),
    employeeCode: text('employee_code'),
    licenceNumber: text('licence_number'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A deleted user's email and phone can be reused, so uniqueness only covers live rows.
    uniqueIndex('users_email_live_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_phone_live_unique')
      .on(t.phone)
      .where(sql`${t.deletedAt} is null and ${t.phone} is not null`),
    uniqueIndex('users_employee_code_live_unique')
      .on(sql`lower(${t.employeeCode})`)
      .where(sql`${t.deletedAt} is null and ${t.employeeCode} is not null`),
    index('users_type_idx').on(t.userType),
    // The relevance page's arms (users.repository.ts): newest first a page at a time, and the four
    // "starting with" tests; text_pattern_ops serves `like 'term%'` whatever the collation.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_full_name_prefix_idx').using(
      'btree',
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('users_last_name_prefix_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_company_prefix_idx').using('btree', sql`lower(coalesce(${t.company}, '')) text_pattern_ops`),
    // One trigram index over everything the user list searches (see USER_SEARCH_DOCUMENT in
    // db/search-conditions.ts: the query must use exactly this expression to be served by the index).
    // fastupdate off: the embedded database has no autovacuum to flush GIN's pending list, and a
    // long pending list makes every search scan it (and the planner avoid the index).
    index('users_search_trgm_idx')
      .using(
        'gin',
        sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.company}, '') || ' ' || coalesce(${t.employeeCode}, '')) gin_trgm_ops`,
      )
      .with({ fastupdate: false }),
  ],
);

/**
 * Single-use invitations to choose a password. Only a SHA-256 digest of the emailed token is kept;
 * accepting one, sending a new one or deleting the user ends it.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_invitations_token_hash_unique').on(t.tokenHash),
    index('user_invitations_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * The request rate limit's counters when several server processes share one PostgreSQL database:
 * one row per client key and minute, bumped by one atomic upsert per request.
 */
export const requestRateLimit = pgTable(
  'request_rate_limit',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('request_rate_limit_window_idx').on(t.windowStart),
  ],
);

export const loginThrottleKindEnum = pgEnum('login_throttle_kind', ['account', 'address']);

/**
 * Failed sign-in counters per account and per client address (progressive lock-out). An attempt is
 * counted before its password is checked and given back when the password was right.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    kind: loginThrottleKindEnum('kind').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('login_throttle_kind_key').on(t.kind, t.key)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_newest_idx').on(t.userId, t.id.desc())],
);

/**
 * "This event was already announced": one row per (kind, object), so a scheduled job that runs in
 * several server processes notifies once (INSERT ... ON CONFLICT DO NOTHING decides the winner).
 */
export const notificationDispatch = pgTable(
  'notification_dispatch',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    objectId: integer('object_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_dispatch_kind_object_key').on(t.kind, t.objectId)],
);

/**
 * Which notification kinds a user wants, in the app and by push: `{ [type]: { inApp, push } }`.
 * A kind that is missing is on for both; no row means everything is on.
 */
export const userNotificationPreferences = pgTable('user_notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull().default({}),
  updatedAt: updatedAt(),
});

/** Short-lived single-use tickets that open a notification stream (EventSource sends no headers). */
export const notificationStreamTickets = pgTable(
  'notification_stream_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketHash: text('ticket_hash').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_stream_tickets_hash_key').on(t.ticketHash)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: inet('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    // The activity log reads each filter newest first (docs/activity-log.md): one object's history,
    // one person's actions, one action, each an index read in created_at order that stops at a page.
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_events_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_events_created_idx').on(t.createdAt.desc()),
  ],
);

export const siteStatusEnum = pgEnum('site_status', ['draft', 'active', 'inactive']);

/**
 * Numbers for generated site codes (ST-000123). A sequence hands out distinct numbers to concurrent
 * creates without locking; the service skips a number whose code someone already typed by hand.
 */
export const siteCodeSequence = pgSequence('site_code_seq', { startWith: 1, minValue: 1 });

/** Another person to call at a site, beside the primary contact. */
export interface SiteContactValue {
  name: string;
  role: string | null;
  phone: string | null;
  email: string | null;
}

export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteCode: text('site_code').notNull(),
    name: text('name').notNull(),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'restrict' }),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    pincode: text('pincode'),
    country: text('country').notNull().default('India'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    otherContacts: jsonb('other_contacts').$type<SiteContactValue[]>().notNull().default([]),
    notes: text('notes'),
    /**
     * What the register's search looks in: the SiteId no., the name and the city, lower-cased, in
     * one column with one trigram index, so a search is one cheap index condition.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(site_code || ' ' || name || ' ' || coalesce(city, ''))`),
    status: siteStatusEnum('status').notNull().default('draft'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sites_site_code_unique').on(sql`lower(${t.siteCode})`),
    index('sites_client_idx').on(t.clientId),
    index('sites_status_idx').on(t.status),
    // Read backwards for "newest first", forwards for "oldest first".
    index('sites_created_idx').on(t.createdAt, t.id),
    // The city filter (equality), and the search's prefix matches ranked after an exact SiteId no.:
    // text_pattern_ops serves `like 'term%'` whatever the database's collation, so the prefix arm
    // reads only the sites that start with the term (sites.repository.ts, relevance order).
    index('sites_city_lower_idx').using('btree', sql`lower(${t.city}) text_pattern_ops`),
    index('sites_code_prefix_idx').using('btree', sql`lower(${t.siteCode}) text_pattern_ops`),
    index('sites_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    // The register's search: case-insensitive substrings of the code, the name and the city.
    // fastupdate off, as for users: the embedded database has no autovacuum to merge GIN's pending
    // list, and every search reads that list row by row until it is merged (2 ms of 8 for a common
    // word at 100,000 sites right after an import).
    index('sites_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/**
 * Sites per status, kept exact by statement triggers on `sites` (migration 0014), so the home
 * screen's site figures read three rows instead of counting the register. Never written by the app.
 */
export const siteStatusCounts = pgTable('site_status_counts', {
  status: siteStatusEnum('status').primaryKey(),
  sites: integer('sites').notNull(),
});

export const equipmentTypeStatusEnum = pgEnum('equipment_type_status', ['active', 'archived']);

/** The global equipment catalogue (screen /dashboard/orders). */
export const equipmentTypes = pgTable(
  'equipment_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    manufacturer: text('manufacturer'),
    model: text('model'),
    description: text('description'),
    defaultTemplateId: integer('default_template_id').references((): AnyPgColumn => templates.id, {
      onDelete: 'set null',
    }),
    inspectionIntervalDays: integer('inspection_interval_days').notNull().default(365),
    status: equipmentTypeStatusEnum('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('equipment_types_name_unique').on(sql`lower(${t.name})`),
    // Names starting with a search term, ranked after the exact name (equipment-types.repository.ts):
    // text_pattern_ops serves `like 'term%'` under any collation.
    index('equipment_types_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    // The catalogue's search (equipmentTypeSearchText): one trigram index instead of reading every
    // type for four ilike tests. fastupdate off, as for users and sites: no autovacuum on the
    // embedded database to merge GIN's pending list.
    index('equipment_types_search_trgm_idx')
      .using('gin', sql`${equipmentTypeSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * The text the catalogue search matches with ilike (name, category, manufacturer, model); the query
 * must use this exact expression for the trigram index to serve it.
 */
export function equipmentTypeSearchText(t: {
  name: AnyPgColumn;
  category: AnyPgColumn;
  manufacturer: AnyPgColumn;
  model: AnyPgColumn;
}) {
  return sql`(${t.name} || ' ' || ${t.category} || ' ' || coalesce(${t.manufacturer}, '') || ' ' || coalesce(${t.model}, ''))`;
}

export const equipmentStatusEnum = pgEnum('equipment_status', ['in_service', 'out_of_service', 'retired']);
/** Declared here, before equipment (its last_result); the inspections use it too. */
export const inspectionResultEnum = pgEnum('inspection_result', ['pass', 'fail']);

/**
 * The text the equipment search matches with ilike; the query must use this exact expression for
 * the trigram index to serve it.
 */
export function equipmentSearchText(t: {
  assetTag: AnyPgColumn;
  serialNumber: AnyPgColumn;
  name: AnyPgColumn;
}) {
  return sql`(${t.assetTag} || ' ' || coalesce(${t.serialNumber}, '') || ' ' || ${t.name})`;
}

/** A unit installed at a site (screen /dashboard/equipment-management). */
export const equipment = pgTable(
  'equipment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    equipmentTypeId: integer('equipment_type_id')
      .notNull()
      .references(() => equipmentTypes.id, { onDelete: 'restrict' }),
    assetTag: text('asset_tag').notNull(),
    serialNumber: text('serial_number'),
    name: text('name').notNull(),
    location: text('location'),
    installedOn: date('installed_on'),
    status: equipmentStatusEnum('status').notNull().default('in_service'),
    lastInspectedAt: timestamp('last_inspected_at', { withTimezone: true }),
    nextDueOn: date('next_due_on'),
    /**
     * The result of the unit's latest completed inspection (null: never inspected in the app). Kept
     * by a statement trigger on inspection_units (migration 0022), never written by the app, so the
     * client portal counts failed units from this table alone (docs/portal.md).
     */
    lastResult: inspectionResultEnum('last_result'),
    isCritical: boolean('is_critical').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('equipment_site_asset_tag_unique').on(t.siteId, sql`lower(${t.assetTag})`),
    uniqueIndex('equipment_type_serial_unique')
      .on(t.equipmentTypeId, sql`lower(${t.serialNumber})`)
      .where(sql`${t.serialNumber} is not null`),
    // The list's filters, each ending in its default order (next due first, then id), so a page is
    // read straight off the index: site (+ due), type + status (+ due), status (+ due), due alone.
    index('equipment_site_due_idx').on(t.siteId, t.nextDueOn, t.id),
    index('equipment_type_status_due_idx').on(t.equipmentTypeId, t.status, t.nextDueOn, t.id),
    index('equipment_status_due_idx').on(t.status, t.nextDueOn, t.id),
    index('equipment_due_idx').on(t.nextDueOn, t.id),
    // The client portal's overview: the units of a client's sites counted per site from the index
    // alone, site by site (docs/portal.md, bench 'portal overview').
    index('equipment_site_overview_idx').on(t.siteId, t.status, t.nextDueOn, t.lastResult),
    // One trigram index over the unit's own searchable text (asset tag, serial number, name).
    index('equipment_search_trgm_idx').using('gin', sql`${equipmentSearchText(t)} gin_trgm_ops`),
    // The search's relevance arms (equipment.repository.ts): an exact asset tag or serial number, then
    // one starting with the term. text_pattern_ops serves both `=` and `like 'term%'` under any
    // collation, so those arms read only the units they return; the unique indexes lead with the
    // site or the type and cannot. Names get no prefix rank (and no index): units share their first
    // words ('Fire extinguisher …') by the thousand, so a name prefix says little more than a substring.
    index('equipment_asset_tag_prefix_idx').using('btree', sql`lower(${t.assetTag}) text_pattern_ops`),
    index('equipment_serial_prefix_idx').using('btree', sql`lower(${t.serialNumber}) text_pattern_ops`),
  ],
);

/**
 * Units per (status, next due date), kept exact by statement triggers on `equipment` (migration
 * 0013), so the home screen's installed and due figures sum a few hundred rows instead of scanning
 * every unit. Never written by the app. A null next due date (never due) has its own row.
 */
export const equipmentDueCounts = pgTable(
  'equipment_due_counts',
  {
    status: equipmentStatusEnum('status').notNull(),
    nextDueOn: date('next_due_on'),
    units: integer('units').notNull(),
  },
  (t) => [unique('equipment_due_counts_key').on(t.status, t.nextDueOn).nullsNotDistinct()],
);

/** Inspection categories (screen /dashboard/picategory): Routine, Annual certification… */
export const inspectionCategories = pgTable(
  'inspection_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    colour: text('colour').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspection_categories_name_unique').on(sql`lower(${t.name})`),
    index('inspection_categories_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('inspection_categories_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export const templateStatusEnum = pgEnum('template_status', ['draft', 'published', 'archived']);
export const templateVersionStatusEnum = pgEnum('template_version_status', ['draft', 'published']);

/** A checklist's stable identity (screen /dashboard/invoice); its content lives in versions. */
export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: integer('category_id').references(() => inspectionCategories.id, { onDelete: 'restrict' }),
    status: templateStatusEnum('status').notNull().default('draft'),
    /** The latest published version number (what new inspections use); null until published. */
    publishedVersion: integer('published_version'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('templates_name_unique').on(sql`lower(${t.name})`),
    index('templates_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('templates_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
    index('templates_category_idx').on(t.categoryId),
    index('templates_status_idx').on(t.status),
  ],
);

/**
 * Numbered versions of a template's content. A published row never changes (a trigger refuses
 * it); at most one draft per template.
 */
export const templateVersions = pgTable(
  'template_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: templateVersionStatusEnum('status').notNull().default('draft'),
    content: jsonb('content').notNull(),
    changeNote: text('change_note'),
    revision: integer('revision').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('template_versions_number_unique').on(t.templateId, t.version),
    uniqueIndex('template_versions_one_draft').on(t.templateId).where(sql`${t.status} = 'draft'`),
  ],
);

/** Which equipment types a template is for (a type's default template is on equipment_types). */
export const templateEquipmentTypes = pgTable(
  'template_equipment_types',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer('equipment_type_id')
      .notNull()
      .references(() => equipmentTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.equipmentTypeId] }),
    index('template_equipment_types_type_idx').on(t.equipmentTypeId),
  ],
);

/** Key/value settings the server keeps for itself (e.g. VAPID keys, organisation settings). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Browser push subscriptions, one per user and device (browser profile). `endpoint` is the push
 * service URL the browser handed out; it is unique because a browser gives one endpoint to one
 * registration. Rows answering 404/410 at the push service are deleted by the push worker.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the user sees in a list of their devices, e.g. "Chrome on Windows". */
    deviceLabel: text('device_label').notNull().default(''),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** Last POST or PATCH from the device (the client re-sends after 7 days). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).defaultNow().notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Deliveries that failed in a row; reset by a success. */
    failureCount: integer('failure_count').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export const pushDeliveryStatusEnum = pgEnum('push_delivery_status', ['queued', 'sent', 'failed']);

/**
 * The push queue: one row per (notification, subscription), inserted in the transaction that
 * creates the notification, so a rolled-back change sends nothing. A worker in each server process
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease (`locked_until`), so a row is sent by one
 * process; failures are retried at `next_attempt_at` with backoff until `attempts` runs out.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** The JSON the service worker receives: `{ title, body, link, tag }`. */
    payload: jsonb('payload').notNull(),
    status: pushDeliveryStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

export const deliveryChannelEnum = pgEnum('delivery_channel', ['email', 'sms']);
export const deliveryStatusEnum = pgEnum('delivery_status', ['queued', 'sent', 'failed']);

/** A message as it leaves: the only copy that holds the codes and links it carries. */
export interface OutboxMessageContent {
  subject: string | null;
  text: string;
  html: string | null;
}

/**
 * Every email and SMS the server sends, kept whether or not a transport is configured: without SMTP
 * the message stays `queued` here, so the flows work on a fresh machine. `subject`, `body` and
 * `html` hold the message with its codes and links masked (safe for any administrator to read);
 * `message` holds it whole, only until a transport has taken it, or for the recipient's own eyes in
 * the development outbox. With a transport configured `body` and `html` are not kept at all.
 */
export const deliveryOutbox = pgTable(
  'delivery_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: deliveryChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** The user the message is for: the only viewer who may read its codes and links. */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject'),
    body: text('body'),
    html: text('html'),
    message: jsonb('message').$type<OutboxMessageContent>(),
    status: deliveryStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('delivery_outbox_status_idx').on(t.status, t.id),
    index('delivery_outbox_recipient_idx').on(sql`lower(${t.recipient})`),
  ],
);

export const oneTimeCodePurposeEnum = pgEnum('one_time_code_purpose', [
  'password_reset',
  'phone_login',
  'email_change',
]);

/**
 * Every one-time code the server sends (password reset, phone sign-in, email change) in one table.
 * The code is stored as a salted SHA-256 digest, lives ten minutes, works once and dies after five
 * wrong tries. A verified code may be traded for a short-lived single-use grant (the reset token),
 * kept here as a digest as well. `subject` is the address the code went to (lower-cased email or
 * E.164 phone); rows exist for unknown addresses too, so limits and answers never tell them apart.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: oneTimeCodePurposeEnum('purpose').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** What the code is bound to beyond its subject (e.g. the bot-check challenge of a phone request). */
    binding: text('binding'),
    /** Data the confirmation needs (e.g. the new email of an email change). */
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    grantHash: text('grant_hash'),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    grantUsedAt: timestamp('grant_used_at', { withTimezone: true }),
    ipAddress: inet('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('one_time_codes_subject_idx').on(t.purpose, t.subject, t.createdAt),
    uniqueIndex('one_time_codes_grant_hash_key').on(t.grantHash),
  ],
);

/** Solved bot-check challenges, kept until they expire so a solution cannot be replayed. */
export const botCheckSolutions = pgTable(
  'bot_check_solutions',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bot_check_solutions_expires_idx').on(t.expiresAt)],
);

export const assignmentStatusEnum = pgEnum('assignment_status', [
  'assigned',
  'in_progress',
  'completed',
  'cancelled',
]);
export const assignmentPriorityEnum = pgEnum('assignment_priority', ['low', 'normal', 'high', 'urgent']);

/**
 * Work handed to an inspector: one site, one template version (pinned when the assignment is made,
 * so a later publish does not change work already planned), the units to inspect, and the dates.
 * "Overdue" is not stored: it is "open (assigned or in progress) and due before today".
 */
export const assignments = pgTable(
  'assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    inspectorId: integer('inspector_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => inspectionCategories.id, { onDelete: 'restrict' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'restrict' }),
    templateVersion: integer('template_version').notNull(),
    status: assignmentStatusEnum('status').notNull().default('assigned'),
    priority: assignmentPriorityEnum('priority').notNull().default('normal'),
    scheduledFor: date('scheduled_for').notNull(),
    dueOn: date('due_on').notNull(),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's default order (due first) within a status; "overdue" is status + due_on < today.
    index('assignments_status_due_idx').on(t.status, t.dueOn, t.id),
    // Every status in due order ("All" tab, its search and capped count): read until 20 match rather
    // than sorting every match of a common term (issue 22).
    index('assignments_due_idx').on(t.dueOn, t.id),
    index('assignments_inspector_status_idx').on(t.inspectorId, t.status),
    index('assignments_site_status_idx').on(t.siteId, t.status),
    // One site's assignments in due order: a searched site's page reads its first 20 entries, not
    // every row of the site sorted (a SiteId no. prefix's ten sites, issue 22).
    index('assignments_site_due_idx').on(t.siteId, t.dueOn, t.id),
    // The same for a searched inspector or template (one inspector's work is 1% of the table: read
    // in due order it took 2,000 rows to find 20). The template's also serves its foreign key.
    index('assignments_inspector_due_idx').on(t.inspectorId, t.dueOn, t.id),
    index('assignments_template_due_idx').on(t.templateId, t.dueOn, t.id),
    index('assignments_category_idx').on(t.categoryId),
  ],
);

/**
 * The units an assignment covers. A join table rather than an int[] column so each unit is a real
 * foreign key (a unit on open work cannot be deleted unnoticed) and "open work on this unit" is an
 * index lookup.
 */
export const assignmentEquipment = pgTable(
  'assignment_equipment',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.equipmentId] }),
    index('assignment_equipment_equipment_idx').on(t.equipmentId),
  ],
);

export const inspectionStatusEnum = pgEnum('inspection_status', ['in_progress', 'completed']);

/**
 * One inspection per assignment: created when the inspector starts (status in_progress, answers
 * saved as they go in `answers`), completed on submit (result, counts and completed_at set, in the
 * same transaction as the assignment and the units' due dates). Site, inspector, category and
 * template are copied from the assignment so the history list filters and sorts on one table.
 * `answers`: `{ units: [{ equipmentId, answers: { itemKey: value } }], remarks }` as sent;
 * `results`: `[{ equipmentId, result, items: [{ key, sectionKey, outcome, reason }] }]` as computed.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'restrict' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    inspectorId: integer('inspector_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => inspectionCategories.id, { onDelete: 'restrict' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'restrict' }),
    templateVersion: integer('template_version').notNull(),
    status: inspectionStatusEnum('status').notNull().default('in_progress'),
    result: inspectionResultEnum('result'),
    answers: jsonb('answers').notNull().default(sql`'{"units":[],"remarks":null}'::jsonb`),
    results: jsonb('results'),
    remarks: text('remarks'),
    failedItems: integer('failed_items').notNull().default(0),
    totalItems: integer('total_items').notNull().default(0),
    unitCount: integer('unit_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    progressSavedAt: timestamp('progress_saved_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inspections_assignment_key').on(t.assignmentId),
    // History: newest first overall, per site, per inspector, per result (partial: completed only).
    index('inspections_completed_idx')
      .on(t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed'`),
    index('inspections_site_completed_idx')
      .on(t.siteId, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed'`),
    index('inspections_inspector_completed_idx')
      .on(t.inspectorId, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed'`),
    index('inspections_result_completed_idx')
      .on(t.result, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed'`),
    // Home "top sites by failed items": the window's failing inspections, read index-only.
    index('inspections_failed_completed_idx')
      .on(t.completedAt, t.siteId, t.failedItems, t.result)
      .where(sql`${t.status} = 'completed' and ${t.failedItems} > 0`),
  ],
);

/**
 * Completed inspections per UTC day and result (pass or fail), kept exact by statement triggers on
 * `inspections` (migration 0014), so the home screen's weekly chart and this month's figures sum a
 * few dozen rows instead of reading every inspection of the period. Never written by the app.
 */
export const inspectionResultDays = pgTable(
  'inspection_result_days',
  {
    day: date('day').notNull(),
    result: inspectionResultEnum('result').notNull(),
    inspections: integer('inspections').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.result] })],
);

/** Each unit's result of a completed inspection: the unit's inspection history and failure counts. */
export const inspectionUnits = pgTable(
  'inspection_units',
  {
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    result: inspectionResultEnum('result').notNull(),
    failedItems: integer('failed_items').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.inspectionId, t.equipmentId] }),
    index('inspection_units_equipment_idx').on(t.equipmentId, t.completedAt.desc()),
  ],
);

// ---------------------------------------------------------------- shop (issue 17, docs/shop.md)

export const shopStatusEnum = pgEnum('shop_status', ['active', 'archived']);
export const productUnitEnum = pgEnum('product_unit', ['piece', 'kg', 'litre', 'set']);
export const stockMovementKindEnum = pgEnum('stock_movement_kind', [
  'receive',
  'adjust',
  'write_off',
  'reserve',
  'release',
  'ship',
  'return',
]);

/** Product categories: a tree of at most two levels (the service keeps the depth). */
export const shopCategories = pgTable(
  'shop_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => shopCategories.id, { onDelete: 'restrict' }),
    status: shopStatusEnum('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names are unique among siblings in any letter case (top-level categories are siblings of 0).
    uniqueIndex('shop_categories_sibling_name_unique').on(
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('shop_categories_parent_idx').on(t.parentId),
  ],
);

/**
 * A product of the shop. `on_hand` and `reserved` are the running sums of the stock ledger
 * (`shop_stock_movements`), changed only together with a ledger row in one transaction by one
 * conditional UPDATE, so they never drift from the ledger and never go below what is reserved.
 */
export const shopProducts = pgTable(
  'shop_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => shopCategories.id, { onDelete: 'restrict' }),
    description: text('description'),
    unit: productUnitEnum('unit').notNull(),
    pricePaise: integer('price_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    hsnCode: text('hsn_code').notNull(),
    gstRate: integer('gst_rate').notNull(),
    reorderLevel: integer('reorder_level').notNull().default(0),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    averageCostPaise: integer('average_cost_paise').notNull().default(0),
    status: shopStatusEnum('status').notNull().default('active'),
    /** What the product list's search matches: SKU and name, lower-cased, under one trigram index. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(sku || ' ' || name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shop_products_sku_unique').on(sql`lower(${t.sku})`),
    index('shop_products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The default order (name, then id) read straight off an index; and the category filter.
    index('shop_products_name_idx').on(sql`lower(${t.name})`, t.id),
    // The search's prefix arm (SKUs starting with the term); text_pattern_ops serves `like 'term%'`
    // under any collation.
    index('shop_products_sku_prefix_idx').using('btree', sql`lower(${t.sku}) text_pattern_ops`),
    index('shop_products_category_idx').on(t.categoryId, sql`lower(${t.name})`, t.id),
    check('shop_products_price_check', sql`${t.pricePaise} >= 0`),
    check('shop_products_gst_rate_check', sql`${t.gstRate} in (0, 5, 12, 18, 28)`),
    check('shop_products_hsn_check', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check('shop_products_stock_check', sql`${t.reserved} >= 0 and ${t.onHand} >= ${t.reserved}`),
    check('shop_products_reorder_check', sql`${t.reorderLevel} >= 0`),
  ],
);

/** Product images, in upload order (the first is the main one); files live in the file storage. */
export const shopProductImages = pgTable(
  'shop_product_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('shop_product_images_product_idx').on(t.productId, t.id)],
);

/** Equipment types a product fits (so a site's equipment can suggest parts later). */
export const shopProductEquipmentTypes = pgTable(
  'shop_product_equipment_types',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer('equipment_type_id')
      .notNull()
      .references(() => equipmentTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.equipmentTypeId] }),
    index('shop_product_equipment_types_type_idx').on(t.equipmentTypeId),
  ],
);

/**
 * The stock ledger: append-only, one row per movement with the count before and after. On hand is
 * the sum of `quantity_delta`, reserved the sum of `reserved_delta` (docs/shop.md).
 */
export const shopStockMovements = pgTable(
  'shop_stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'restrict' }),
    kind: stockMovementKindEnum('kind').notNull(),
    quantityDelta: integer('quantity_delta').notNull(),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    onHandBefore: integer('on_hand_before').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    unitCostPaise: integer('unit_cost_paise'),
    supplierReference: text('supplier_reference'),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The log history: one product, newest first (read backwards), optionally between two moments.
    index('shop_stock_movements_product_idx').on(t.productId, t.createdAt, t.id),
    // The inventory chart: every movement of the last 90 days.
    index('shop_stock_movements_created_idx').on(t.createdAt),
    check('shop_stock_movements_after_check', sql`${t.onHandAfter} = ${t.onHandBefore} + ${t.quantityDelta}`),
  ],
);

// ---------------------------------------------------------------- shop, part 2 (issue 18, docs/shop-orders.md)

export const addressKindEnum = pgEnum('shop_address_kind', ['billing', 'shipping']);
export const billingModeEnum = pgEnum('shop_billing_mode', ['per_shipment', 'per_order']);
export const orderStatusEnum = pgEnum('shop_order_status', [
  'placed',
  'confirmed',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
]);
export const shipmentStatusEnum = pgEnum('shop_shipment_status', [
  'pending',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
]);
export const supplyTypeEnum = pgEnum('shop_supply_type', ['intra_state', 'inter_state']);
export const billKindEnum = pgEnum('shop_bill_kind', ['invoice', 'credit_note']);
export const billStatusEnum = pgEnum('shop_bill_status', ['issued', 'cancelled']);

/** A client's billing and shipping addresses; a shipping address may be made from one of its sites. */
export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: addressKindEnum('kind').notNull(),
    label: text('label').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    district: text('district'),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    country: text('country').notNull().default('India'),
    gstin: text('gstin'),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    isDefault: boolean('is_default').notNull().default(false),
    status: shopStatusEnum('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_addresses_client_idx').on(t.clientId, t.kind),
    // One shipping address per site of a client ("use the site as the address" never duplicates).
    uniqueIndex('shop_addresses_site_unique').on(t.clientId, t.siteId).where(sql`${t.siteId} is not null`),
    // At most one default of each kind per client.
    uniqueIndex('shop_addresses_default_unique')
      .on(t.clientId, t.kind)
      .where(sql`${t.isDefault} and ${t.status} = 'active'`),
    check('shop_addresses_gstin_check', sql`${t.gstin} is null or ${t.kind} = 'billing'`),
  ],
);

/** One open cart per client, kept on the server (an admin fills it for the client, later the client). */
export const shopCarts = pgTable(
  'shop_carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    billingAddressId: integer('billing_address_id').references(() => shopAddresses.id, {
      onDelete: 'set null',
    }),
    billingMode: billingModeEnum('billing_mode').notNull().default('per_shipment'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shop_carts_client_unique').on(t.clientId)],
);

export const shopCartLines = pgTable(
  'shop_cart_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => shopCarts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_cart_lines_product_unique').on(t.cartId, t.productId),
    check('shop_cart_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** How many units of a cart line go to which shipping address (split shipping). */
export const shopCartAllocations = pgTable(
  'shop_cart_allocations',
  {
    cartLineId: integer('cart_line_id')
      .notNull()
      .references(() => shopCartLines.id, { onDelete: 'cascade' }),
    addressId: integer('address_id')
      .notNull()
      .references(() => shopAddresses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cartLineId, t.addressId] }),
    check('shop_cart_allocations_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const orderNumberSequence = pgSequence('shop_order_number_seq', { startWith: 1, minValue: 1 });

/**
 * An order. Prices, tax rates and addresses are copied in when it is placed; `status` is derived
 * from the shipments by the service and stored so the list can filter and count on an index.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('placed'),
    billingMode: billingModeEnum('billing_mode').notNull().default('per_shipment'),
    /** The billing address as it was (AddressSnapshot, with the client's GSTIN). */
    billingAddress: jsonb('billing_address').notNull(),
    notes: text('notes'),
    currency: text('currency').notNull().default('INR'),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
    unitCount: integer('unit_count').notNull(),
    /** Lower-cased order number, client name and company, SKUs and names, tracking numbers. */
    searchText: text('search_text').notNull().default(''),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    placedBy: integer('placed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shop_orders_number_unique').on(t.orderNumber),
    // The list's order, with what its totals sum at the end, so a date range or a client's orders
    // are counted and summed from the index alone (index-only scans), never from the table.
    index('shop_orders_placed_idx').on(t.placedAt.desc(), t.id.desc(), t.status, t.totalPaise, t.taxPaise),
    index('shop_orders_client_idx').on(
      t.clientId,
      t.placedAt.desc(),
      t.id.desc(),
      t.status,
      t.totalPaise,
      t.taxPaise,
    ),
    index('shop_orders_status_idx').on(t.status, t.placedAt.desc(), t.id.desc()),
    index('shop_orders_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The search's prefix arm (order numbers starting with the term); text_pattern_ops serves
    // `like 'term%'` under any collation.
    index('shop_orders_number_prefix_idx').using('btree', sql`lower(${t.orderNumber}) text_pattern_ops`),
  ],
);

/**
 * Orders per UTC day of placing and status, with their sums, kept exact by statement triggers on
 * `shop_orders` (migration 0019), so the orders list's counts and totals over a long range (or the
 * whole register) add up a few rows per day instead of reading every order. `shard` (the order id
 * modulo 8) spreads one day's writers over eight rows, so concurrent placings do not queue on one
 * summary row until they commit. Never written by the app.
 */
export const shopOrderDays = pgTable(
  'shop_order_days',
  {
    day: date('day').notNull(),
    status: orderStatusEnum('status').notNull(),
    shard: smallint('shard').notNull(),
    orders: integer('orders').notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.shard] })],
);

export const shopOrderLines = pgTable(
  'shop_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'restrict' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    unit: productUnitEnum('unit').notNull(),
    hsnCode: text('hsn_code').notNull(),
    gstRate: integer('gst_rate').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('shop_order_lines_order_idx').on(t.orderId),
    index('shop_order_lines_product_idx').on(t.productId),
    check('shop_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** One shipment per shipping address of an order; the address is copied in. */
export const shopShipments = pgTable(
  'shop_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    /** 1, 2, … within the order: the shipment number is `<order number>/<sequence>`. */
    sequence: integer('sequence').notNull(),
    status: shipmentStatusEnum('status').notNull().default('pending'),
    /** AddressSnapshot of the shipping address (the place of supply). */
    address: jsonb('address').notNull(),
    supplyType: supplyTypeEnum('supply_type').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedOn: date('shipped_on'),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shop_shipments_order_sequence_unique').on(t.orderId, t.sequence),
    // The home screen's "shipments to send".
    index('shop_shipments_open_idx').on(t.status).where(sql`${t.status} in ('pending', 'packed')`),
  ],
);

export const shopShipmentLines = pgTable(
  'shop_shipment_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shopShipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => shopOrderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    uniqueIndex('shop_shipment_lines_unique').on(t.shipmentId, t.orderLineId),
    index('shop_shipment_lines_order_line_idx').on(t.orderLineId),
    check('shop_shipment_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'shop_shipment_lines_returned_check',
      sql`${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** A return of delivered units of one shipment. */
export const shopReturns = pgTable(
  'shop_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shopShipments.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shop_returns_shipment_idx').on(t.shipmentId)],
);

export const shopReturnLines = pgTable(
  'shop_return_lines',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => shopReturns.id, { onDelete: 'cascade' }),
    shipmentLineId: integer('shipment_line_id')
      .notNull()
      .references(() => shopShipmentLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.shipmentLineId] }),
    check('shop_return_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * The gapless numbering of bills: one row per kind and financial year holding the last number
 * issued. Issuing a bill increments it in the bill's own transaction (the row lock serialises
 * concurrent issuers; a rolled-back bill gives its number back, so there is never a gap).
 */
export const shopBillSeries = pgTable(
  'shop_bill_series',
  {
    kind: billKindEnum('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/** A tax invoice or a credit note, with the seller, the buyer and the place of supply copied in. */
export const shopBills = pgTable(
  'shop_bills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    billNumber: text('bill_number').notNull(),
    kind: billKindEnum('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    status: billStatusEnum('status').notNull().default('issued'),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Credit notes: the bill they answer. */
    creditNoteForId: integer('credit_note_for_id').references((): AnyPgColumn => shopBills.id, {
      onDelete: 'restrict',
    }),
    returnId: integer('return_id').references(() => shopReturns.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on').notNull(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    shipTo: jsonb('ship_to').notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    supplyType: supplyTypeEnum('supply_type').notNull(),
    buyerGstin: text('buyer_gstin'),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    roundOffPaise: integer('round_off_paise').notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    amountInWords: text('amount_in_words').notNull(),
    /** Lower-cased bill number, order number, client name and company. */
    searchText: text('search_text').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_bills_number_unique').on(t.billNumber),
    uniqueIndex('shop_bills_series_unique').on(t.kind, t.financialYear, t.sequence),
    index('shop_bills_issued_idx').on(t.issuedOn.desc(), t.id.desc()),
    index('shop_bills_client_idx').on(t.clientId, t.issuedOn.desc(), t.id.desc()),
    index('shop_bills_order_idx').on(t.orderId),
    index('shop_bills_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The search's exact and prefix arms (the bill number, in any letter case, equal to or starting
    // with the term); text_pattern_ops serves `like 'term%'` under any collation.
    index('shop_bills_number_prefix_idx').using('btree', sql`lower(${t.billNumber}) text_pattern_ops`),
    check('shop_bills_number_length_check', sql`char_length(${t.billNumber}) <= 16`),
  ],
);

export const shopBillLines = pgTable(
  'shop_bill_lines',
  {
    billId: integer('bill_id')
      .notNull()
      .references(() => shopBills.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    productId: integer('product_id').references(() => shopProducts.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    description: text('description').notNull(),
    hsnCode: text('hsn_code').notNull(),
    unit: productUnitEnum('unit').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    gstRate: integer('gst_rate').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.lineNumber] })],
);

/** Which shipments a bill covers (one for a per-shipment bill, all of them for a per-order bill). */
export const shopBillShipments = pgTable(
  'shop_bill_shipments',
  {
    billId: integer('bill_id')
      .notNull()
      .references(() => shopBills.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shopShipments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.billId, t.shipmentId] }),
    index('shop_bill_shipments_shipment_idx').on(t.shipmentId),
  ],
);

// ---------------------------------------------------------------- maintenance loop (issue 19, docs/maintenance.md)

export const correctiveActionStatusEnum = pgEnum('corrective_action_status', [
  'open',
  'in_progress',
  'resolved',
  'verified',
  'cancelled',
]);
export const correctiveActionSourceEnum = pgEnum('corrective_action_source', ['inspection', 'manual']);

/** The text the actions search matches with ilike (one trigram index serves it). */
export function correctiveActionSearchText(t: { title: AnyPgColumn; itemLabel: AnyPgColumn }) {
  return sql`(${t.title} || ' ' || coalesce(${t.itemLabel}, ''))`;
}

/**
 * A failed item's follow-up. Created in the submit transaction of an inspection (one per failed
 * item and unit) or by hand from an answer; at most one per (inspection, unit, item).
 * "Overdue" is not stored: open or in progress and due before today.
 */
export const correctiveActions = pgTable(
  'corrective_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description'),
    status: correctiveActionStatusEnum('status').notNull().default('open'),
    priority: assignmentPriorityEnum('priority').notNull().default('normal'),
    source: correctiveActionSourceEnum('source').notNull(),
    requiresEvidence: boolean('requires_evidence').notNull().default(true),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    equipmentId: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    inspectionId: integer('inspection_id').references(() => inspections.id, { onDelete: 'restrict' }),
    itemKey: text('item_key'),
    itemLabel: text('item_label'),
    answer: jsonb('answer'),
    remark: text('remark'),
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    dueOn: date('due_on').notNull(),
    cancelReason: text('cancel_reason'),
    reinspectionNote: text('reinspection_note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('corrective_actions_answer_key')
      .on(t.inspectionId, sql`coalesce(${t.equipmentId}, 0)`, t.itemKey)
      .where(sql`${t.inspectionId} is not null`),
    // The list's views, each ending in its order (due first, then id).
    index('corrective_actions_status_due_idx').on(t.status, t.dueOn, t.id),
    index('corrective_actions_owner_status_due_idx').on(t.ownerId, t.status, t.dueOn, t.id),
    index('corrective_actions_site_status_idx').on(t.siteId, t.status, t.dueOn),
    index('corrective_actions_equipment_status_idx').on(t.equipmentId, t.status),
    index('corrective_actions_due_idx').on(t.dueOn, t.id),
    // The open and overdue views (and "mine" among them), read in due order straight off the index.
    index('corrective_actions_open_due_idx')
      .on(t.dueOn, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index('corrective_actions_owner_open_due_idx')
      .on(t.ownerId, t.dueOn, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index('corrective_actions_done_due_idx')
      .on(t.dueOn, t.id)
      .where(sql`${t.status} in ('resolved', 'verified')`),
    index('corrective_actions_search_trgm_idx').using(
      'gin',
      sql`${correctiveActionSearchText(t)} gin_trgm_ops`,
    ),
    // The search's prefix arm (a title or item starting with the term, issue 22): the few that do
    // are found by range, wherever their due dates fall; text_pattern_ops whatever the collation.
    index('corrective_actions_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
    index('corrective_actions_item_prefix_idx').using(
      'btree',
      sql`lower(coalesce(${t.itemLabel}, '')) text_pattern_ops`,
    ),
  ],
);

export const correctiveActionComments = pgTable(
  'corrective_action_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Shown to the site's client in the portal (issue 20). Staff comments are internal unless the
     * author ticks "Visible to the client"; the client's own comments are always true.
     */
    visibleToClient: boolean('visible_to_client').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('corrective_action_comments_action_idx').on(t.actionId, t.id)],
);

/** Every change of an action, in order (the action page's history). */
export const correctiveActionEvents = pgTable(
  'corrective_action_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('corrective_action_events_action_idx').on(t.actionId, t.id)],
);

/** Re-inspections requested for an action: the assignment and, once submitted, its outcome. */
export const correctiveActionReinspections = pgTable(
  'corrective_action_reinspections',
  {
    actionId: integer('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    result: inspectionResultEnum('result'),
    inspectionId: integer('inspection_id').references(() => inspections.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.assignmentId] }),
    index('corrective_action_reinspections_assignment_idx').on(t.assignmentId),
  ],
);

export const scheduleStatusEnum = pgEnum('schedule_status', ['active', 'paused', 'ended']);
export const scheduleScopeEnum = pgEnum('schedule_scope', ['all', 'types', 'units']);
export const scheduleIntervalUnitEnum = pgEnum('schedule_interval_unit', ['days', 'weeks', 'months', 'type']);
export const scheduleAssigneeModeEnum = pgEnum('schedule_assignee_mode', ['inspector', 'least_loaded']);

/** A recurring plan for one site that the planning job turns into assignments ahead of due dates. */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    status: scheduleStatusEnum('status').notNull().default('active'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    scope: scheduleScopeEnum('scope').notNull().default('all'),
    equipmentTypeIds: integer('equipment_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    equipmentIds: integer('equipment_ids').array().notNull().default(sql`'{}'::integer[]`),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => inspectionCategories.id, { onDelete: 'restrict' }),
    intervalUnit: scheduleIntervalUnitEnum('interval_unit').notNull().default('type'),
    intervalCount: integer('interval_count'),
    assigneeMode: scheduleAssigneeModeEnum('assignee_mode').notNull().default('inspector'),
    inspectorIds: integer('inspector_ids').array().notNull(),
    leadDays: integer('lead_days').notNull().default(14),
    priority: assignmentPriorityEnum('priority').notNull().default('normal'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('schedules_status_idx').on(t.status, t.id),
    index('schedules_site_idx').on(t.siteId, t.status),
  ],
);

/**
 * "This schedule planned this unit for this due date": the claim that makes the planning job
 * create each assignment once, whichever process runs it (unique key, inserted in the same
 * transaction as the assignment).
 */
export const scheduleOccurrences = pgTable(
  'schedule_occurrences',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    dueOn: date('due_on').notNull(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.equipmentId, t.dueOn] }),
    index('schedule_occurrences_assignment_idx').on(t.assignmentId),
  ],
);

// ---------------------------------------------------------------- verifiable reports (docs/verification.md)

/**
 * The organisation's Ed25519 signing key for report seals: one row (id 1), made on first use.
 * The private key never leaves the server; the public key is published at /api/verify/public-key.
 */
export const reportSigningKeys = pgTable(
  'report_signing_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKeyPem: text('public_key_pem').notNull(),
    privateKeyPem: text('private_key_pem').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('report_signing_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * The head of the one seal chain (one row, id 1): every seal locks it FOR UPDATE, takes the next
 * sequence and links to its hash, so concurrent submits queue here and the chain never forks.
 */
export const reportSealChainHead = pgTable(
  'report_seal_chain_head',
  {
    id: integer('id').primaryKey().default(1),
    lastSequence: bigint('last_sequence', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('report_seal_chain_head_one_row', sql`${t.id} = 1`)],
);

/**
 * One seal per completed inspection: the canonical record as sealed, its place in the chain
 * (sequence without gaps, the previous seal's hash), the SHA-256 and the Ed25519 signature of it.
 * Append-only: nothing updates or deletes a seal.
 */
export const reportSeals = pgTable(
  'report_seals',
  {
    id: text('id').primaryKey(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'restrict' }),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
    signature: text('signature').notNull(),
    record: text('record').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
    sealedLater: boolean('sealed_later').notNull().default(false),
  },
  (t) => [
    uniqueIndex('report_seals_sequence_key').on(t.sequence),
    uniqueIndex('report_seals_inspection_key').on(t.inspectionId),
    uniqueIndex('report_seals_hash_key').on(t.hash),
  ],
);

// ---------------------------------------------------------------- client portal (issue 20, docs/portal.md)

export const inspectionRequestStatusEnum = pgEnum('inspection_request_status', [
  'open',
  'scheduled',
  'declined',
  'cancelled',
]);

/**
 * A client's request for an inspection of one of its sites: open until an administrator schedules
 * it (an assignment, written in the same transaction) or declines it, or the client cancels it.
 * `client_id` is the client who asked (the site's client at that time).
 */
export const inspectionRequests = pgTable(
  'inspection_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // Deleting a site (only ever one without completed inspections) takes its requests with it.
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => inspectionCategories.id, { onDelete: 'set null' }),
    preferredDate: date('preferred_date'),
    message: text('message').notNull(),
    status: inspectionRequestStatusEnum('status').notNull().default('open'),
    declineReason: text('decline_reason'),
    assignmentId: integer('assignment_id').references(() => assignments.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The client's list, newest first (read backwards), optionally within one status.
    index('inspection_requests_client_created_idx').on(t.clientId, t.createdAt, t.id),
    // The administrators' queue: open ones first, then oldest first.
    index('inspection_requests_queue_idx').on(sql`(${t.status} <> 'open')`, t.createdAt, t.id),
    index('inspection_requests_site_idx').on(t.siteId),
  ],
);

/** The units a request names (none: the whole site); real foreign keys, like assignment_equipment. */
export const inspectionRequestEquipment = pgTable(
  'inspection_request_equipment',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => inspectionRequests.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.equipmentId] }),
    index('inspection_request_equipment_equipment_idx').on(t.equipmentId),
  ],
);

/** The lists a saved view belongs to (the contract's `savedViewLists`). */
export const savedViewListEnum = pgEnum('saved_view_list', [
  'users',
  'sites',
  'equipment',
  'assignments',
  'inspection-history',
  'equipment-types',
]);

/**
 * Saved views (issue 21): a list's filters, sort and hidden columns under a name, owned by one
 * administrator and, when shared, offered to the others. Names are unique per owner and list (any case).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    list: savedViewListEnum('list').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_list_name_unique').on(t.ownerId, t.list, sql`lower(${t.name})`),
    // Other administrators' shared views of one list.
    index('saved_views_list_shared_idx').on(t.list).where(sql`${t.shared}`),
  ],
);

/**
 * Each administrator's default view per list (issue 21): the list opens with it when its address has
 * no filter or sort. One per user and list; deleting the view (or the user) removes it.
 */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: savedViewListEnum('list').notNull(),
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    // Deleting or unsharing a view finds whose default it was.
    index('saved_view_defaults_view_idx').on(t.viewId),
  ],
);
