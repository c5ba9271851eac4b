import { randomBytes } from 'node:crypto';
import type { ActivityEvent, ActivityListResponse } from '@inspecta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudits } from '../src/core/audit.js';
import { auditEvents } from '../src/db/schema.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const tag = () => randomBytes(3).toString('hex');

/**
 * The activity log (docs/activity-log.md): every audit event, filtered by who, what, which object
 * and when, with the difference field by field; administrators only; secrets never shown.
 */
describe('activity log', () => {
  let ctx: TestContext;
  let adminToken: string;
  let adminId: number;
  let siteId: number;
  const siteName = `Activity Site ${tag()}`;

  async function get(url: string, token = adminToken) {
    return ctx.app.inject({ method: 'GET', url, headers: { authorization: token } });
  }

  async function list(query: string): Promise<ActivityListResponse> {
    const response = await get(`/api/activity?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await insertUser(ctx.db, { firstName: 'Asha', lastName: 'Rao' });
    adminId = admin.id;
    adminToken = await tokenFor(ctx.app, admin);
    const client = await insertUser(ctx.db, { userType: 'client', company: 'Lakeview Pvt Ltd' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sites',
      headers: { authorization: adminToken },
      payload: { name: siteName, clientId: client.id, city: 'Pune' },
    });
    expect(created.statusCode, created.body).toBe(201);
    siteId = created.json().site.id;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/update/sites/${siteId}`,
      headers: { authorization: adminToken },
      payload: { city: 'Mumbai', contactName: 'Sanjay Shah' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
  });
  afterAll(() => ctx.close());

  it("shows one object's history newest first, worded, with the change field by field", async () => {
    const { events, pagination } = await list(`entity_type=site&entity_id=${siteId}`);
    expect(events.map((e) => e.action)).toEqual(['site.update', 'site.create']);
    expect(pagination).toMatchObject({ page: 1, limit: 20, total: 2 });
    const update = events[0]!;
    expect(update).toMatchObject({
      actor: { id: adminId, name: 'Asha Rao' },
      verb: 'updated site',
      entityType: 'site',
      entityId: String(siteId),
      link: `/dashboard/site-management/${siteId}`,
    });
    expect(update.object).toContain(siteName);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'city', from: 'Pune', to: 'Mumbai' },
        { field: 'contactName', from: null, to: 'Sanjay Shah' },
      ]),
    );
    // Bookkeeping fields are not news.
    expect(update.changes.map((c) => c.field)).not.toContain('updatedAt');
    expect(update.changes.map((c) => c.field)).not.toContain('searchText');
  });

  it('filters by actor, action, day range and search', async () => {
    const byActor = await list(`actor_id=${adminId}&limit=100`);
    expect(byActor.events.length).toBeGreaterThanOrEqual(3); // sign-in, create, update
    expect(byActor.events.every((e) => e.actor?.id === adminId)).toBe(true);

    const byAction = await list(`action=site.update&actor_id=${adminId}`);
    expect(byAction.events.map((e) => e.action)).toEqual(['site.update']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`actor_id=${adminId}&from=${today}&to=${today}`)).events.length).toBe(
      byActor.events.length,
    );
    expect((await list(`actor_id=${adminId}&to=2020-01-01`)).events).toEqual([]);

    const bySearch = await list(`search=${encodeURIComponent(siteName)}`);
    expect(bySearch.events.map((e) => e.action).sort()).toEqual(['site.create', 'site.update']);

    const actions = await get('/api/activity/actions');
    expect(actions.statusCode).toBe(200);
    expect(actions.json().actions).toEqual(
      expect.arrayContaining([{ action: 'site.update', entityType: 'site' }]),
    );
  });

  it('pages with a stable order and no event twice', async () => {
    const entityId = `paging-${tag()}`;
    await recordAudits(
      ctx.db,
      Array.from({ length: 25 }, (_, i) => ({
        actorId: adminId,
        action: 'site.update',
        entityType: 'site',
        entityId,
        before: { notes: `n${i}` },
        after: { notes: `n${i + 1}` },
      })),
    );
    const first = await list(`entity_type=site&entity_id=${entityId}&limit=10`);
    const third = await list(`entity_type=site&entity_id=${entityId}&limit=10&page=3`);
    expect(first.pagination).toMatchObject({ total: 25, page: 1, limit: 10 });
    expect(first.events).toHaveLength(10);
    expect(third.events).toHaveLength(5);
    const pages = [first, await list(`entity_type=site&entity_id=${entityId}&limit=10&page=2`), third];
    const ids = pages.flatMap((p) => p.events.map((e) => e.id));
    expect(new Set(ids).size).toBe(25);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('never shows a secret, even one an old event kept', async () => {
    const entityId = `secret-${tag()}`;
    // Written around recordAudit's scrubbing, as an event from an older version might have been.
    await ctx.db.insert(auditEvents).values({
      actorId: adminId,
      action: 'settings.organisation',
      entityType: 'settings',
      entityId,
      before: { passwordHash: '$argon2id$v=19$old', smtp: { host: 'a', password: 'hunter2' } },
      after: {
        passwordHash: '$argon2id$v=19$new',
        tokenHash: 'abc123tokenhash',
        privateKeyPem: '-----BEGIN PRIVATE KEY-----',
        smtp: { host: 'b', password: 'hunter3' },
        name: 'Inspecta Ltd',
      },
    });
    const response = await get(`/api/activity?entity_type=settings&entity_id=${entityId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/argon2id|hunter|abc123tokenhash|PRIVATE KEY|passwordHash|tokenHash/);
    const [event] = (response.json() as ActivityListResponse).events as [ActivityEvent];
    expect(event.changes).toEqual([
      { field: 'smtp', from: '{"host":"a"}', to: '{"host":"b"}' },
      { field: 'name', from: null, to: 'Inspecta Ltd' },
    ]);

    // A password change through the API leaves an event that names no hash.
    const self = await get(`/api/activity?actor_id=${adminId}&limit=100`);
    expect(self.body).not.toContain('$argon2id$v=19$new');
  });

  it('is for administrators only', async () => {
    for (const userType of ['inspector', 'client'] as const) {
      const user = await insertUser(ctx.db, { userType });
      const token = await tokenFor(ctx.app, user);
      for (const url of [
        '/api/activity',
        `/api/activity?entity_type=site&entity_id=${siteId}`,
        '/api/activity/actions',
      ]) {
        expect((await get(url, token)).statusCode).toBe(403);
      }
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });

  it('answers bad filters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01', 'from'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['entity_id=12', 'entity_id'],
      ['actor_id=abc', 'actor_id'],
      ['action=DROP%20TABLE', 'action'],
      ['limit=1000', 'limit'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/activity?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(
        response.json().details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });
});
