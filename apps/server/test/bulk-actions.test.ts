import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, auditEvents, equipment, notifications, sites, users } from '../src/db/schema.js';
import { insertAssignment, insertWorkRefs, type WorkRefs } from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import {
  type CreatedUser,
  createTestApp,
  insertUser,
  type TestContext,
  tokenFor,
} from './helpers/test-app.js';

/*
 * Bulk actions of the four main lists (issue 21): all or nothing, the single endpoint's rules per
 * row, one audit event per changed row, 403 for other roles, and the `ids` limit.
 */

let ctx: TestContext;
let admin: CreatedUser;
let adminToken: string;
let inspectorToken: string;
let clientToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Admin' });
  adminToken = await tokenFor(ctx.app, admin);
  inspectorToken = await tokenFor(
    ctx.app,
    await insertUser(ctx.db, { userType: 'inspector', phone: '+919800000001' }),
  );
  clientToken = await tokenFor(
    ctx.app,
    await insertUser(ctx.db, { userType: 'client', phone: '+919800000002' }),
  );
});

afterAll(async () => {
  await ctx?.close();
});

function post(url: string, payload: unknown, token = adminToken) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: token },
  });
}

async function auditCount(entityType: string, ids: number[], action?: string) {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, entityType),
        inArray(auditEvents.entityId, ids.map(String)),
        action ? eq(auditEvents.action, action) : undefined,
      ),
    )
    .orderBy(auditEvents.id);
  return rows.length;
}

const ROUTES = [
  ['/api/admin/userlist/bulk', { ids: [1], action: 'deactivate' }],
  ['/api/auth/sites/bulk', { ids: [1], action: 'deactivate' }],
  ['/api/auth/assignments/bulk', { ids: [1], action: 'cancel', cancelReason: 'No longer needed' }],
  ['/api/auth/equipments/bulk', { ids: [1], action: 'retire' }],
] as const;

describe('every bulk endpoint', () => {
  it.each(ROUTES)('%s answers 403 to an inspector and a client', async (url, body) => {
    for (const token of [inspectorToken, clientToken]) {
      const response = await post(url, body, token);
      expect(response.statusCode).toBe(403);
    }
  });

  it.each(ROUTES)('%s refuses more than 500 ids with a 400 naming ids', async (url, body) => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const response = await post(url, { ...body, ids });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain('ids');
  });

  it.each(ROUTES)('%s refuses an empty selection and an unknown action', async (url, body) => {
    const empty = await post(url, { ...body, ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('ids');
    const unknown = await post(url, { ...body, action: 'explode' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.map((d: { field: string }) => d.field)).toContain('action');
  });
});

describe('POST /api/admin/userlist/bulk', () => {
  it('deactivates the selected users, ends their sessions, one audit event each, and counts the already inactive', async () => {
    const a = await insertUser(ctx.db, { userType: 'inspector', phone: '+919811111111' });
    const b = await insertUser(ctx.db, { userType: 'client', phone: '+919811111112' });
    const c = await insertUser(ctx.db, { userType: 'client', phone: '+919811111113', status: 'inactive' });
    const tokenA = await tokenFor(ctx.app, a);

    const response = await post('/api/admin/userlist/bulk', {
      ids: [a.id, b.id, c.id],
      action: 'deactivate',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ changed: 2, unchanged: 1, changedIds: [a.id, b.id] });
    expect(result.unchangedItems).toEqual([{ id: c.id, reason: 'Test User is already inactive' }]);
    expect(result.message).toBe('2 users deactivated; 1 already inactive');

    const rows = await ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, [a.id, b.id]));
    expect(rows.map((r) => r.status)).toEqual(['inactive', 'inactive']);
    expect(await auditCount('user', [a.id, b.id, c.id], 'user.status_change')).toBe(2);
    const signedOut = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: tokenA },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('changes nothing when one user is refused (yourself), naming that id and why', async () => {
    const a = await insertUser(ctx.db, { userType: 'inspector', phone: '+919822222221' });
    const response = await post('/api/admin/userlist/bulk', { ids: [a.id, admin.id], action: 'deactivate' });
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.message).toBe('Nothing was changed: 1 of 2 users cannot be deactivated');
    expect(body.details).toEqual([
      {
        field: 'ids.1',
        id: admin.id,
        message: 'You cannot deactivate your own account. Ask another administrator.',
      },
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.status).toBe('active');
    expect(await auditCount('user', [a.id], 'user.status_change')).toBe(0);
  });

  it('names an unknown id as not found and changes nothing', async () => {
    const a = await insertUser(ctx.db, { userType: 'client', phone: '+919833333331' });
    const response = await post('/api/admin/userlist/bulk', { ids: [a.id, 999_999], action: 'deactivate' });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([{ field: 'ids.1', id: 999_999, message: 'User was not found' }]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.status).toBe('active');
  });
});

describe('POST /api/auth/sites/bulk', () => {
  it('deactivates the selected sites with one audit event each, the already inactive unchanged', async () => {
    const a = await insertSite(ctx.db);
    const b = await insertSite(ctx.db);
    const c = await insertSite(ctx.db, { status: 'inactive' });
    const response = await post('/api/auth/sites/bulk', { ids: [a.id, b.id, c.id], action: 'deactivate' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      changed: 2,
      unchanged: 1,
      message: '2 sites deactivated; 1 already inactive',
      unchangedItems: [{ id: c.id, reason: `Site ${c.siteCode} is already inactive` }],
    });
    const rows = await ctx.db
      .select()
      .from(sites)
      .where(inArray(sites.id, [a.id, b.id]));
    expect(rows.every((r) => r.status === 'inactive')).toBe(true);
    expect(await auditCount('site', [a.id, b.id, c.id], 'site.deactivate')).toBe(2);
  });

  it('changes nothing when a draft is in the batch, and reactivating an incomplete site names its fields', async () => {
    const a = await insertSite(ctx.db);
    const draft = await insertSite(ctx.db, { status: 'draft' });
    const response = await post('/api/auth/sites/bulk', { ids: [a.id, draft.id], action: 'deactivate' });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([
      { field: 'ids.1', id: draft.id, message: 'This site is a draft: save it to make it active' },
    ]);
    const [row] = await ctx.db.select().from(sites).where(eq(sites.id, a.id));
    expect(row!.status).toBe('active');
    expect(await auditCount('site', [a.id])).toBe(0);

    const incomplete = await insertSite(ctx.db, { status: 'inactive' });
    const reactivate = await post('/api/auth/sites/bulk', { ids: [incomplete.id], action: 'reactivate' });
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json().details[0].message).toMatch(
      /^Complete these fields before reactivating the site: /,
    );
  });
});

describe('POST /api/auth/assignments/bulk', () => {
  let refs: WorkRefs;
  let other: CreatedUser;

  beforeAll(async () => {
    const site = await insertSite(ctx.db);
    const inspector = await insertUser(ctx.db, { userType: 'inspector', phone: '+919844444441' });
    other = await insertUser(ctx.db, { userType: 'inspector', phone: '+919844444442' });
    refs = { siteId: site.id, inspectorId: inspector.id, ...(await insertWorkRefs(ctx.db)) };
  });

  it('cancels the selected assignments with the reason, audits and tells the inspector of each', async () => {
    const a = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2030-01-10' });
    const b = await insertAssignment(ctx.db, refs, { status: 'in_progress', dueOn: '2030-01-11' });
    const response = await post('/api/auth/assignments/bulk', {
      ids: [a.id, b.id],
      action: 'cancel',
      cancelReason: 'Client postponed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ changed: 2, unchanged: 0, message: '2 assignments cancelled' });
    const rows = await ctx.db
      .select()
      .from(assignments)
      .where(inArray(assignments.id, [a.id, b.id]));
    expect(rows.map((r) => [r.status, r.cancelReason])).toEqual([
      ['cancelled', 'Client postponed'],
      ['cancelled', 'Client postponed'],
    ]);
    expect(await auditCount('assignment', [a.id, b.id], 'assignment.cancelled')).toBe(2);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, refs.inspectorId), eq(notifications.type, 'assignment.cancelled')));
    expect(told.length).toBeGreaterThanOrEqual(2);
  });

  it('reassigns the selected ones; one already with that inspector is unchanged', async () => {
    const a = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2030-02-10' });
    const b = await insertAssignment(
      ctx.db,
      { ...refs, inspectorId: other.id },
      { status: 'assigned', dueOn: '2030-02-11' },
    );
    const response = await post('/api/auth/assignments/bulk', {
      ids: [a.id, b.id],
      action: 'reassign',
      inspectorId: other.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      changed: 1,
      unchanged: 1,
      changedIds: [a.id],
      unchangedItems: [{ id: b.id, reason: 'Already assigned to this inspector' }],
    });
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.inspectorId).toBe(other.id);
    expect(await auditCount('assignment', [a.id, b.id], 'assignment.reassigned')).toBe(1);
  });

  it('changes nothing when a cancelled assignment is in the batch, naming it', async () => {
    const a = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2030-03-10' });
    const cancelled = await insertAssignment(ctx.db, refs, { status: 'cancelled', dueOn: '2030-03-11' });
    const response = await post('/api/auth/assignments/bulk', {
      ids: [a.id, cancelled.id],
      action: 'reassign',
      inspectorId: other.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([
      {
        field: 'ids.1',
        id: cancelled.id,
        message: 'This assignment was cancelled and can no longer be changed',
      },
    ]);
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.inspectorId).toBe(refs.inspectorId);
    expect(await auditCount('assignment', [a.id])).toBe(0);
  });

  it('asks for the inspector to reassign to and the reason to cancel', async () => {
    const reassign = await post('/api/auth/assignments/bulk', { ids: [1], action: 'reassign' });
    expect(reassign.statusCode).toBe(400);
    expect(reassign.json().details[0]).toMatchObject({ field: 'inspectorId' });
    const cancel = await post('/api/auth/assignments/bulk', { ids: [1], action: 'cancel' });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().details[0]).toMatchObject({ field: 'cancelReason' });
  });
});

describe('POST /api/auth/equipments/bulk', () => {
  it('retires the selected units (no next due date), one audit event each; retired ones unchanged', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const refs = { siteId: site.id, equipmentTypeId: type.id };
    const a = await insertUnit(ctx.db, { ...refs, nextDueOn: '2030-01-01' });
    const b = await insertUnit(ctx.db, refs);
    const retired = await insertUnit(ctx.db, { ...refs, status: 'retired' });
    const response = await post('/api/auth/equipments/bulk', {
      ids: [a.id, b.id, retired.id],
      action: 'retire',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      changed: 2,
      unchanged: 1,
      message: '2 units retired; 1 already retired',
      unchangedItems: [{ id: retired.id, reason: `${retired.assetTag} is already retired` }],
    });
    const rows = await ctx.db
      .select()
      .from(equipment)
      .where(inArray(equipment.id, [a.id, b.id]));
    expect(rows.map((r) => [r.status, r.nextDueOn])).toEqual([
      ['retired', null],
      ['retired', null],
    ]);
    expect(await auditCount('equipment', [a.id, b.id, retired.id], 'equipment.updated')).toBe(2);
  });

  it('changes nothing when an id is unknown, naming it', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const a = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id });
    const response = await post('/api/auth/equipments/bulk', { ids: [999_998, a.id], action: 'retire' });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([
      { field: 'ids.0', id: 999_998, message: 'Equipment was not found' },
    ]);
    const [row] = await ctx.db.select().from(equipment).where(eq(equipment.id, a.id));
    expect(row!.status).toBe('in_service');
  });
});

describe('exporting a selection (ids)', () => {
  function exportCsv(url: string) {
    return ctx.app.inject({ method: 'GET', url, headers: { authorization: adminToken } });
  }

  it('holds exactly the selected rows of each list', async () => {
    const u1 = await insertUser(ctx.db, { userType: 'client', phone: '+919855555551' });
    const u2 = await insertUser(ctx.db, { userType: 'client', phone: '+919855555552' });
    const users_ = await exportCsv(`/api/admin/userlist/export?format=csv&ids=${u1.id},${u2.id}`);
    expect(users_.statusCode).toBe(200);
    expect(users_.headers['x-export-row-count']).toBe('2');
    expect(users_.body).toContain(u1.email);
    expect(users_.body).not.toContain(admin.email);

    const s1 = await insertSite(ctx.db);
    const sites_ = await exportCsv(`/api/auth/get/all/sites/export?format=csv&ids=${s1.id}`);
    expect(sites_.headers['x-export-row-count']).toBe('1');
    expect(sites_.body).toContain(s1.siteCode);

    const type = await insertType(ctx.db);
    const unit = await insertUnit(ctx.db, { siteId: s1.id, equipmentTypeId: type.id });
    await insertUnit(ctx.db, { siteId: s1.id, equipmentTypeId: type.id });
    const units = await exportCsv(`/api/auth/equipments/export?format=csv&ids=${unit.id}`);
    expect(units.statusCode).toBe(200);
    expect(units.headers['x-export-row-count']).toBe('1');
    expect(units.body).toContain(unit.assetTag);

    const work = await exportCsv(`/api/auth/get/active/assignments/export?format=csv&status=all&ids=1,2`);
    expect(work.statusCode).toBe(200);
    expect(Number(work.headers['x-export-row-count'])).toBeLessThanOrEqual(2);
  });

  it('refuses a bad id list naming ids', async () => {
    for (const ids of ['1,x', '0', Array.from({ length: 501 }, (_, i) => i + 1).join(',')]) {
      const response = await exportCsv(`/api/admin/userlist/export?format=csv&ids=${ids}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toMatch(/^ids/);
    }
  });
});
