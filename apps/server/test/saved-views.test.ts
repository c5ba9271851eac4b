import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../src/core/security/session-token.js';
import { auditEvents, sessions } from '../src/db/schema.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

describe('saved views API', () => {
  let ctx: TestContext;
  let adminA: string;
  let adminAId: number;
  let adminB: string;
  let inspector: string;
  let client: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const a = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Rao' });
    adminAId = a.id;
    adminA = await tokenFor(ctx.app, a);
    adminB = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    const clientUser = await insertUser(ctx.db, { userType: 'client' });
    // Clients cannot sign in to the dashboard; a session row as the portal would hold one.
    client = randomBytes(32).toString('base64url');
    await ctx.db.insert(sessions).values({
      userId: clientUser.id,
      tokenHash: hashSessionToken(client),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const sitesState = {
    filters: { status: 'active', city: 'Pune' },
    sort: '-name',
    hiddenColumns: ['equipment'],
  };

  async function save(token: string, body: Record<string, unknown>) {
    const response = await call('POST', '/api/saved-views', token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().view as { id: number; name: string; shared: boolean; mine: boolean };
  }

  it('saves a view with its state, lists it as the owner’s, and audits it', async () => {
    const response = await call('POST', '/api/saved-views', adminA, {
      list: 'sites',
      name: '  Active in Pune  ',
      state: sitesState,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { view, message } = response.json();
    expect(message).toBe('View “Active in Pune” saved');
    expect(view).toMatchObject({
      list: 'sites',
      name: 'Active in Pune',
      state: sitesState,
      shared: false,
      mine: true,
      owner: { id: adminAId, name: 'Asha Rao' },
    });
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'saved_view.created'), eq(auditEvents.entityId, String(view.id))))
      .orderBy(auditEvents.id);
    expect(event?.actorId).toBe(adminAId);

    const list = await call('GET', '/api/saved-views?list=sites', adminA);
    expect(list.statusCode).toBe(200);
    expect(list.json().views.map((v: { name: string }) => v.name)).toContain('Active in Pune');
    // Another list's views are not mixed in.
    const users = await call('GET', '/api/saved-views?list=users', adminA);
    expect(users.json().views).toEqual([]);
  });

  it('shows a view to other administrators only once it is shared, marked as not theirs', async () => {
    const view = await save(adminA, {
      list: 'equipment',
      name: 'Overdue units',
      state: { filters: { due: 'overdue' } },
    });
    const before = await call('GET', '/api/saved-views?list=equipment', adminB);
    expect(before.json().views.map((v: { id: number }) => v.id)).not.toContain(view.id);

    const shared = await call('PATCH', `/api/saved-views/${view.id}`, adminA, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().message).toBe('View “Overdue units” shared with the other administrators');

    const after = await call('GET', '/api/saved-views?list=equipment', adminB);
    const seen = after.json().views.find((v: { id: number }) => v.id === view.id);
    expect(seen).toMatchObject({ mine: false, shared: true, owner: { name: 'Asha Rao' } });
    expect(seen.state).toEqual({
      filters: { due: 'overdue' },
      sort: null,
      hiddenColumns: [],
      columnOrder: [],
    });

    // B's own views come first.
    await save(adminB, { list: 'equipment', name: 'Zeta', state: {} });
    const ordered = await call('GET', '/api/saved-views?list=equipment', adminB);
    expect(ordered.json().views.map((v: { mine: boolean }) => v.mine)).toEqual([true, false]);

    await call('PATCH', `/api/saved-views/${view.id}`, adminA, { shared: false });
    const unshared = await call('GET', '/api/saved-views?list=equipment', adminB);
    expect(unshared.json().views.map((v: { id: number }) => v.id)).not.toContain(view.id);
  });

  it('lets only the owner rename, update or delete a view', async () => {
    const view = await save(adminA, {
      list: 'sites',
      name: 'Drafts',
      state: { filters: { status: 'draft' } },
      shared: true,
    });
    const rename = await call('PATCH', `/api/saved-views/${view.id}`, adminB, { name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toMatch(/only the administrator who saved/i);
    expect((await call('DELETE', `/api/saved-views/${view.id}`, adminB)).statusCode).toBe(403);

    await call('PATCH', `/api/saved-views/${view.id}`, adminA, { shared: false });
    // Unshared, it does not exist for B.
    expect((await call('PATCH', `/api/saved-views/${view.id}`, adminB, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved-views/${view.id}`, adminB)).statusCode).toBe(404);

    const updated = await call('PATCH', `/api/saved-views/${view.id}`, adminA, {
      name: 'Drafts by name',
      state: { filters: { status: 'draft' }, sort: 'name', hiddenColumns: ['updated', 'city'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().view).toMatchObject({
      name: 'Drafts by name',
      state: { sort: 'name', hiddenColumns: ['updated', 'city'] },
    });

    const removed = await call('DELETE', `/api/saved-views/${view.id}`, adminA);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('View “Drafts by name” deleted');
    expect((await call('DELETE', `/api/saved-views/${view.id}`, adminA)).statusCode).toBe(404);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'saved_view.deleted'), eq(auditEvents.entityId, String(view.id))))
      .orderBy(auditEvents.id);
    expect(event?.before).toMatchObject({ name: 'Drafts by name' });
  });

  it('answers 409 naming `name` for a name the owner already uses on that list (any case)', async () => {
    await save(adminA, { list: 'users', name: 'Inspectors', state: { filters: { type: 'inspector' } } });
    const again = await call('POST', '/api/saved-views', adminA, {
      list: 'users',
      name: 'INSPECTORS',
      state: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: 'name', message: expect.any(String) }]);
    // Another administrator, or another list, may use the same name.
    await save(adminB, { list: 'users', name: 'Inspectors', state: {} });
    await save(adminA, { list: 'sites', name: 'Inspectors', state: {} });
    // A rename onto a taken name is refused the same way.
    const other = await save(adminA, { list: 'users', name: 'Clients', state: {} });
    const rename = await call('PATCH', `/api/saved-views/${other.id}`, adminA, { name: 'inspectors' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().details[0].field).toBe('name');
  });

  it('checks the state against its list and names the field that is wrong', async () => {
    const badFilter = await call('POST', '/api/saved-views', adminA, {
      list: 'sites',
      name: 'Bad',
      state: { filters: { colour: 'red' } },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().details.map((d: { field: string }) => d.field)).toEqual(['state.filters.colour']);

    const badSort = await call('POST', '/api/saved-views', adminA, {
      list: 'sites',
      name: 'Bad',
      state: { sort: '-dueOn', hiddenColumns: ['nope'] },
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().details.map((d: { field: string }) => d.field)).toEqual([
      'state.sort',
      'state.hiddenColumns.0',
    ]);

    const badList = await call('POST', '/api/saved-views', adminA, { list: 'bills', name: 'x', state: {} });
    expect(badList.statusCode).toBe(400);
    expect(badList.json().details[0].field).toBe('list');

    const noName = await call('POST', '/api/saved-views', adminA, { list: 'sites', name: '  ', state: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0].field).toBe('name');

    const view = await save(adminA, {
      list: 'assignments',
      name: 'Overdue',
      state: { filters: { tab: 'overdue' } },
    });
    // A new state is checked against the view's own list.
    const patch = await call('PATCH', `/api/saved-views/${view.id}`, adminA, {
      state: { filters: { city: 'Pune' } },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().details[0].field).toBe('state.filters.city');
    const empty = await call('PATCH', `/api/saved-views/${view.id}`, adminA, {});
    expect(empty.statusCode).toBe(400);

    expect((await call('GET', '/api/saved-views', adminA)).statusCode).toBe(400);
  });

  it('refuses inspectors and clients', async () => {
    const view = await save(adminA, { list: 'sites', name: 'Everyone', state: {}, shared: true });
    for (const token of [inspector, client]) {
      expect((await call('GET', '/api/saved-views?list=sites', token)).statusCode).toBe(403);
      const post = await call('POST', '/api/saved-views', token, { list: 'sites', name: 'x', state: {} });
      expect(post.statusCode).toBe(403);
      expect((await call('PATCH', `/api/saved-views/${view.id}`, token, { name: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/saved-views/${view.id}`, token)).statusCode).toBe(403);
      const put = await call('PUT', '/api/saved-views/defaults/sites', token, { viewId: view.id });
      expect(put.statusCode).toBe(403);
      expect((await call('DELETE', '/api/saved-views/defaults/sites', token)).statusCode).toBe(403);
    }
  });

  it('stores a column order and answers 400 naming the entry for an unknown or repeated column', async () => {
    const view = await save(adminA, {
      list: 'sites',
      name: 'Status first',
      state: { columnOrder: ['status', 'client'] },
    });
    expect(view).toMatchObject({ state: { columnOrder: ['status', 'client'] } });

    const bad = await call('POST', '/api/saved-views', adminA, {
      list: 'sites',
      name: 'Bad order',
      state: { columnOrder: ['status', 'colour', 'status'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual([
      'state.columnOrder.1',
      'state.columnOrder.2',
    ]);
    const patch = await call('PATCH', `/api/saved-views/${view.id}`, adminA, {
      state: { columnOrder: ['city', 'city'] },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().details[0].field).toBe('state.columnOrder.1');
  });

  describe('default views', () => {
    const events = (action: string, viewId: number) =>
      ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(viewId))))
        .orderBy(auditEvents.id);
    const defaultOf = async (token: string, list: string) =>
      (await call('GET', `/api/saved-views?list=${list}`, token)).json().defaultViewId;

    it('sets one of the caller’s own or shared views as their default, audited, and clears it', async () => {
      expect(await defaultOf(adminA, 'equipment-types')).toBeNull();
      const own = await save(adminA, { list: 'equipment-types', name: 'Active types', state: {} });
      const set = await call('PUT', '/api/saved-views/defaults/equipment-types', adminA, { viewId: own.id });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({
        defaultViewId: own.id,
        message: '“Active types” opens with the Equipment types list now',
      });
      expect(await defaultOf(adminA, 'equipment-types')).toBe(own.id);
      // Another administrator's default is their own.
      expect(await defaultOf(adminB, 'equipment-types')).toBeNull();
      const [event] = await events('saved_view.default_set', own.id);
      expect(event).toMatchObject({ actorId: adminAId, after: { list: 'equipment-types', viewId: own.id } });

      // B makes A's shared view their default; a second one replaces it.
      const shared = await save(adminA, {
        list: 'equipment-types',
        name: 'Shared types',
        state: {},
        shared: true,
      });
      expect(
        (await call('PUT', '/api/saved-views/defaults/equipment-types', adminB, { viewId: shared.id }))
          .statusCode,
      ).toBe(200);
      expect(await defaultOf(adminB, 'equipment-types')).toBe(shared.id);
      const mineB = await save(adminB, { list: 'equipment-types', name: 'B types', state: {} });
      await call('PUT', '/api/saved-views/defaults/equipment-types', adminB, { viewId: mineB.id });
      expect(await defaultOf(adminB, 'equipment-types')).toBe(mineB.id);
      const [replaced] = await events('saved_view.default_set', mineB.id);
      expect(replaced?.before).toMatchObject({ viewId: shared.id });

      const cleared = await call('DELETE', '/api/saved-views/defaults/equipment-types', adminB);
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().defaultViewId).toBeNull();
      expect(await defaultOf(adminB, 'equipment-types')).toBeNull();
      expect(await events('saved_view.default_cleared', mineB.id)).toHaveLength(1);
      // Clearing again changes nothing and audits nothing.
      expect((await call('DELETE', '/api/saved-views/defaults/equipment-types', adminB)).statusCode).toBe(
        200,
      );
      expect(await events('saved_view.default_cleared', mineB.id)).toHaveLength(1);
    });

    it('answers 404 for a view the caller does not see and 400 on `viewId` for another list', async () => {
      const hidden = await save(adminA, { list: 'users', name: 'A only', state: {} });
      const notShared = await call('PUT', '/api/saved-views/defaults/users', adminB, { viewId: hidden.id });
      expect(notShared.statusCode).toBe(404);
      expect(
        (await call('PUT', '/api/saved-views/defaults/users', adminB, { viewId: 999999 })).statusCode,
      ).toBe(404);
      const otherList = await call('PUT', '/api/saved-views/defaults/sites', adminA, { viewId: hidden.id });
      expect(otherList.statusCode).toBe(400);
      expect(otherList.json().details[0].field).toBe('viewId');
      const noView = await call('PUT', '/api/saved-views/defaults/users', adminA, {});
      expect(noView.statusCode).toBe(400);
      expect(noView.json().details[0].field).toBe('viewId');
      const badList = await call('PUT', '/api/saved-views/defaults/bills', adminA, { viewId: hidden.id });
      expect(badList.statusCode).toBe(400);
      expect(badList.json().details[0].field).toBe('list');
    });

    it('stops being anyone’s default when the view is unshared or deleted', async () => {
      const view = await save(adminA, {
        list: 'inspection-history',
        name: 'Failed',
        state: { filters: { result: 'fail' } },
        shared: true,
      });
      await call('PUT', '/api/saved-views/defaults/inspection-history', adminA, { viewId: view.id });
      await call('PUT', '/api/saved-views/defaults/inspection-history', adminB, { viewId: view.id });
      expect(await defaultOf(adminB, 'inspection-history')).toBe(view.id);

      // Unshared, B no longer sees it, so it is not B's default; it stays A's.
      await call('PATCH', `/api/saved-views/${view.id}`, adminA, { shared: false });
      expect(await defaultOf(adminB, 'inspection-history')).toBeNull();
      expect(await defaultOf(adminA, 'inspection-history')).toBe(view.id);
      await call('PATCH', `/api/saved-views/${view.id}`, adminA, { shared: true });
      expect(await defaultOf(adminB, 'inspection-history')).toBeNull();

      expect((await call('DELETE', `/api/saved-views/${view.id}`, adminA)).statusCode).toBe(200);
      expect(await defaultOf(adminA, 'inspection-history')).toBeNull();
      const cleared = await events('saved_view.default_cleared', view.id);
      expect(cleared.map((e) => (e.before as { userId: number }).userId)).toEqual([
        expect.any(Number),
        adminAId,
      ]);
    });
  });
});
