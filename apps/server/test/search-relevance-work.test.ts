import { randomBytes } from 'node:crypto';
import type { AssignmentListResponse, InspectionHistoryResponse } from '@inspecta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema.js';
import { insertSite, insertSitesNamed } from './helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';
import { insertManyCompleted, insertWork, type WorkSeed, workSeed } from './helpers/work-search-fixtures.js';

/**
 * The inspection history's and the assignment list's search (issue 22, docs/search.md "Speed and
 * relevance of list search"): the id or the exact SiteId no. first, then a SiteId no., site name,
 * city, inspector (or template) name starting with the term, then the rest; totals counted exactly
 * up to 10,000 while searching, "10,000+" beyond.
 */
describe('inspection history and assignment list: relevance and the capped total while searching', () => {
  let ctx: TestContext;
  let admin: string;
  let seed: WorkSeed;
  const word = `rw${randomBytes(3).toString('hex')}`;
  const term = `${word}-7`;
  /** The ids of the scene below, by what matches. */
  let scene: Record<
    | 'exactSite'
    | 'siteNamePrefix'
    | 'cityPrefix'
    | 'inspectorPrefix'
    | 'siteContains'
    | 'inspectorContains'
    | 'exactSiteByPrefixInspector',
    { assignmentId: number; inspectionId: number | null }
  >;
  let open: Record<'exactSite' | 'templatePrefix' | 'siteContains' | 'inspectorPrefix', number>;
  let other: { siteId: number; inspectorId: number };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    seed = await workSeed(ctx.db);
    const inspector = (firstName: string, lastName: string) =>
      insertUser(ctx.db, { userType: 'inspector', firstName, lastName });
    const plain = await inspector('Asha', 'Rao');
    const exactSite = await insertSite(ctx.db, { siteCode: term.toUpperCase(), name: 'Harbour depot' });
    const namePrefix = await insertSite(ctx.db, { name: `${term} North Plant` });
    const cityPrefix = await insertSite(ctx.db, { name: 'Quay depot', city: `${term} Nagar` });
    const contains = await insertSite(ctx.db, { name: `Yard of ${term}` });
    const elsewhere = await insertSite(ctx.db, { name: 'Elsewhere depot' });
    const prefixInspector = await inspector(`${term}x`, 'Menon');
    const containsInspector = await inspector('Kavya', `Iyer${term}`);
    other = { siteId: elsewhere.id, inspectorId: plain.id };
    // The closest matches are the oldest, so the order is relevance's, not time's.
    const at = (day: number) => new Date(Date.UTC(2026, 5, day, 10));
    const done = (siteId: number, inspectorId: number, day: number) =>
      insertWork(ctx.db, seed, {
        siteId,
        inspectorId,
        dueOn: `2026-06-${String(day).padStart(2, '0')}`,
        completedAt: at(day),
      });
    scene = {
      exactSite: await done(exactSite.id, plain.id, 1),
      exactSiteByPrefixInspector: await done(exactSite.id, prefixInspector.id, 2),
      siteNamePrefix: await done(namePrefix.id, plain.id, 3),
      cityPrefix: await done(cityPrefix.id, plain.id, 4),
      inspectorPrefix: await done(elsewhere.id, prefixInspector.id, 5),
      siteContains: await done(contains.id, plain.id, 6),
      inspectorContains: await done(elsewhere.id, containsInspector.id, 7),
    };
    await done(elsewhere.id, plain.id, 8); // matches nothing
    // Open assignments, due later the closer they match.
    const prefixTemplateId = await publishedTemplate(`${term} checklist`);
    const due = (siteId: number, inspectorId: number, day: number, templateId?: number) =>
      insertWork(ctx.db, seed, {
        siteId,
        inspectorId,
        dueOn: `2026-09-${String(day).padStart(2, '0')}`,
        ...(templateId ? { templateId } : {}),
      }).then((w) => w.assignmentId);
    open = {
      siteContains: await due(contains.id, plain.id, 1),
      inspectorPrefix: await due(elsewhere.id, prefixInspector.id, 2),
      templatePrefix: await due(elsewhere.id, plain.id, 3, prefixTemplateId),
      exactSite: await due(exactSite.id, plain.id, 4),
    };
  });
  afterAll(() => ctx.close());

  /** A published template of the seed's category; its id. */
  async function publishedTemplate(name: string): Promise<number> {
    const [row] = await ctx.db
      .insert(templates)
      .values({ name, categoryId: seed.categoryId, status: 'published', publishedVersion: 1 })
      .returning({ id: templates.id });
    return row!.id;
  }

  async function get<T>(url: string): Promise<T> {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  const history = (query: string) => get<InspectionHistoryResponse>(`/api/auth/inspections?${query}`);
  const assignmentList = (query: string) =>
    get<AssignmentListResponse>(`/api/auth/get/active/assignments?${query}`);
  /** Pages of 3 of the search's open assignments are the slices of `order`, one after another. */
  async function expectPagesOfThree(search: string, order: number[]) {
    for (let page = 1; (page - 1) * 3 < order.length; page++) {
      const slice = await assignmentList(`search=${search}&limit=3&page=${page}`);
      expect(
        slice.assigned_sites.map((a) => a.id),
        `page ${page}`,
      ).toEqual(order.slice((page - 1) * 3, page * 3));
    }
  }

  it('history: the exact SiteId no. first, then sites, cities and inspectors starting with the term, then the rest, newest first within each', async () => {
    const ranked = await history(`search=${term}`);
    expect(ranked.data.map((i) => i.id)).toEqual([
      // Exact SiteId no. (one of them also by a prefix inspector: listed once, at its best rank).
      scene.exactSiteByPrefixInspector.inspectionId,
      scene.exactSite.inspectionId,
      // Prefix matches, newest first.
      scene.inspectorPrefix.inspectionId,
      scene.cityPrefix.inspectionId,
      scene.siteNamePrefix.inspectionId,
      // The rest, newest first.
      scene.inspectorContains.inspectionId,
      scene.siteContains.inspectionId,
    ]);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 7 });
    // Paging walks the same order.
    const second = await history(`search=${term}&limit=2&page=2`);
    expect(second.data.map((i) => i.id)).toEqual([
      scene.inspectorPrefix.inspectionId,
      scene.cityPrefix.inspectionId,
    ]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 7 });
    // The inspection id (as "#42") is an exact match, ahead of everything.
    const byId = await history(`search=%23${scene.siteContains.inspectionId}`);
    expect(byId.data[0]!.id).toBe(scene.siteContains.inspectionId);
    // A column order asked for while searching still wins; filters still apply.
    const newest = await history(`search=${term}&sort=-completedAt`);
    expect(newest.data.map((i) => i.id)).toEqual([
      scene.inspectorContains.inspectionId,
      scene.siteContains.inspectionId,
      scene.inspectorPrefix.inspectionId,
      scene.cityPrefix.inspectionId,
      scene.siteNamePrefix.inspectionId,
      scene.exactSiteByPrefixInspector.inspectionId,
      scene.exactSite.inspectionId,
    ]);
    const onSite = await history(`search=${term}&site_id=${other.siteId}&sort=relevance`);
    expect(onSite.data.map((i) => i.id)).toEqual([
      scene.inspectorPrefix.inspectionId,
      scene.inspectorContains.inspectionId,
    ]);
    // Relevance without a term is the default order (newest first).
    const unsearched = await history('sort=relevance&limit=1');
    expect(unsearched.data[0]!.id).toBe((await history('limit=1')).data[0]!.id);
  });

  it('assignments: the exact SiteId no. first, then sites, inspectors and templates starting with the term, then the rest, due first within each', async () => {
    const ranked = await assignmentList(`search=${term}`);
    expect(ranked.assigned_sites.map((a) => a.id)).toEqual([
      open.exactSite,
      open.inspectorPrefix,
      open.templatePrefix,
      open.siteContains,
    ]);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 4 });
    // Every status: the completed work joins its ranks (due first within each).
    const all = await assignmentList(`search=${term}&status=all`);
    expect(all.assigned_sites.map((a) => a.id)).toEqual([
      scene.exactSite.assignmentId,
      scene.exactSiteByPrefixInspector.assignmentId,
      open.exactSite,
      scene.siteNamePrefix.assignmentId,
      scene.cityPrefix.assignmentId,
      scene.inspectorPrefix.assignmentId,
      open.inspectorPrefix,
      open.templatePrefix,
      scene.siteContains.assignmentId,
      scene.inspectorContains.assignmentId,
      open.siteContains,
    ]);
    expect(all.pagination.total).toBe(11);
    // The assignment id is an exact match; a column order still wins.
    expect((await assignmentList(`search=%23${open.siteContains}`)).assigned_sites[0]!.id).toBe(
      open.siteContains,
    );
    const byDue = await assignmentList(`search=${term}&sort=-dueOn`);
    expect(byDue.assigned_sites.map((a) => a.id)).toEqual([
      open.exactSite,
      open.templatePrefix,
      open.inspectorPrefix,
      open.siteContains,
    ]);
  });

  it('assignments: a term matching only sites reads each site in due order and merges them, by rank, filters and pages kept', async () => {
    // Sites only (no inspector or template matches the term), so each rank reads its sites one by
    // one off their due index and merges them: the merged order must be the one due order.
    const siteTerm = `${word}s`;
    const exact = await insertSite(ctx.db, { siteCode: siteTerm.toUpperCase(), name: 'Dock office' });
    const [north, south, east] = await Promise.all(
      ['North', 'South', 'East'].map((n) => insertSite(ctx.db, { name: `${siteTerm} ${n} yard` })),
    );
    const [west, central] = await Promise.all(
      ['West', 'Central'].map((n) => insertSite(ctx.db, { name: `${n} ${siteTerm} yard` })),
    );
    const due = (siteId: number, day: number, completed = false) =>
      insertWork(ctx.db, seed, {
        siteId,
        inspectorId: other.inspectorId,
        dueOn: `2026-10-${String(day).padStart(2, '0')}`,
        ...(completed ? { completedAt: new Date(Date.UTC(2026, 9, day, 10)) } : {}),
      }).then((w) => w.assignmentId);
    // Interleaved due dates across the sites of each rank; the closest rank is due the latest.
    const exactLate = await due(exact.id, 28);
    const exactEarly = await due(exact.id, 20);
    const s1 = await due(south!.id, 9);
    const n1 = await due(north!.id, 10);
    const e1 = await due(east!.id, 11);
    const s2 = await due(south!.id, 12);
    const n2 = await due(north!.id, 13);
    const doneNorth = await due(north!.id, 8, true);
    const c1 = await due(central!.id, 1);
    const w1 = await due(west!.id, 2);
    const c2 = await due(central!.id, 3);

    const ranked = await assignmentList(`search=${siteTerm}`);
    const open = [exactEarly, exactLate, s1, n1, e1, s2, n2, c1, w1, c2];
    expect(ranked.assigned_sites.map((a) => a.id)).toEqual(open);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 10 });
    // Pages are slices of that one order, across ranks and sites.
    await expectPagesOfThree(siteTerm, open);
    // The status filter applies inside each site's read: the completed one joins at its due date.
    const all = await assignmentList(`search=${siteTerm}&status=all`);
    expect(all.assigned_sites.map((a) => a.id)).toEqual([
      exactEarly,
      exactLate,
      doneNorth,
      s1,
      n1,
      e1,
      s2,
      n2,
      c1,
      w1,
      c2,
    ]);
    const completed = await assignmentList(`search=${siteTerm}&status=completed`);
    expect(completed.assigned_sites.map((a) => a.id)).toEqual([doneNorth]);
  });

  it('assignments: inspectors, a template and a site are each read in due order and merged, a row of two keys once', async () => {
    // Each rank reads its inspectors, templates and sites one by one off their due indexes: the
    // merged order must be the one due order, with several rows per key.
    const t = `${word}i`;
    const inspector = (firstName: string, lastName: string) =>
      insertUser(ctx.db, { userType: 'inspector', firstName, lastName });
    const a = await inspector(`${t}a`, 'Menon');
    const b = await inspector(`${t}b`, 'Iyer');
    const c = await inspector('Kavya', `Rao${t}`);
    const yard = await insertSite(ctx.db, { name: `Yard ${t}` });
    const checklistId = await publishedTemplate(`${t} checklist`);
    const due = (
      day: number,
      who: { inspectorId?: number; siteId?: number; templateId?: number },
      done = false,
    ) =>
      insertWork(ctx.db, seed, {
        siteId: who.siteId ?? other.siteId,
        inspectorId: who.inspectorId ?? other.inspectorId,
        dueOn: `2026-11-${String(day).padStart(2, '0')}`,
        ...(who.templateId ? { templateId: who.templateId } : {}),
        ...(done ? { completedAt: new Date(Date.UTC(2026, 10, day, 10)) } : {}),
      }).then((w) => w.assignmentId);
    // Prefix matches (two inspectors, one template), interleaved; the rest due earlier.
    const a5 = await due(5, { inspectorId: a.id });
    const b6 = await due(6, { inspectorId: b.id });
    const t7 = await due(7, { templateId: checklistId });
    const a8 = await due(8, { inspectorId: a.id });
    const b9 = await due(9, { inspectorId: b.id });
    const t10 = await due(10, { templateId: checklistId });
    const aAndT11 = await due(11, { inspectorId: a.id, templateId: checklistId });
    const bDone = await due(4, { inspectorId: b.id }, true);
    const c1 = await due(1, { inspectorId: c.id });
    const y2 = await due(2, { siteId: yard.id });
    const c3 = await due(3, { inspectorId: c.id });
    const y4 = await due(4, { siteId: yard.id });

    const ranked = await assignmentList(`search=${t}`);
    const openOrder = [a5, b6, t7, a8, b9, t10, aAndT11, c1, y2, c3, y4];
    expect(ranked.assigned_sites.map((x) => x.id)).toEqual(openOrder);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 11 });
    await expectPagesOfThree(t, openOrder);
    // The status filter applies inside each key's read: the completed one joins at its due date.
    const all = await assignmentList(`search=${t}&status=all`);
    expect(all.assigned_sites.map((x) => x.id)).toEqual([bDone, ...openOrder]);
    // A term for one inspector alone (the exact arm has no site): that inspector's work in due order.
    const onlyA = await assignmentList(`search=${t}a`);
    expect(onlyA.assigned_sites.map((x) => x.id)).toEqual([a5, a8, aAndT11]);
  });

  it('a word in more sites than a search resolves to ids still finds the work at every one of them', async () => {
    // 600 sites contain the word and hold no work; the one that does is the newest, so it is not
    // among the first 500 ids the search resolves (docs/search.md, "Inspection history").
    const many = `${word}m`;
    await insertSitesNamed(ctx.db, many, 600);
    const late = await insertSite(ctx.db, { name: `Late ${many} yard` });
    const done = await insertWork(ctx.db, seed, {
      siteId: late.id,
      inspectorId: other.inspectorId,
      dueOn: '2026-08-01',
      completedAt: new Date(Date.UTC(2026, 7, 1, 10)),
    });
    const open = await insertWork(ctx.db, seed, {
      siteId: late.id,
      inspectorId: other.inspectorId,
      dueOn: '2026-08-02',
    });
    const found = await history(`search=${many}`);
    expect(found.data.map((i) => i.id)).toEqual([done.inspectionId]);
    expect(found.pagination.total).toBe(1);
    const assigned = await assignmentList(`search=${many}`);
    expect(assigned.assigned_sites.map((a) => a.id)).toEqual([open.assignmentId]);
    expect(assigned.pagination.total).toBe(1);
    const all = await assignmentList(`search=${many}&status=all`);
    expect(all.assigned_sites.map((a) => a.id)).toEqual([done.assignmentId, open.assignmentId]);
  });

  it('counts the matches of a search exactly up to 10,000 and says "10,000+" beyond', async () => {
    const many = await insertSite(ctx.db, { name: `Capped ${word} many` });
    await insertManyCompleted(ctx.db, seed, {
      siteId: many.id,
      inspectorId: other.inspectorId,
      count: 10_000,
    });
    const exactly = await history(`search=${word}%20many`);
    expect(exactly.pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    expect((await assignmentList(`search=${word}%20many&status=all`)).pagination).toEqual({
      page: 1,
      limit: 20,
      total: 10_000,
    });

    await insertManyCompleted(ctx.db, seed, { siteId: many.id, inspectorId: other.inspectorId, count: 1 });
    const beyond = await history(`search=${word}%20many`);
    expect(beyond.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    expect(beyond.data).toHaveLength(20);
    const beyondAssignments = await assignmentList(`search=${word}%20many&status=all`);
    expect(beyondAssignments.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    expect(beyondAssignments.assigned_sites).toHaveLength(20);
    // A narrower search is counted exactly again; the open tab has none of that completed work.
    expect((await history(`search=${term}`)).pagination.total).toBe(7);
    expect((await assignmentList(`search=${word}%20many`)).pagination).toEqual({
      page: 1,
      limit: 20,
      total: 0,
    });
  }, 120_000);
});
