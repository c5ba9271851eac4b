import type { DashboardActivity } from '@inspecta/contract';

/**
 * Turns an audit event into a line a person reads on the home page and in the activity log: who did what to which object,
 * and where to look at it. Wording by action; the object's label from the event's own snapshot
 * (after, else before), else from the live row (`names`), else "#id".
 */

type Snapshot = Record<string, unknown>;

/** An audit event with its actor's name, as the home page and the activity log read it. */
export interface AuditEventRow {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
}

const NOUNS: Record<string, string> = {
  site: 'site',
  equipment: 'unit',
  equipment_type: 'equipment type',
  user: 'user',
  template: 'template',
  inspection_category: 'inspection category',
  assignment: 'assignment',
  inspection: 'inspection',
  settings: 'organisation settings',
  shop_product: 'product',
  shop_category: 'product category',
  shop_valuation: 'stock valuation',
  corrective_action: 'corrective action',
  schedule: 'schedule',
  inspection_request: 'inspection request',
  session: 'session',
  notification: 'notification',
  push_registration: 'browser notifications',
  file: 'file',
  report_signing_key: 'report signing key',
  shop_address: 'address',
  shop_cart: 'cart',
  shop_order: 'order',
  shop_bill: 'bill',
};

/** Action suffix → verb; `{noun}` is replaced by the entity's noun. */
const VERBS: Record<string, string> = {
  create: 'created {noun}',
  created: 'created {noun}',
  update: 'updated {noun}',
  updated: 'updated {noun}',
  delete: 'deleted {noun}',
  deleted: 'deleted {noun}',
  activate: 'activated {noun}',
  reactivate: 'reactivated {noun}',
  deactivate: 'deactivated {noun}',
  discard: 'discarded draft {noun}',
  archived: 'archived {noun}',
  restored: 'restored {noun}',
  published: 'published {noun}',
  duplicated: 'duplicated {noun}',
  draft_started: 'started a new draft of {noun}',
  draft_saved: 'saved a draft of {noun}',
  draft_discarded: 'discarded the draft of {noun}',
  moved: 'moved {noun}',
  imported: 'imported {noun}',
  import: 'imported equipment into site',
  reassigned: 'reassigned {noun}',
  rescheduled: 'rescheduled {noun}',
  cancelled: 'cancelled {noun}',
  started: 'started {noun}',
  completed: 'completed {noun}',
  submitted: 'completed {noun}',
  invitation_sent: 'invited {noun}',
  invitation_accepted: 'accepted the invitation of {noun}',
  email_changed: 'changed the email of {noun}',
  profile_image: 'changed the profile image of {noun}',
  update_own_profile: 'updated their profile',
  change_password: 'changed their password',
  bootstrap_admin: 'created the first administrator',
  organisation: 'updated {noun}',
  organisation_logo: 'changed the logo in {noun}',
  received: 'received stock of {noun}',
  adjusted: 'adjusted the stock of {noun}',
  written_off: 'wrote off stock of {noun}',
  image_added: 'added an image to {noun}',
  image_removed: 'removed an image of {noun}',
  exported: 'exported {noun}',
};

/** Entities whose record is gone after the action: nothing to link to. */
const GONE_ACTIONS = new Set(['delete', 'deleted', 'discard', 'draft_discarded']);

/** Actions about the actor themselves: the object would only repeat their name. */
const SELF_ACTIONS = new Set(['update_own_profile', 'change_password']);

function asSnapshot(value: unknown): Snapshot | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The object's own words from a snapshot: "ST-000012 Lakeview Tower", "Asha Rao", "FX-0042 (Extinguisher)". */
export function labelFromSnapshot(entityType: string, snapshot: Snapshot | null): string | null {
  if (!snapshot) return null;
  if (entityType === 'site') {
    const code = text(snapshot.siteCode);
    const name = text(snapshot.name);
    return [code, name].filter(Boolean).join(' ') || null;
  }
  if (entityType === 'user') {
    return [text(snapshot.firstName), text(snapshot.lastName)].filter(Boolean).join(' ') || null;
  }
  if (entityType === 'shop_product') {
    const sku = text(snapshot.sku);
    const name = text(snapshot.name);
    return sku && name ? `${sku} ${name}` : null;
  }
  if (entityType === 'equipment') {
    const tag = text(snapshot.assetTag);
    const name = text(snapshot.name);
    return tag && name ? `${tag} (${name})` : (tag ?? name);
  }
  return text(snapshot.name);
}

/** The path of the screen that shows the object, when it still exists there. */
export function linkFor(
  entityType: string,
  entityId: string | null,
  snapshot: Snapshot | null,
): string | null {
  const id = entityId && /^\d+$/.test(entityId) ? entityId : null;
  switch (entityType) {
    case 'site':
      return id ? `/dashboard/site-management/${id}` : null;
    case 'user':
      return id ? `/dashboard/user-management?user=${id}` : null;
    case 'equipment':
      return id ? `/dashboard/equipment-management?unit=${id}` : null;
    case 'equipment_type': {
      const name = text(snapshot?.name);
      return name ? `/dashboard/orders?search=${encodeURIComponent(name)}` : '/dashboard/orders';
    }
    case 'template':
      return id ? `/dashboard/invoice/${id}` : '/dashboard/invoice';
    case 'inspection_category':
      return '/dashboard/picategory';
    case 'assignment': {
      const siteId = snapshot?.siteId;
      return typeof siteId === 'number'
        ? `/dashboard/inspection-management?site=${siteId}`
        : '/dashboard/inspection-management';
    }
    case 'inspection': {
      const siteId = snapshot?.siteId;
      return typeof siteId === 'number' ? `/dashboard/site-management/${siteId}` : null;
    }
    case 'settings':
      return '/dashboard/setting';
    case 'shop_product':
      return id ? `/dashboard/shop/products/${id}` : '/dashboard/shop/products';
    case 'shop_category':
      return '/dashboard/shop/categories';
    default:
      return null;
  }
}

export function describeActivity(row: AuditEventRow, names: Map<string, string>): DashboardActivity {
  const suffix = row.action.includes('.') ? row.action.slice(row.action.indexOf('.') + 1) : row.action;
  const noun = NOUNS[row.entityType] ?? row.entityType.replace(/_/g, ' ');
  const after = asSnapshot(row.after);
  const before = asSnapshot(row.before);
  const snapshot = after ?? before;

  let verb = (VERBS[suffix] ?? `${suffix.replace(/_/g, ' ')} {noun}`).replace('{noun}', noun);
  // A status change says which way it went.
  if (suffix === 'status_change') {
    verb = after?.status === 'inactive' ? `deactivated ${noun}` : `activated ${noun}`;
  }

  let object: string | null = null;
  if (!SELF_ACTIONS.has(suffix)) {
    object =
      labelFromSnapshot(row.entityType, after) ??
      labelFromSnapshot(row.entityType, before) ??
      (row.entityId ? (names.get(`${row.entityType}:${row.entityId}`) ?? null) : null);
    if (!object && row.entityType === 'settings') object = null;
    else if (!object && row.entityId) object = `#${row.entityId}`;
    if (row.entityType === 'assignment' && row.entityId) object = `#${row.entityId}`;
    if (row.entityType === 'inspection' && row.entityId) object = `#${row.entityId}`;
  }

  const actorName = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorId !== null && actorName ? { id: row.actorId, name: actorName } : null,
    action: row.action,
    verb,
    object,
    link: GONE_ACTIONS.has(suffix) ? null : linkFor(row.entityType, row.entityId, snapshot),
  };
}
