import type { InspectionHistoryResponse } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWorkSetting, type WorkRefs } from './helpers/dashboard-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The history counts its matches only up to 10,000 (docs/inspections.md, "Counting"). A client must
 * be able to tell "exactly 10,000" from "more than 10,000": the second says `totalIsCapped: true`.
 */
describe('inspection history: the capped total', () => {
  let ctx: TestContext;
  let admin: string;
  let refs: WorkRefs;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    refs = await insertWorkSetting(ctx.db);
  });
  afterAll(() => ctx.close());

  /** `count` more completed inspections, each on its own completed assignment, in two statements. */
  async function addCompleted(count: number) {
    await ctx.db.execute(sql`
      with made as (
        insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status, scheduled_for, due_on)
        select ${refs.siteId}, ${refs.inspectorId}, ${refs.categoryId}, ${refs.templateId}, 1, 'completed', '2026-05-01', '2026-05-01'
        from generate_series(1, ${count})
        returning id
      )
      insert into inspections (assignment_id, site_id, inspector_id, category_id, template_id, template_version,
                               status, result, total_items, unit_count, started_at, completed_at)
      select id, ${refs.siteId}, ${refs.inspectorId}, ${refs.categoryId}, ${refs.templateId}, 1,
             'completed', 'pass', 10, 1, timestamptz '2026-05-01 09:00Z', timestamptz '2026-05-01 10:00Z' + id * interval '1 second'
      from made`);
  }

  async function firstPage(query = '') {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/inspections?limit=20${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InspectionHistoryResponse;
  }

  it('answers exactly 10,000 without the flag, and 10,000 with the flag once more match', async () => {
    await addCompleted(10_000);
    const exact = await firstPage();
    expect(exact.data).toHaveLength(20);
    expect(exact.pagination).toEqual({ page: 1, limit: 20, total: 10_000 });

    await addCompleted(1);
    const more = await firstPage();
    expect(more.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });

    // A narrower filter counts exactly again.
    const narrow = await firstPage('&result=fail');
    expect(narrow.pagination).toEqual({ page: 1, limit: 20, total: 0 });
  }, 60_000);
});
