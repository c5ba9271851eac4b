import { randomBytes } from 'node:crypto';
import type {
  AssignmentListResponse,
  EquipmentListResponse,
  EquipmentTypeListResponse,
  SiteListResponse,
  UserListResponse,
} from '@inspecta/contract';
import { addDays, equipmentTypeListQuerySchema } from '@inspecta/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { EquipmentRepository } from '../src/modules/equipment/equipment.repository.js';
import { EquipmentTypesRepository } from '../src/modules/equipment-types/equipment-types.repository.js';
import { insertWorkRefs } from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The site register's, the user list's, the equipment list's and the catalogue's search (issue 22, docs/search.md "Speed and relevance of list search"): the
 * best matches first while searching, and a total counted exactly up to 10,000, "10,000+" beyond.
 */
describe('site register: relevance and the capped total', () => {
  let ctx: TestContext;
  let admin: string;
  const word = `rv${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
  });
  afterAll(() => ctx.close());

  async function list(query: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/get/all/sites?${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SiteListResponse;
  }

  /** One site a minute older than the one before, so "newest first" has one answer. */
  let minutesAgo = 100;
  async function site(values: {
    siteCode?: string;
    name: string;
    city?: string;
    status?: 'draft' | 'active';
  }) {
    minutesAgo -= 1;
    const created = new Date(Date.now() - minutesAgo * 60_000);
    return insertSite(ctx.db, { ...values, createdAt: created, updatedAt: created });
  }

  it('puts the exact SiteId no. first, then codes, names and cities starting with the term, then the rest', async () => {
    const olderContains = await site({ name: `Yard of ${word}-9` });
    const exact = await site({ siteCode: `${word.toUpperCase()}-9`, name: 'Harbour depot' });
    const namePrefix = await site({ name: `${word}-9 North Plant` });
    const codePrefix = await site({ siteCode: `${word.toUpperCase()}-95`, name: 'Hill depot' });
    const cityPrefix = await site({ name: 'Quay depot', city: `${word}-9 Nagar` });
    const newerContains = await site({ name: `Shed ${word}-9` });

    const ranked = await list(`search=${word}-9`);
    expect(ranked.sites.map((s) => s.id)).toEqual([
      exact.id,
      // Prefix matches, newest first.
      cityPrefix.id,
      codePrefix.id,
      namePrefix.id,
      // Then every other match, newest first.
      newerContains.id,
      olderContains.id,
    ]);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 6 });
    expect(ranked.counts).toEqual({ all: 6, draft: 0, active: 6, inactive: 0 });

    // Paging walks the same order.
    const second = await list(`search=${word}-9&limit=2&page=2`);
    expect(second.sites.map((s) => s.id)).toEqual([codePrefix.id, namePrefix.id]);
    // The id typed as "#42" is an exact match too.
    expect((await list(`search=%23${olderContains.id}`)).sites[0]!.id).toBe(olderContains.id);
    // A column order asked for while searching still wins; relevance without a term is newest first.
    const newest = await list(`search=${word}-9&sort=-createdAt`);
    expect(newest.sites.map((s) => s.id)).toEqual([
      newerContains.id,
      cityPrefix.id,
      codePrefix.id,
      namePrefix.id,
      exact.id,
      olderContains.id,
    ]);
    expect((await list(`search=${word}-9&sort=relevance&status=draft`)).sites).toEqual([]);
    const unsearched = await list('sort=relevance&limit=1');
    expect(unsearched.sites[0]!.id).toBe((await list('limit=1')).sites[0]!.id);
  });

  it('pages and counts the status tabs alike whether a term is rare or has hundreds of matches', async () => {
    const term = `${word}tab`;
    // The register's sample of search documents is read at its first search, before these sites.
    expect((await list(`search=${term}`)).counts).toEqual({ all: 0, draft: 0, active: 0, inactive: 0 });
    const client = await insertUser(ctx.db, { userType: 'client', company: `${term} Hospitals` });
    const draft = await site({ name: `${term} yard`, status: 'draft' });
    minutesAgo -= 1;
    const ofClient = await insertSite(ctx.db, {
      name: 'Plain depot',
      clientId: client.id,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });

    // Two matches: the name starting with the term first, then the site whose client matches.
    const few = await list(`search=${term}`);
    expect(few.sites.map((s) => s.id)).toEqual([draft.id, ofClient.id]);
    expect(few.counts).toEqual({ all: 2, draft: 1, active: 1, inactive: 0 });
    const drafts = await list(`search=${term}&status=draft`);
    expect(drafts.sites.map((s) => s.id)).toEqual([draft.id]);
    expect(drafts.pagination.total).toBe(1);
    expect(drafts.counts).toEqual({ all: 2, draft: 1, active: 1, inactive: 0 });
    const inactive = await list(`search=${term}&status=inactive`);
    expect(inactive.sites).toEqual([]);
    expect(inactive.counts).toEqual({ all: 2, draft: 1, active: 1, inactive: 0 });

    // 320 older sites containing the term: more than one statement ranks whole.
    await ctx.db.execute(sql`
      insert into sites (site_code, name, status, created_at)
      select 'TB-' || ${term} || '-' || g, 'Bulk store ' || ${term} || ' ' || g, 'active',
             now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 320) g`);
    const many = await list(`search=${term}&limit=4`);
    expect(many.counts).toEqual({ all: 322, draft: 1, active: 321, inactive: 0 });
    expect(many.pagination.total).toBe(322);
    expect(many.sites.map((s) => s.name)).toEqual([
      draft.name,
      ofClient.name,
      `Bulk store ${term} 320`,
      `Bulk store ${term} 319`,
    ]);
    const activeTab = await list(`search=${term}&status=active&limit=2&page=161`);
    expect(activeTab.sites.map((s) => s.name)).toEqual([`Bulk store ${term} 1`]);
    expect(activeTab.pagination.total).toBe(321);
  });

  it('counts exactly up to 10,000 matches and says "10,000+" beyond, per status too', async () => {
    const many = `${word}many`;
    // 10,000 matches in one statement (a fraction of a second), one of them a draft.
    await ctx.db.execute(sql`
      insert into sites (site_code, name, status, created_at)
      select 'CP-' || ${many} || '-' || g, 'Capped ' || ${many} || ' ' || g,
             (case when g = 1 then 'draft' else 'active' end)::site_status, now() - interval '1 day'
      from generate_series(1, 10000) g`);
    const exactly = await list(`search=${many}`);
    expect(exactly.pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    expect(exactly.counts).toEqual({ all: 10_000, draft: 1, active: 9_999, inactive: 0 });
    expect(exactly.sites).toHaveLength(20);

    await site({ name: `One more ${many}` });
    const beyond = await list(`search=${many}`);
    expect(beyond.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    expect(beyond.counts.all).toBe(10_000);
    expect(beyond.counts.capped).toBe(true);
    // The newest match still leads the page (the cap limits the count, not which rows are found).
    expect(beyond.sites[0]!.name).toBe(`One more ${many}`);
    // Past the cap a status tab counts its own matches: the one draft, exactly.
    const drafts = await list(`search=${many}&status=draft`);
    expect(drafts.pagination).toEqual({ page: 1, limit: 20, total: 1 });
    expect(drafts.sites.map((s) => s.name)).toEqual([`Capped ${many} 1`]);
    // A narrower term is counted exactly, without the flag.
    const narrow = await list(`search=${encodeURIComponent(`capped ${many} 99`)}`);
    expect(narrow.pagination).toEqual({ page: 1, limit: 20, total: 111 });
    expect(narrow.counts.capped).toBeUndefined();
  });
});

describe('user list: relevance and the capped total', () => {
  let ctx: TestContext;
  let admin: string;
  const word = `ur${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
  });
  afterAll(() => ctx.close());

  async function list(query: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/userlist?${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UserListResponse;
  }

  let minutesAgo = 100;
  async function user(values: { firstName?: string; lastName?: string; email?: string; company?: string }) {
    minutesAgo -= 1;
    const created = new Date(Date.now() - minutesAgo * 60_000);
    return insertUser(ctx.db, { userType: 'client', ...values, createdAt: created, updatedAt: created });
  }

  it('puts the exact email first, then names, emails and companies starting with the term, then the rest', async () => {
    const olderContains = await user({ company: `Acme ${word}one` });
    const lastName = await user({ lastName: `${word}one Rao` });
    const email = await user({ email: `${word}one@example.test` });
    const newerContains = await user({ email: `b${word}one@example.test` });

    const ranked = await list(`search=${word}one`);
    expect(ranked.users.map((u) => u.id)).toEqual([
      email.id,
      lastName.id,
      newerContains.id,
      olderContains.id,
    ]);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 4 });

    const exact = await list(`search=${word}one@example.test`);
    expect(exact.users.map((u) => u.id)).toEqual([email.id, newerContains.id]);
    // A column order asked for still wins.
    const newest = await list(`search=${word}one&sort=-createdAt`);
    expect(newest.users.map((u) => u.id)).toEqual([
      newerContains.id,
      email.id,
      lastName.id,
      olderContains.id,
    ]);
  });

  it('keeps the role and status filters in every rank and pages across the ranks without a gap', async () => {
    const term = `${word}pg`;
    // Ranks interleaved in creation order, so a page boundary falls inside a rank.
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await user({ firstName: `${term}${i}`, lastName: 'Prefix' }));
      made.push(await user({ company: `Zen ${term}${i}` }));
    }
    const inspector = await insertUser(ctx.db, { userType: 'inspector', lastName: `${term} Inspector` });
    const inactive = await user({ lastName: `${term} Gone` });
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, inactive.id));

    const prefixNewestFirst = [inactive, ...made.filter((_, i) => i % 2 === 0).reverse()];
    const containsNewestFirst = made.filter((_, i) => i % 2 === 1).reverse();
    const clients = await list(`search=${term}&user_type=client`);
    expect(clients.users.map((u) => u.id)).toEqual(
      [...prefixNewestFirst, ...containsNewestFirst].map((u) => u.id),
    );
    expect(clients.users.map((u) => u.id)).not.toContain(inspector.id);

    const active = await list(`search=${term}&user_type=client&status=active`);
    expect(active.users.map((u) => u.id)).not.toContain(inactive.id);
    expect(active.pagination.total).toBe(10);

    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(...(await list(`search=${term}&limit=3&page=${page}`)).users);
    const all = await list(`search=${term}`);
    expect(pages.map((u) => u.id)).toEqual(all.users.map((u) => u.id));
    expect(all.users.map((u) => u.id)).toContain(inspector.id);
    expect(all.pagination.total).toBe(12);
  });

  it('ranks the same page when a term the sample called rare has hundreds of matches', async () => {
    const term = `${word}stale`;
    // The list's sample of search documents is read at its first search, before these rows exist.
    expect((await list(`search=${term}`)).pagination.total).toBe(0);
    const prefixOldest = await user({ lastName: `${term} Prefix` });
    await ctx.db.execute(sql`
      insert into users (user_type, first_name, last_name, email, company, created_at)
      select 'client', 'Bulk', 'Contains ' || g, 'bulk.' || ${term} || '.' || g || '@example.test', null,
             now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 320) g`);
    const exact = await user({ email: `${term}@example.test` });

    const page = await list(`search=${term}&limit=4`);
    expect(page.pagination).toEqual({ page: 1, limit: 4, total: 322 });
    expect(page.users.map((u) => u.email)).toEqual([
      exact.email,
      prefixOldest.email,
      `bulk.${term}.320@example.test`,
      `bulk.${term}.319@example.test`,
    ]);
    const last = await list(`search=${term}&limit=4&page=81`);
    expect(last.users.map((u) => u.email)).toEqual([
      `bulk.${term}.2@example.test`,
      `bulk.${term}.1@example.test`,
    ]);
  });

  it('counts exactly up to 10,000 matches and says "10,000+" beyond', async () => {
    const many = `${word}many`;
    await ctx.db.execute(sql`
      insert into users (user_type, first_name, last_name, email)
      select 'client', 'Bulk', ${many} || ' ' || g, ${many} || '.' || g || '@example.test'
      from generate_series(1, 10000) g`);
    expect((await list(`search=${many}`)).pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    await user({ lastName: `${many} extra` });
    const beyond = await list(`search=${many}`);
    expect(beyond.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    expect(beyond.users).toHaveLength(20);
    expect((await list(`search=${many}.999@`)).pagination).toEqual({ page: 1, limit: 20, total: 1 });
  });
});

describe('equipment list: relevance and the capped total', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
  });
  afterAll(() => ctx.close());

  async function list(query: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/equipments?${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EquipmentListResponse;
  }

  it('puts the exact asset tag or serial first, then tags and serials starting with the term, then the rest', async () => {
    const word = `eq${randomBytes(3).toString('hex')}`;
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const unit = (values: { assetTag: string; serialNumber?: string; name?: string; nextDueOn: string }) =>
      insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id, ...values });
    // Most urgent first within a rank: the due dates run against the rank on purpose.
    const inName = await unit({ assetTag: `N-${word}`, name: `Pump ${word}-7`, nextDueOn: '2030-01-01' });
    const contains = await unit({ assetTag: `X-${word}-7`, nextDueOn: '2030-01-02' });
    const serialPrefix = await unit({
      assetTag: `S-${word}`,
      serialNumber: `${word}-7-2`,
      nextDueOn: '2030-02-01',
    });
    const tagPrefix = await unit({ assetTag: `${word.toUpperCase()}-71`, nextDueOn: '2030-02-02' });
    const exactSerial = await unit({
      assetTag: `Q-${word}`,
      serialNumber: `${word.toUpperCase()}-7`,
      nextDueOn: '2030-03-02',
    });
    const exactTag = await unit({ assetTag: `${word}-7`, nextDueOn: '2030-03-01' });

    const ranked = await list(`search=${word}-7`);
    expect(ranked.equipments.map((e) => e.id)).toEqual([
      exactTag.id,
      exactSerial.id,
      serialPrefix.id,
      tagPrefix.id,
      inName.id,
      contains.id,
    ]);
    expect(ranked.pagination.total).toBe(6);
    // Pages follow the same order.
    expect((await list(`search=${word}-7&limit=2&page=2`)).equipments.map((e) => e.id)).toEqual([
      serialPrefix.id,
      tagPrefix.id,
    ]);
    // The filters still apply to every rank.
    expect((await list(`search=${word}-7&due=overdue`)).equipments).toEqual([]);
    // A column sort still wins; with no term the register's own order stands.
    expect((await list(`search=${word}-7&sort=-nextDueOn`)).equipments[0]!.id).toBe(exactSerial.id);
    expect((await list(`site_id=${site.id}&sort=relevance`)).equipments.map((e) => e.id)).toEqual([
      inName.id,
      contains.id,
      serialPrefix.id,
      tagPrefix.id,
      exactTag.id,
      exactSerial.id,
    ]);
  });

  // A term's statement is built once per shape of filter and then run with each request's values:
  // each filter beside the term, one after another in one server, must answer its own units.
  it('answers each filter beside a term with its own units, request after request', async () => {
    const word = `fq${randomBytes(3).toString('hex')}`;
    const [siteA, siteB] = [
      await insertSite(ctx.db),
      await insertSite(ctx.db, { name: `Depot ${word} East` }),
    ];
    const [typeA, typeB] = [await insertType(ctx.db), await insertType(ctx.db)];
    const dueSoon = addDays(new Date().toISOString().slice(0, 10), 5);
    const unit = (tag: string, values: Partial<Parameters<typeof insertUnit>[1]> = {}) =>
      insertUnit(ctx.db, {
        siteId: siteA.id,
        equipmentTypeId: typeA.id,
        assetTag: `${word}-${tag}`,
        ...values,
      });
    const overdue = await unit('1', { nextDueOn: '2001-01-01' });
    const soon = await unit('2', { nextDueOn: dueSoon, equipmentTypeId: typeB.id });
    const later = await unit('3', { nextDueOn: '2099-01-01', status: 'out_of_service' });
    const retired = await unit('4', { nextDueOn: null, status: 'retired' });
    // Found through its site's name only (the site arm of the search).
    const atDepot = await insertUnit(ctx.db, {
      siteId: siteB.id,
      equipmentTypeId: typeA.id,
      nextDueOn: '2099-06-01',
    });
    const ids = async (query: string) =>
      (await list(`search=${word}&${query}`)).equipments.map((e) => e.id).sort();
    const sorted = (...units: Array<{ id: number }>) => units.map((u) => u.id).sort();

    expect(await ids('limit=50')).toEqual(sorted(overdue, soon, later, retired, atDepot));
    expect(await ids('status=installed')).toEqual(sorted(overdue, soon, later, atDepot));
    expect(await ids('status=retired')).toEqual(sorted(retired));
    expect(await ids('status=out_of_service')).toEqual(sorted(later));
    expect(await ids('status=installed&limit=50')).toEqual(sorted(overdue, soon, later, atDepot));
    expect(await ids('due=overdue')).toEqual(sorted(overdue));
    expect(await ids('due=due_soon')).toEqual(sorted(soon));
    expect(await ids('due=ok')).toEqual(sorted(later, atDepot));
    expect(await ids(`site_id=${siteB.id}`)).toEqual(sorted(atDepot));
    expect(await ids(`site_id=${siteA.id}`)).toEqual(sorted(overdue, soon, later, retired));
    expect(await ids(`equipment_type_id=${typeB.id}`)).toEqual(sorted(soon));
    expect(await ids(`equipment_type_id=${typeA.id}&due=ok`)).toEqual(sorted(later, atDepot));
    // A term that names no site: the site arm drops out of the statement.
    expect((await list(`search=${word}-2`)).equipments.map((e) => e.id)).toEqual([soon.id]);
    expect((await list(`search=${word}-3&status=installed`)).equipments.map((e) => e.id)).toEqual([later.id]);
    expect((await list(`search=${word}-3&status=retired`)).equipments).toEqual([]);
  });

  // The page's order is its own ORDER BY, not the join PostgreSQL happens to choose (see the
  // catalogue's test of the same name).
  it('keeps the ranked order when PostgreSQL joins the page by hashing', async () => {
    const word = `hq${randomBytes(3).toString('hex')}`;
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const unit = (assetTag: string, nextDueOn: string) =>
      insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id, assetTag, nextDueOn });
    const contains = await unit(`X-${word}`, '2030-01-01');
    const prefixLater = await unit(`${word}-2`, '2030-02-02');
    const prefixSooner = await unit(`${word}-1`, '2030-02-01');
    const exact = await unit(word, '2030-03-01');
    const ranked = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_nestloop = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      return new EquipmentRepository(tx).list({ search: word }, '2026-11-29', { page: 1, limit: 20 });
    });
    expect(ranked.rows.map((r) => r.unit.id)).toEqual([
      exact.id,
      prefixSooner.id,
      prefixLater.id,
      contains.id,
    ]);
    expect(ranked.total).toBe(4);
  });

  it('counts exactly up to 10,000 units and says "10,000+" beyond; the last page knows its total', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const units = (count: number, from: number) =>
      ctx.db.execute(sql`
        insert into equipment (site_id, equipment_type_id, asset_tag, name, status)
        select ${site.id}, ${type.id}, 'CAP-' || ${site.id}::text || '-' || g, 'Unit ' || g, 'in_service'
        from generate_series(${from}::int, ${from + count - 1}::int) g`);
    await units(10_000, 1);
    expect((await list(`site_id=${site.id}`)).pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    await units(1, 10_001);
    expect((await list(`site_id=${site.id}`)).pagination).toEqual({
      page: 1,
      limit: 20,
      total: 10_000,
      totalIsCapped: true,
    });
    // A search past the cap: ranked from one indexed arm per rank, the total "10,000+".
    const searched = await list(`search=cap-${site.id}-`);
    expect(searched.pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
    expect(searched.equipments[0]!.assetTag).toBe(`CAP-${site.id}-1`);
    // The last page is short: its total is known exactly without counting.
    expect((await list(`site_id=${site.id}&page=501`)).pagination).toEqual({
      page: 501,
      limit: 20,
      total: 10_001,
    });
  });
});

describe('assignment list: the capped total', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
  });
  afterAll(() => ctx.close());

  it('counts exactly up to 10,000 assignments and says "10,000+" beyond', async () => {
    const site = await insertSite(ctx.db);
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    const refs = await insertWorkRefs(ctx.db);
    const assign = (count: number) =>
      ctx.db.execute(sql`
        insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status, scheduled_for, due_on)
        select ${site.id}, ${inspector.id}, ${refs.categoryId}, ${refs.templateId}, 1, 'assigned', '2026-05-01', '2026-05-01'
        from generate_series(1, ${count}::int)`);
    const list = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/get/active/assignments?site_id=${site.id}`,
        headers: { authorization: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AssignmentListResponse;
    };
    await assign(10_000);
    expect((await list()).pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    await assign(1);
    expect((await list()).pagination).toEqual({ page: 1, limit: 20, total: 10_000, totalIsCapped: true });
  });
});

describe('equipment-type catalogue: relevance and the capped total', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
  });
  afterAll(() => ctx.close());

  async function list(query: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/global-equipment/list?${query}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EquipmentTypeListResponse;
  }

  it('puts the exact name first, then names starting with the term, then the rest, by name within each', async () => {
    const word = `ty${randomBytes(3).toString('hex')}`;
    const inCategory = await insertType(ctx.db, { name: `Alarm panel ${word}`, category: `${word} systems` });
    const byMaker = await insertType(ctx.db, { name: `Beacon ${word}`, manufacturer: 'Acme' });
    const prefixLater = await insertType(ctx.db, { name: `${word} zone valve` });
    const prefixEarlier = await insertType(ctx.db, { name: `${word} hydrant` });
    const exact = await insertType(ctx.db, { name: word.toUpperCase() });
    const other = await insertType(ctx.db, { name: 'Unrelated lift', model: `M-${word}` });

    const ranked = await list(`search=${word}`);
    expect(ranked.equipments.map((t) => t.id)).toEqual([
      exact.id,
      prefixEarlier.id,
      prefixLater.id,
      inCategory.id,
      byMaker.id,
      other.id,
    ]);
    expect(ranked.pagination).toEqual({ page: 1, limit: 20, total: 6 });
    // A column sort still wins.
    expect((await list(`search=${word}&sort=name`)).equipments[0]!.id).toBe(inCategory.id);
  });

  // The page's order is its own ORDER BY, not the join PostgreSQL happens to choose: with nested
  // loops (the usual plan) the rows would come in page order anyway, with a hash join in table order.
  it('keeps the ranked order when PostgreSQL joins the page by hashing', async () => {
    const word = `hj${randomBytes(3).toString('hex')}`;
    const later = await insertType(ctx.db, { name: `Zone valve ${word}` });
    const earlier = await insertType(ctx.db, { name: `Alarm ${word}` });
    const prefix = await insertType(ctx.db, { name: `${word} hydrant` });
    const exact = await insertType(ctx.db, { name: word });
    const query = equipmentTypeListQuerySchema.parse({ search: word });
    const ranked = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_nestloop = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      return new EquipmentTypesRepository(tx).list(query);
    });
    expect(ranked.rows.map((r) => r.id)).toEqual([exact.id, prefix.id, earlier.id, later.id]);
    expect(ranked.total).toBe(4);
  });

  it('counts exactly up to 10,000 types and says "10,000+" beyond', async () => {
    const word = `cap${randomBytes(3).toString('hex')}`;
    const types = (count: number, from: number) =>
      ctx.db.execute(sql`
        insert into equipment_types (name, category, inspection_interval_days)
        select ${word} || ' ' || g, 'Bench', 30 from generate_series(${from}::int, ${from + count - 1}::int) g`);
    await types(10_000, 1);
    expect((await list(`search=${word}`)).pagination).toEqual({ page: 1, limit: 20, total: 10_000 });
    await types(1, 10_001);
    expect((await list(`search=${word}`)).pagination).toEqual({
      page: 1,
      limit: 20,
      total: 10_000,
      totalIsCapped: true,
    });
    // Past the cap the page comes from one arm per rank: the exact name, then the names after it.
    const exact = await insertType(ctx.db, { name: word, category: 'Other' });
    const other = await insertType(ctx.db, { name: 'Zeta pump', model: word });
    const first = await list(`search=${word}`);
    expect(first.equipments.slice(0, 3).map((t) => t.name)).toEqual([word, `${word} 1`, `${word} 10`]);
    expect(first.equipments[0]!.id).toBe(exact.id);
    // 10,003 matches: the last page ends with the one that only contains the term.
    const last = (await list(`search=${word}&page=501`)).equipments;
    expect(last).toHaveLength(3);
    expect(last.at(-1)!.id).toBe(other.id);
  });
});
