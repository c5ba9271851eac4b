import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionResultDays, inspections, siteStatusCounts, sites } from '../src/db/schema.js';
import {
  fetchDashboard,
  insertInspectionRecord,
  insertWorkRefs,
  type WorkRefs,
} from './helpers/dashboard-fixtures.js';
import { insertSite } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The home screen reads its site figures from `site_status_counts` and its weekly chart and this
 * month's figures from `inspection_result_days`, which triggers on `sites` and `inspections` keep
 * in step (migration 0014). After every kind of write, the summaries must equal a grouping of the
 * rows themselves, and the figures a client sees must equal a direct count. Today is Wednesday
 * 17 June 2026 (UTC): the month starts 1 June; the chart's last week starts Monday 15 June.
 */
describe('home summaries: site and completion figures follow every write', () => {
  let ctx: TestContext;
  let admin: string;
  let refs: WorkRefs;
  const clock = new FakeClock(new Date('2026-06-17T10:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    const site = await insertSite(ctx.db);
    refs = { siteId: site.id, inspectorId: inspector.id, ...(await insertWorkRefs(ctx.db)) };
  });
  afterAll(() => ctx.close());

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  const dashboard = () => fetchDashboard(ctx.app, admin);

  /** Sites: the summary is exactly the grouped register and the figure a direct count. */
  async function expectSitesInStep(expected?: { active: number; draft: number; inactive: number }) {
    const grouped = await ctx.db
      .select({ status: sites.status, sites: sql<number>`count(*)::int` })
      .from(sites)
      .groupBy(sites.status)
      .orderBy(sites.status);
    const summary = await ctx.db.select().from(siteStatusCounts).orderBy(siteStatusCounts.status);
    expect(summary).toEqual(grouped);
    const direct = Object.fromEntries(['active', 'draft', 'inactive'].map((s) => [s, 0])) as Record<
      string,
      number
    >;
    for (const row of grouped) direct[row.status] = Number(row.sites);
    if (expected) expect(direct).toEqual(expected);
    const figure = (await dashboard()).figures.find((f) => f.key === 'activeSites')!;
    expect(figure.value).toBe(direct.active);
    expect(figure.detail).toBe(`${direct.draft} draft · ${direct.inactive} inactive`);
  }

  /** Completions: the summary is exactly the grouped completed inspections; the figures match. */
  async function expectCompletionsInStep(expected?: { monthPass: number; monthFail: number }) {
    const grouped = rowsOf<{ day: string; result: 'pass' | 'fail'; inspections: number }>(
      await ctx.db.execute(sql`
        select (completed_at at time zone 'UTC')::date::text as day, result, count(*)::int as inspections
        from inspections where status = 'completed' and result is not null and completed_at is not null
        group by 1, 2 order by 1, 2`),
    ).map((r) => ({ ...r, inspections: Number(r.inspections) }));
    const summary = await ctx.db
      .select()
      .from(inspectionResultDays)
      .orderBy(inspectionResultDays.day, inspectionResultDays.result);
    expect(summary).toEqual(grouped);

    const inMonth = (result: string) =>
      grouped
        .filter((r) => r.result === result && r.day >= '2026-06-01' && r.day < '2026-07-01')
        .reduce((n, r) => n + r.inspections, 0);
    const month = { monthPass: inMonth('pass'), monthFail: inMonth('fail') };
    if (expected) expect(month).toEqual(expected);
    const data = await dashboard();
    expect(data.figures.find((f) => f.key === 'completedThisMonth')!.value).toBe(
      month.monthPass + month.monthFail,
    );
    const thisWeek = data.charts.inspectionsPerWeek.at(-1)!;
    const inWeek = (result: string) =>
      grouped
        .filter((r) => r.result === result && r.day >= '2026-06-15')
        .reduce((n, r) => n + r.inspections, 0);
    expect(thisWeek).toMatchObject({ weekStart: '2026-06-15', pass: inWeek('pass'), fail: inWeek('fail') });
  }

  it('counts sites created, moved between statuses and deleted through the API, and in bulk', async () => {
    await expectSitesInStep({ active: 1, draft: 0, inactive: 0 });
    const a = await insertSite(ctx.db, { status: 'active' });
    const draft = await insertSite(ctx.db, { status: 'draft' });
    await insertSite(ctx.db, { status: 'inactive' });
    await expectSitesInStep({ active: 2, draft: 1, inactive: 1 });

    const call = (method: 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      ctx.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
    const deactivated = await call('PATCH', `/api/auth/sites/${a.id}/status`, { status: 'inactive' });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await expectSitesInStep({ active: 1, draft: 1, inactive: 2 });

    const removedDraft = await call('DELETE', `/api/auth/sites/delete/${draft.id}`);
    expect(removedDraft.statusCode, removedDraft.body).toBe(200);
    // The draft row went to zero and is gone from the summary, not left as a zero.
    await expectSitesInStep({ active: 1, draft: 0, inactive: 2 });
    expect(await ctx.db.select().from(siteStatusCounts).where(eq(siteStatusCounts.status, 'draft'))).toEqual(
      [],
    );

    const removed = await call('DELETE', `/api/auth/sites/delete/${a.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectSitesInStep({ active: 1, draft: 0, inactive: 1 });

    const bulk = await Promise.all(Array.from({ length: 6 }, () => insertSite(ctx.db, { status: 'draft' })));
    await ctx.db
      .update(sites)
      .set({
        status: sql`case when ${sites.id} % 2 = 0 then 'active'::site_status else 'inactive'::site_status end`,
      })
      .where(
        inArray(
          sites.id,
          bulk.map((s) => s.id),
        ),
      );
    await expectSitesInStep();
    await ctx.db.delete(sites).where(
      inArray(
        sites.id,
        bulk.map((s) => s.id),
      ),
    );
    await expectSitesInStep({ active: 1, draft: 0, inactive: 1 });
  });

  it('counts completed inspections by UTC day and result, on the month and week boundaries', async () => {
    await expectCompletionsInStep({ monthPass: 0, monthFail: 0 });
    const record = (result: 'pass' | 'fail', iso: string) =>
      insertInspectionRecord(ctx.db, refs, { result, completedAt: new Date(iso) });
    await record('pass', '2026-05-31T23:59:59Z'); // the last second of May: not this month
    await record('pass', '2026-06-01T00:00:00Z');
    await record('fail', '2026-06-14T23:30:00Z'); // Sunday: the week before the chart's last
    await record('fail', '2026-06-15T00:10:00Z');
    await record('pass', '2026-06-17T09:00:00Z');
    await expectCompletionsInStep({ monthPass: 2, monthFail: 2 });
  });

  it('follows an in-progress inspection through autosaves to its completion, and re-judged results', async () => {
    const assignment = await insertInspectionRecord(ctx.db, refs, {
      result: 'pass',
      completedAt: new Date('2026-06-16T08:00:00Z'),
    });
    await expectCompletionsInStep({ monthPass: 3, monthFail: 2 });

    // An in-progress row counts nowhere, however often it is saved.
    const { assignmentId } = assignment;
    await ctx.db.delete(inspections).where(eq(inspections.id, assignment.id));
    await expectCompletionsInStep({ monthPass: 2, monthFail: 2 });
    const draft = await insertInspectionRecord(ctx.db, refs, { inProgress: true, assignmentId });
    for (let i = 0; i < 3; i++) {
      await ctx.db
        .update(inspections)
        .set({ remarks: `autosave ${i}`, progressSavedAt: new Date() })
        .where(eq(inspections.id, draft.id));
    }
    await expectCompletionsInStep({ monthPass: 2, monthFail: 2 });

    // Submitted: the in-progress row becomes a completed one.
    await ctx.db
      .update(inspections)
      .set({
        status: 'completed',
        result: 'fail',
        failedItems: 2,
        completedAt: new Date('2026-06-17T09:30:00Z'),
      })
      .where(eq(inspections.id, draft.id));
    await expectCompletionsInStep({ monthPass: 2, monthFail: 3 });

    // One statement moving many: every completed inspection turned to pass.
    await ctx.db.update(inspections).set({ result: 'pass' }).where(eq(inspections.status, 'completed'));
    await expectCompletionsInStep({ monthPass: 5, monthFail: 0 });
  });

  it('stays exact under concurrent transactions completing on the same day (PostgreSQL: one per pool connection)', async () => {
    const before = await dashboard();
    const completedBefore = before.figures.find((f) => f.key === 'completedThisMonth')!.value;
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        ctx.db.transaction(async (tx) => {
          await insertInspectionRecord(tx as never, refs, {
            result: n % 2 ? 'fail' : 'pass',
            completedAt: new Date(`2026-06-1${n % 3}T12:00:00Z`),
          });
          await insertSite(tx as never, { status: n % 2 ? 'draft' : 'active' });
        }),
      ),
    );
    await expectCompletionsInStep();
    await expectSitesInStep();
    const after = (await dashboard()).figures.find((f) => f.key === 'completedThisMonth')!.value;
    expect(after).toBe((completedBefore ?? 0) + 10);
  });

  it('leaves both summaries untouched by writes that are rolled back', async () => {
    const summaryBefore = {
      sites: await ctx.db.select().from(siteStatusCounts).orderBy(siteStatusCounts.status),
      days: await ctx.db.select().from(inspectionResultDays).orderBy(inspectionResultDays.day),
    };
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.update(sites).set({ status: 'inactive' });
        await tx.update(inspections).set({ result: 'fail' });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await ctx.db.select().from(siteStatusCounts).orderBy(siteStatusCounts.status)).toEqual(
      summaryBefore.sites,
    );
    expect(await ctx.db.select().from(inspectionResultDays).orderBy(inspectionResultDays.day)).toEqual(
      summaryBefore.days,
    );
    await expectSitesInStep();
    await expectCompletionsInStep();
  });
});
