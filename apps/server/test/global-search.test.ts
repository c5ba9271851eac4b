import { randomBytes } from 'node:crypto';
import type { GlobalSearchGroup, GlobalSearchResponse } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  inspectionCategories,
  inspections,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/** A word no other row in the database contains. */
const token = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

describe('global search: GET /api/global/search', () => {
  let ctx: TestContext;
  let admin: string;
  let inspectorToken: string;

  async function search(term: string, extra = ''): Promise<GlobalSearchResponse> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/global/search?search=${encodeURIComponent(term)}${extra}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function group<K extends GlobalSearchGroup['kind']>(result: GlobalSearchResponse, kind: K) {
    const found = result.groups.find((g) => g.kind === kind);
    if (!found) throw new Error(`no ${kind} group`);
    return found as Extract<GlobalSearchGroup, { kind: K }>;
  }

  const ids = (g: { items: Array<{ id: number }> }) => g.items.map((i) => i.id);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    inspectorToken = await tokenFor(
      ctx.app,
      await insertUser(ctx.db, { userType: 'inspector', phone: '+919800000001' }),
    );
    // Migrating a fresh embedded database can take a while on a busy machine.
  }, 180_000);

  afterAll(async () => ctx?.close());

  describe('access and validation', () => {
    it('answers 401 without a session and 403 to an inspector', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/global/search?search=site' });
      expect(anonymous.statusCode).toBe(401);
      const inspector = await ctx.app.inject({
        method: 'GET',
        url: '/api/global/search?search=site',
        headers: { authorization: inspectorToken },
      });
      expect(inspector.statusCode).toBe(403);
    });

    it.each([
      ['missing', ''],
      ['blank', '?search=%20%20%20'],
      ['too long', `?search=${'a'.repeat(101)}`],
    ])('refuses a %s term with 400 naming search', async (_label, query) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/global/search${query}`,
        headers: { authorization: admin },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain('search');
    });

    it('refuses a bad limit_per_group and trims the term', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/global/search?search=x&limit_per_group=0',
        headers: { authorization: admin },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('limit_per_group');
      const result = await search(`  ${'b'.repeat(100)}  `);
      expect(result.search).toBe('b'.repeat(100));
      expect(result.groups.map((g) => g.kind).sort()).toEqual(
        ['assignments', 'equipment', 'inspections', 'products', 'sites', 'users'].sort(),
      );
    });
  });

  describe('sites', () => {
    it('finds a site by id, SiteId no., name, city and client, case-insensitively and as a substring', async () => {
      const word = token('Quarry');
      const clientCompany = token('Meridian');
      const owner = await insertUser(ctx.db, { userType: 'client', company: `${clientCompany} Pvt Ltd` });
      const site = await insertSite(ctx.db, {
        siteCode: `QS-${word.slice(-6).toUpperCase()}`,
        name: `North ${word} Works`,
        city: `${word}pur`,
        clientId: owner.id,
      });
      for (const term of [
        String(site.id),
        `#${site.id}`,
        site.siteCode.toLowerCase(),
        site.siteCode.slice(1, -1),
        word.toUpperCase(),
        `${word.slice(3)} works`,
        `${word}PUR`,
        clientCompany.toLowerCase(),
      ]) {
        const sites = group(await search(term), 'sites');
        expect(ids(sites), term).toContain(site.id);
      }
      const hit = group(await search(word), 'sites').items.find((i) => i.id === site.id)!;
      expect(hit).toMatchObject({
        siteCode: site.siteCode,
        name: site.name,
        city: site.city,
        status: 'active',
        clientName: `${clientCompany} Pvt Ltd`,
        // The city starts with the word.
        match: 'prefix',
      });
    });

    it('puts the exact SiteId no. first, before prefix and substring matches, and makes it the best match', async () => {
      const code = `ZX-${token('').slice(0, 6).toUpperCase()}`;
      const longer = await insertSite(ctx.db, { siteCode: `${code}9`, name: 'Aardvark Tower' });
      const named = await insertSite(ctx.db, { name: `Annexe of ${code}` });
      const exact = await insertSite(ctx.db, { siteCode: code, name: 'Zulu Plant' });
      const result = await search(code.toLowerCase());
      const sites = group(result, 'sites');
      expect(ids(sites)).toEqual([exact.id, longer.id, named.id]);
      expect(sites.items.map((i) => i.match)).toEqual(['exact', 'prefix', 'contains']);
      expect(result.groups[0]!.kind).toBe('sites');
      expect(result.bestMatch).toEqual({ kind: 'sites', id: exact.id });
    });

    it('counts every match, answers at most limit_per_group items and caps the count at 1000', async () => {
      const word = token('Cnt');
      for (let i = 0; i < 7; i++) await insertSite(ctx.db, { name: `${word} block ${i}` });
      const seven = group(await search(word, '&limit_per_group=3'), 'sites');
      expect(seven).toMatchObject({ total: 7, totalCapped: false });
      expect(seven.items).toHaveLength(3);

      const many = token('Bulk');
      await ctx.db.execute(sql`
        insert into sites (site_code, name, status)
        select ${`${many}-`} || g, ${`${many} unit `} || g, 'active' from generate_series(1, 1002) g`);
      const capped = group(await search(many), 'sites');
      expect(capped).toMatchObject({ total: 1000, totalCapped: true });
      expect(capped.items).toHaveLength(5);
      // The exact code is found even though the capped scan need not have reached it.
      const exact = group(await search(`${many}-1002`), 'sites');
      expect(exact.items[0]).toMatchObject({ siteCode: `${many}-1002`, match: 'exact' });
    });

    it('treats % and _ as plain characters', async () => {
      const word = token('Pct');
      const site = await insertSite(ctx.db, { name: `${word} 100% safe_zone` });
      await insertSite(ctx.db, { name: `${word} 1000 safeXzone` });
      expect(ids(group(await search(`${word} 100%`), 'sites'))).toEqual([site.id]);
      expect(ids(group(await search('safe_zone'), 'sites'))).toEqual([site.id]);
    });
  });

  describe('equipment', () => {
    it('finds units by asset tag and serial number, exact first, and units of a matching site after those', async () => {
      const word = token('EQ').toUpperCase();
      const site = await insertSite(ctx.db, { name: 'Lakeside Depot' });
      const type = await insertType(ctx.db);
      const exactTag = await insertUnit(ctx.db, {
        siteId: site.id,
        equipmentTypeId: type.id,
        assetTag: word,
        name: 'Hydrant',
      });
      const prefixTag = await insertUnit(ctx.db, {
        siteId: site.id,
        equipmentTypeId: type.id,
        assetTag: `${word}-2`,
        name: 'Hose reel',
      });
      const bySerial = await insertUnit(ctx.db, {
        siteId: site.id,
        equipmentTypeId: type.id,
        serialNumber: `SER-${word}`,
        name: 'Pump',
      });
      const result = await search(word.toLowerCase());
      const equipment = group(result, 'equipment');
      expect(ids(equipment)).toEqual([exactTag.id, prefixTag.id, bySerial.id]);
      expect(equipment.items.map((i) => i.match)).toEqual(['exact', 'prefix', 'contains']);
      expect(equipment.items[0]).toMatchObject({
        assetTag: word,
        name: 'Hydrant',
        typeName: type.name,
        site: { id: site.id, siteCode: site.siteCode, name: 'Lakeside Depot' },
      });
      expect(result.groups[0]!.kind).toBe('equipment');
      expect(result.bestMatch).toEqual({ kind: 'equipment', id: exactTag.id });

      const serial = group(await search(`ser-${word.toLowerCase()}`), 'equipment');
      expect(serial.items[0]).toMatchObject({ id: bySerial.id, match: 'exact', serialNumber: `SER-${word}` });

      // Like the equipment list, a unit also matches through its site's name, after its own matches.
      const siteWord = token('Depot');
      const depot = await insertSite(ctx.db, { name: `${siteWord} Yard` });
      const atDepot = await insertUnit(ctx.db, { siteId: depot.id, equipmentTypeId: type.id, name: 'Valve' });
      const own = await insertUnit(ctx.db, {
        siteId: site.id,
        equipmentTypeId: type.id,
        name: `${siteWord} spare`,
      });
      expect(ids(group(await search(siteWord), 'equipment'))).toEqual([own.id, atDepot.id]);
    });

    it("finds units through their type's name (any case), not through the type's maker or model", async () => {
      const word = token('Sprinkler');
      const site = await insertSite(ctx.db);
      const named = await insertType(ctx.db, { name: `${word} head` });
      const madeBy = await insertType(ctx.db, { manufacturer: `${word} Industries`, model: word });
      const ofNamed = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: named.id, name: 'Head' });
      await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: madeBy.id, name: 'Other head' });
      const equipment = group(await search(word.toUpperCase()), 'equipment');
      expect(ids(equipment)).toEqual([ofNamed.id]);
      expect(equipment).toMatchObject({ total: 1, totalCapped: false });
      expect(equipment.items[0]).toMatchObject({ typeName: `${word} head`, match: 'contains' });
    });
  });

  describe('users', () => {
    it('finds live users by name, email and phone, exact email first, never deleted ones', async () => {
      const surname = token('Kulk');
      const anil = await insertUser(ctx.db, {
        userType: 'inspector',
        firstName: 'Anil',
        lastName: surname,
        phone: `+9198${String(Date.now()).slice(-8)}`,
        email: `${surname.toLowerCase()}@example.test`,
      });
      const other = await insertUser(ctx.db, {
        userType: 'client',
        firstName: 'Bina',
        lastName: surname,
        email: `bina.${surname.toLowerCase()}@example.test`,
        company: 'Bina Foods',
      });
      const deleted = await insertUser(ctx.db, {
        firstName: 'Gone',
        lastName: surname,
        deletedAt: new Date(),
      });

      const byName = group(await search(surname.toUpperCase()), 'users');
      expect(ids(byName).sort()).toEqual([anil.id, other.id].sort());
      expect(ids(byName)).not.toContain(deleted.id);
      expect(ids(group(await search(`anil ${surname}`), 'users'))).toEqual([anil.id]);

      const byEmail = await search(anil.email.toUpperCase());
      expect(group(byEmail, 'users').items[0]).toMatchObject({
        id: anil.id,
        name: `Anil ${surname}`,
        email: anil.email,
        userType: 'inspector',
        status: 'active',
        match: 'exact',
      });
      expect(byEmail.bestMatch).toEqual({ kind: 'users', id: anil.id });

      const phone = (await ctx.db.execute(sql`select phone from users where id = ${anil.id}`)) as unknown as {
        rows: Array<{ phone: string }>;
      };
      const digits = phone.rows[0]!.phone.slice(3);
      const byPhone = group(await search(`${digits.slice(0, 5)} ${digits.slice(5)}`), 'users');
      expect(byPhone.items[0]).toMatchObject({ id: anil.id, match: 'exact' });
    });
  });

  describe('assignments and inspections', () => {
    it('finds an assignment and a completed inspection by id, not an inspection still in progress', async () => {
      const site = await insertSite(ctx.db, { name: 'Harbour Terminal' });
      const inspector = await insertUser(ctx.db, {
        userType: 'inspector',
        firstName: 'Ravi',
        lastName: 'Menon',
      });
      const [category] = await ctx.db
        .insert(inspectionCategories)
        .values({ name: token('Routine'), colour: 'blue' })
        .returning();
      const [template] = await ctx.db
        .insert(templates)
        .values({
          name: token('Fire checklist '),
          categoryId: category!.id,
          status: 'published',
          publishedVersion: 1,
        })
        .returning();
      await ctx.db
        .insert(templateVersions)
        .values({ templateId: template!.id, version: 1, status: 'published', content: { sections: [] } });
      const refs = {
        siteId: site.id,
        inspectorId: inspector.id,
        categoryId: category!.id,
        templateId: template!.id,
        templateVersion: 1,
      };
      const base = { ...refs, scheduledFor: '2026-06-01', dueOn: '2026-06-10' };
      const [done, open] = await ctx.db
        .insert(assignments)
        .values([
          { ...base, status: 'completed' as const },
          { ...base, status: 'in_progress' as const },
        ])
        .returning();
      const [completed, running] = await ctx.db
        .insert(inspections)
        .values([
          {
            ...refs,
            assignmentId: done!.id,
            status: 'completed' as const,
            result: 'fail' as const,
            startedAt: new Date('2026-06-05T08:00:00Z'),
            completedAt: new Date('2026-06-05T10:00:00Z'),
          },
          { ...refs, assignmentId: open!.id, startedAt: new Date('2026-06-06T08:00:00Z') },
        ])
        .returning();

      const byAssignment = group(await search(`#${open!.id}`), 'assignments');
      expect(byAssignment).toMatchObject({ total: 1, totalCapped: false });
      expect(byAssignment.items[0]).toMatchObject({
        id: open!.id,
        status: 'in_progress',
        dueOn: '2026-06-10',
        site: { id: site.id, name: 'Harbour Terminal' },
        inspectorName: 'Ravi Menon',
        templateName: template!.name,
        match: 'exact',
      });

      const byInspection = group(await search(String(completed!.id)), 'inspections');
      expect(byInspection.items).toEqual([
        {
          id: completed!.id,
          assignmentId: done!.id,
          result: 'fail',
          completedAt: '2026-06-05T10:00:00.000Z',
          site: { id: site.id, siteCode: site.siteCode, name: 'Harbour Terminal' },
          inspectorName: 'Ravi Menon',
          match: 'exact',
        },
      ]);
      expect(group(await search(String(running!.id)), 'inspections').total).toBe(0);
      // Only numbers name assignments and inspections.
      expect(group(await search('Harbour Terminal'), 'assignments').total).toBe(0);
    });
  });

  describe('ordering of the groups', () => {
    it('leads with an exact id, puts sites first among equals and empty groups last', async () => {
      // A number that is the id of a site and a user at once (ids are per table).
      const site = await insertSite(ctx.db, { name: 'Ordering Site' });
      const result = await search(String(site.id));
      const kinds = result.groups.map((g) => g.kind);
      expect(kinds[0]).toBe('sites');
      expect(result.bestMatch).toEqual({ kind: 'sites', id: site.id });
      const firstEmpty = result.groups.findIndex((g) => g.items.length === 0);
      if (firstEmpty >= 0)
        expect(result.groups.slice(firstEmpty).every((g) => g.items.length === 0)).toBe(true);
    });

    it('answers six empty groups and no best match when nothing matches', async () => {
      const result = await search(token('nothing-'));
      expect(result.groups).toHaveLength(6);
      expect(result.groups.every((g) => g.total === 0 && g.items.length === 0)).toBe(true);
      expect(result.bestMatch).toBeNull();
    });
  });
});
