import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWorkSetting, type WorkRefs } from './helpers/dashboard-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The categories, templates and schedules count as every list does (issue 22, docs/search.md): exactly
 * up to 10,000, then `total: 10000` with `totalIsCapped: true` ("10,000+" on the screen).
 */
describe('categories, templates and schedules: the capped total', () => {
  let ctx: TestContext;
  let admin: string;
  let refs: WorkRefs;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    refs = await insertWorkSetting(ctx.db);
  });
  afterAll(() => ctx.close());

  async function pagination(url: string) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().pagination as { total: number; totalIsCapped?: boolean };
  }

  /** Adds rows named `${word} n` for n in from…to, in one statement. */
  const add = {
    categories: (word: string, from: number, to: number) =>
      ctx.db.execute(sql`
        insert into inspection_categories (name, colour)
        select ${word} || ' ' || g, 'blue' from generate_series(${from}::int, ${to}::int) g`),
    templates: (word: string, from: number, to: number) =>
      ctx.db.execute(sql`
        insert into templates (name, category_id)
        select ${word} || ' ' || g, ${refs.categoryId} from generate_series(${from}::int, ${to}::int) g`),
    schedules: (word: string, from: number, to: number) =>
      ctx.db.execute(sql`
        insert into schedules (name, site_id, category_id, template_id, inspector_ids, starts_on)
        select ${word} || ' ' || g, ${refs.siteId}, ${refs.categoryId}, ${refs.templateId},
               array[${refs.inspectorId}::int], date '2026-01-01'
        from generate_series(${from}::int, ${to}::int) g`),
  };

  it.each([
    ['categories', '/api/inspection-categories'],
    ['templates', '/api/templates'],
    ['schedules', '/api/schedules'],
  ] as const)(
    '%s: exactly 10,000 matches without the flag, 10,000 and the flag with one more',
    async (kind, path) => {
      const word = `Capword${kind}`;
      const url = `${path}?search=${word}&limit=20`;
      await add[kind](word, 1, 10_000);
      expect(await pagination(url)).toEqual({ page: 1, limit: 20, total: 10_000 });
      await add[kind](word, 10_001, 10_001);
      expect(await pagination(url)).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
      // A narrower search still counts exactly.
      expect((await pagination(`${path}?search=${word} 10001&limit=20`)).total).toBe(1);
    },
  );
});
