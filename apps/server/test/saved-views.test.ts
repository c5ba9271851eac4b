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

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
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
    expect(seen.state).toEqual({ filters: { due: 'overdue' }, sort: null, hiddenColumns: [] });

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
    }
  });
});
