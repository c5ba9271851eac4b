import type { SiteListResponse } from '@inspecta/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { type Bind, StatementsByShape } from '../src/db/statements-by-shape.js';
import { insertSite } from './helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * Statements built once per shape of filter (db/statements-by-shape.ts, docs/search.md "A rare
 * term's statement, built once per shape"): each run answers its own values, a new shape builds a
 * new statement, and a value left unbound is refused rather than kept from the first request.
 */
describe('statements built once per shape', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    for (const [firstName, userType] of [
      ['Shapeone', 'client'],
      ['Shapetwo', 'client'],
      ['Shapetwo', 'inspector'],
    ] as const)
      await insertUser(ctx.db, { firstName, userType });
  });
  afterAll(() => ctx?.close());

  function namesOf(
    statements: StatementsByShape<Array<{ firstName: string; userType: string }>>,
    builds: string[],
  ) {
    return (name: string, userType?: 'client' | 'inspector') =>
      statements.run(
        (bind: Bind) =>
          and(
            eq(users.firstName, bind('name', name)),
            userType ? eq(users.userType, bind('userType', userType)) : undefined,
          ),
        (where) => {
          builds.push(userType ? 'name and type' : 'name');
          return ctx.db
            .select({ firstName: users.firstName, userType: users.userType })
            .from(users)
            .where(where)
            .orderBy(users.userType);
        },
      );
  }

  it('answers each run with its own values and builds one statement per shape', async () => {
    const builds: string[] = [];
    const names = namesOf(new StatementsByShape(), builds);
    expect(await names('Shapeone')).toEqual([{ firstName: 'Shapeone', userType: 'client' }]);
    // In the user type's declared order (admin, inspector, client).
    expect(await names('Shapetwo')).toEqual([
      { firstName: 'Shapetwo', userType: 'inspector' },
      { firstName: 'Shapetwo', userType: 'client' },
    ]);
    expect(await names('Shapetwo', 'inspector')).toEqual([{ firstName: 'Shapetwo', userType: 'inspector' }]);
    expect(await names('Shapeone', 'inspector')).toEqual([]);
    expect(builds).toEqual(['name', 'name and type']);
  });

  it('refuses a statement that would keep a value from the first run, or one name bound to two values', async () => {
    const statements = new StatementsByShape<unknown[]>();
    await expect(
      statements.run(
        () => sql`${users.firstName} = ${'Shapeone'}`,
        (where) => ctx.db.select({ id: users.id }).from(users).where(where),
      ),
    ).rejects.toThrow('A statement built once per shape holds values not bound: ["Shapeone"]');
    await expect(
      statements.run(
        (bind) => sql`${users.firstName} in (${bind('name', 'a')}, ${bind('name', 'b')})`,
        (where) => ctx.db.select({ id: users.id }).from(users).where(where),
      ),
    ).rejects.toThrow('The statement binds "name" to two values');
  });

  it('lists users by rare terms one after another, each with its own matches, role and page', async () => {
    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/userlist?${query}`,
        headers: { authorization: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { users: Array<{ firstName: string; userType: string }> };
    };
    const shown = async (query: string) =>
      (await list(query)).users.map((u) => `${u.firstName} ${u.userType}`);
    expect(await shown('search=shapeone')).toEqual(['Shapeone client']);
    expect(await shown('search=shapetwo')).toEqual(['Shapetwo inspector', 'Shapetwo client']);
    expect(await shown('search=shapetwo&user_type=client')).toEqual(['Shapetwo client']);
    expect(await shown('search=shapetwo&user_type=inspector')).toEqual(['Shapetwo inspector']);
    expect(await shown('search=shapetwo&limit=1&page=2')).toEqual(['Shapetwo client']);
  });

  it('lists sites by rare terms one after another, each with its own matches, city, status tab and page', async () => {
    for (const [name, city, status] of [
      ['Shapeyard North', 'Pune', 'active'],
      ['Shapeyard South', 'Nashik', 'active'],
      ['Shapeyard East', 'Pune', 'draft'],
      ['Shapedock', 'Pune', 'active'],
    ] as const)
      await insertSite(ctx.db, { name, city, status });
    const shown = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/get/all/sites?${query}&sort=relevance`,
        headers: { authorization: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as SiteListResponse;
      return {
        names: body.sites.map((s) => s.name).sort(),
        draft: body.counts.draft,
        total: body.pagination.total,
      };
    };
    expect(await shown('search=shapedock')).toEqual({ names: ['Shapedock'], draft: 0, total: 1 });
    expect(await shown('search=shapeyard')).toMatchObject({ draft: 1, total: 3 });
    expect(await shown('search=shapeyard&city=Nashik')).toEqual({
      names: ['Shapeyard South'],
      draft: 0,
      total: 1,
    });
    expect(await shown('search=shapeyard&status=draft')).toEqual({
      names: ['Shapeyard East'],
      draft: 1,
      total: 1,
    });
    expect(await shown('search=shapeyard&status=active&limit=1&page=2')).toMatchObject({ total: 2 });
    expect((await shown('search=shapeyard&status=active&limit=1&page=2')).names).toHaveLength(1);
  });
});
