import { randomBytes } from 'node:crypto';
import type { CorrectiveActionListResponse } from '@inspecta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAction, insertManyActions } from './helpers/action-search-fixtures.js';
import { insertSite, insertSitesNamed, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The corrective actions list's search (issue 22, docs/search.md "Speed and relevance of list
 * search"): the action's id, or the exact SiteId no. or asset tag first, then a title, item, site
 * or asset tag starting with the term, then the rest (closest text first, then due first); the
 * total counted exactly up to 10,000 while searching, "10,000+" beyond.
 */
describe('corrective actions list: relevance and the capped total while searching', () => {
  let ctx: TestContext;
  let admin: string;
  const word = `ca${randomBytes(3).toString('hex')}`;
  let scene: Record<
    'exactSite' | 'exactUnit' | 'titlePrefix' | 'sitePrefix' | 'titleContains' | 'siteContains',
    number
  >;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    const exactSite = await insertSite(ctx.db, { siteCode: word.toUpperCase(), name: 'Harbour depot' });
    const prefixSite = await insertSite(ctx.db, { name: `${word} North Plant` });
    const containsSite = await insertSite(ctx.db, { name: `Yard of ${word}` });
    const elsewhere = await insertSite(ctx.db, { name: 'Elsewhere depot' });
    const type = await insertType(ctx.db);
    const unit = await insertUnit(ctx.db, { siteId: elsewhere.id, equipmentTypeId: type.id, assetTag: word });
    // The closest matches are due last, so the order is relevance's, not the due date's.
    const action = (siteId: number, title: string, day: number, equipmentId?: number) =>
      insertAction(ctx.db, {
        siteId,
        title,
        dueOn: `2026-08-${String(day).padStart(2, '0')}`,
        ...(equipmentId ? { equipmentId } : {}),
      });
    scene = {
      siteContains: await action(containsSite.id, 'Gauge out of range', 1),
      titleContains: await action(elsewhere.id, `Seal of ${word} broken`, 2),
      sitePrefix: await action(prefixSite.id, 'Hose cracked', 3),
      titlePrefix: await action(elsewhere.id, `${word} signage missing`, 4),
      exactUnit: await action(elsewhere.id, 'Pin missing', 5, unit.id),
      exactSite: await action(exactSite.id, 'Pressure low', 6),
    };
    await action(elsewhere.id, 'Matches nothing', 7);
  }, 180_000);
  afterAll(() => ctx?.close());

  async function list(query: string): Promise<CorrectiveActionListResponse> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/corrective-actions?${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const ids = (r: CorrectiveActionListResponse) => r.actions.map((a) => a.id);

  it('puts the exact SiteId no. and asset tag first, then what starts with the term, then the rest', async () => {
    const found = await list(`search=${word.toUpperCase()}`);
    expect(ids(found)).toEqual([
      scene.exactUnit,
      scene.exactSite,
      scene.titlePrefix,
      scene.sitePrefix,
      // Within a rank the closer text first (the title holds the term), then due first.
      scene.titleContains,
      scene.siteContains,
    ]);
    expect(found.pagination).toEqual({ page: 1, limit: 20, total: 6 });
    // An action's id leads; a column order still wins over relevance.
    expect(ids(await list(`search=%23${scene.titleContains}`))[0]).toBe(scene.titleContains);
    expect(ids(await list(`search=${word}&sort=dueOn`))).toEqual([
      scene.siteContains,
      scene.titleContains,
      scene.sitePrefix,
      scene.titlePrefix,
      scene.exactUnit,
      scene.exactSite,
    ]);
  });

  it('a word in more sites than the search resolves to ids still finds the actions at every one of them', async () => {
    // 600 sites contain the word and have no action; the one that has is the newest, so it is not
    // among the first 500 site ids the search resolves (docs/search.md, "One database for every case").
    const many = `${word}m`;
    await insertSitesNamed(ctx.db, many, 600);
    const late = await insertSite(ctx.db, { name: `Late ${many} yard` });
    const id = await insertAction(ctx.db, {
      siteId: late.id,
      title: 'Door closer loose',
      dueOn: '2026-08-09',
    });
    const found = await list(`search=${many}`);
    expect(ids(found)).toEqual([id]);
    expect(found.pagination.total).toBe(1);
  });

  it('counts the matches of a search exactly up to 10,000 and says "10,000+" beyond', async () => {
    const many = await insertSite(ctx.db, { name: `Capped ${word} many` });
    await insertManyActions(ctx.db, { siteId: many.id, title: 'Bulk finding', count: 10_000 });
    expect((await list(`search=${word}%20many`)).pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    await insertManyActions(ctx.db, { siteId: many.id, title: 'Bulk finding', count: 1 });
    const beyond = await list(`search=${word}%20many`);
    expect(beyond.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    expect(beyond.actions).toHaveLength(20);
    // A narrower search is counted exactly again.
    expect((await list(`search=${word}%20North`)).pagination).toEqual({ page: 1, limit: 20, total: 1 });
  }, 120_000);

  // Runs after the test above: its 10,001 matches (a site named with the term) are all due before the
  // scene's, so the scene is past the first 2,000 matches in due order that the other ranks use.
  it('still puts the exact SiteId no. and asset tag first when thousands of matches are due earlier', async () => {
    const found = await list(`search=${word.toUpperCase()}`);
    expect(ids(found).slice(0, 2)).toEqual([scene.exactUnit, scene.exactSite]);
    expect(found.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    // Paging keeps the one order: the second page of one starts where the first page of two ends.
    expect(ids(await list(`search=${word.toUpperCase()}&limit=1&page=2`))).toEqual([scene.exactSite]);
    expect(ids(await list(`search=${word.toUpperCase()}&limit=2&page=2`))).toEqual(ids(found).slice(2, 4));
  });

  // Also after the 10,001 earlier-due matches: the title, item and site starting with the term are
  // ranked ahead of them though they are past the first 2,000 in due order.
  it('puts what starts with the term ahead of the rest when thousands of matches are due earlier', async () => {
    const elsewhere = await insertSite(ctx.db, { name: 'Far depot' });
    const itemPrefix = await insertAction(ctx.db, {
      siteId: elsewhere.id,
      title: 'Bracket loose',
      itemLabel: `${word} bracket`,
      dueOn: '2026-08-08',
    });
    const found = await list(`search=${word}`);
    expect(ids(found).slice(0, 2)).toEqual([scene.exactUnit, scene.exactSite]);
    // Among them the closer text first (the item's "… bracket" and the title hold the term).
    expect(ids(found).slice(2, 5)).toEqual([itemPrefix, scene.titlePrefix, scene.sitePrefix]);
    expect(found.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    // The same pool for every page: the third page of one is the first page's third row.
    expect(ids(await list(`search=${word}&limit=1&page=3`))).toEqual([itemPrefix]);
    expect(ids(await list(`search=${word}&limit=2&page=3`))).toEqual(ids(found).slice(4, 6));
  });
});
