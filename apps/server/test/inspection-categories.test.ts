import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, templates } from '../src/db/schema.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

describe('inspection categories API', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let inspector: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const adminUser = await insertUser(ctx.db, { userType: 'admin' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createCategory(overrides: Record<string, unknown> = {}) {
    const response = await call('POST', '/api/inspection-categories', {
      name: unique('Routine'),
      description: 'Monthly visual checks',
      colour: '#1F5FA6',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().category as { id: number; name: string; colour: string; active: boolean };
  }

  it('creates a category, normalising the colour, and audits it', async () => {
    const name = unique('Annual certification');
    const response = await call('POST', '/api/inspection-categories', {
      name: `  ${name}  `,
      description: '',
      colour: '#2B8A3E',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Category created');
    expect(body.category).toMatchObject({
      name,
      description: null,
      colour: '#2b8a3e',
      active: true,
      templateCount: 0,
    });
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'inspection_category'),
          eq(auditEvents.entityId, String(body.category.id)),
        ),
      )
      .orderBy(auditEvents.id);
    expect(event).toMatchObject({ action: 'inspection_category.created', actorId: adminId });
    expect(event!.after).toMatchObject({ name, colour: '#2b8a3e', active: true });
  });

  it('names every missing or malformed field', async () => {
    const empty = await call('POST', '/api/inspection-categories', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    expect(
      empty
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['colour', 'name']);

    const bad = await call('POST', '/api/inspection-categories', {
      name: 'x'.repeat(81),
      colour: 'blue',
      active: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Keep the name under 80 characters' },
        { field: 'colour', message: 'Choose a colour like #1f5fa6' },
        expect.objectContaining({ field: 'active' }),
      ]),
    );
    const nothing = await call('PATCH', `/api/inspection-categories/${(await createCategory()).id}`, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('refuses a duplicate name in any case with 409 on create and rename', async () => {
    const first = await createCategory();
    const duplicate = await call('POST', '/api/inspection-categories', {
      name: first.name.toUpperCase(),
      colour: '#000000',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'name', message: 'An inspection category with this name already exists' }],
    });
    const other = await createCategory();
    const rename = await call('PATCH', `/api/inspection-categories/${other.id}`, { name: first.name });
    expect(rename.statusCode).toBe(409);
  });

  it('reads, edits, deactivates and reactivates, auditing each change', async () => {
    const category = await createCategory();
    const read = await call('GET', `/api/inspection-categories/${category.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().category.id).toBe(category.id);

    const edit = await call('PATCH', `/api/inspection-categories/${category.id}`, {
      description: 'Quarterly checks',
      colour: '#e67700',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'Category saved',
      category: { description: 'Quarterly checks', colour: '#e67700', name: category.name },
    });

    const off = await call('PATCH', `/api/inspection-categories/${category.id}`, { active: false });
    expect(off.json()).toMatchObject({ message: 'Category deactivated', category: { active: false } });
    const on = await call('PATCH', `/api/inspection-categories/${category.id}`, { active: true });
    expect(on.json()).toMatchObject({ message: 'Category activated', category: { active: true } });

    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityType, 'inspection_category'), eq(auditEvents.entityId, String(category.id))),
      )
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual([
      'inspection_category.created',
      'inspection_category.updated',
      'inspection_category.deactivated',
      'inspection_category.activated',
    ]);
    expect(events[1]!.before).toMatchObject({ description: 'Monthly visual checks', colour: '#1f5fa6' });
    expect(events[1]!.after).toMatchObject({ description: 'Quarterly checks', colour: '#e67700' });
  });

  it('lists with search, status filter, sorting and paging', async () => {
    const tag = randomBytes(3).toString('hex');
    const names = [`Alpha ${tag}`, `Beta ${tag}`, `Gamma ${tag}`];
    for (const name of names) await createCategory({ name });
    const gamma = await call('GET', `/api/inspection-categories?search=gamma ${tag}`);
    expect(gamma.json().categories.map((c: { name: string }) => c.name)).toEqual([`Gamma ${tag}`]);

    const inactive = await createCategory({ name: `Delta ${tag}`, active: false });
    const page1 = await call('GET', `/api/inspection-categories?search=${tag}&sort=-name&limit=2`);
    expect(page1.json().categories.map((c: { name: string }) => c.name)).toEqual([
      `Gamma ${tag}`,
      `Delta ${tag}`,
    ]);
    expect(page1.json().pagination).toEqual({ page: 1, limit: 2, total: 4 });
    const page2 = await call('GET', `/api/inspection-categories?search=${tag}&sort=-name&limit=2&page=2`);
    expect(page2.json().categories.map((c: { name: string }) => c.name)).toEqual([
      `Beta ${tag}`,
      `Alpha ${tag}`,
    ]);

    const onlyInactive = await call('GET', `/api/inspection-categories?search=${tag}&status=inactive`);
    expect(onlyInactive.json().categories.map((c: { id: number }) => c.id)).toEqual([inactive.id]);
    const onlyActive = await call('GET', `/api/inspection-categories?search=${tag}&status=active`);
    expect(onlyActive.json().pagination.total).toBe(3);

    // LIKE wildcards in the search are literal.
    expect((await call('GET', `/api/inspection-categories?search=%25${tag}`)).json().pagination.total).toBe(
      0,
    );
    const badSort = await call('GET', '/api/inspection-categories?sort=colour');
    expect(badSort.statusCode).toBe(400);
  });

  it('deletes an unused category, and refuses one in use with 409 (deactivate instead)', async () => {
    const unused = await createCategory();
    const deleted = await call('DELETE', `/api/inspection-categories/${unused.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toContain(unused.name);
    expect((await call('GET', `/api/inspection-categories/${unused.id}`)).statusCode).toBe(404);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'inspection_category.deleted'),
          eq(auditEvents.entityId, String(unused.id)),
        ),
      )
      .orderBy(auditEvents.id);
    expect(event!.before).toMatchObject({ name: unused.name });

    const used = await createCategory();
    await ctx.db.insert(templates).values({ name: unique('Template using a category'), categoryId: used.id });
    const refused = await call('DELETE', `/api/inspection-categories/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/used by 1 template.*Deactivate it instead/);
    expect((await call('GET', `/api/inspection-categories/${used.id}`)).json().category.templateCount).toBe(
      1,
    );
    const deactivated = await call('PATCH', `/api/inspection-categories/${used.id}`, { active: false });
    expect(deactivated.statusCode).toBe(200);
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { active: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, '/api/inspection-categories/999999', payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Inspection category was not found');
    }
    expect((await call('GET', '/api/inspection-categories/abc')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const category = await createCategory();
    for (const [method, url, payload] of [
      ['GET', '/api/inspection-categories', undefined],
      ['POST', '/api/inspection-categories', { name: unique('Nope'), colour: '#000000' }],
      ['GET', `/api/inspection-categories/${category.id}`, undefined],
      ['PATCH', `/api/inspection-categories/${category.id}`, { active: false }],
      ['DELETE', `/api/inspection-categories/${category.id}`, undefined],
    ] as const) {
      expect((await call(method, url, payload, inspector)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await call('GET', `/api/inspection-categories/${category.id}`)).json().category.active).toBe(
      true,
    );
  });
});
