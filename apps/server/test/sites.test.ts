import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, equipment, equipmentTypes, sites, users } from '../src/db/schema.js';
import { SiteInspectionsRepository } from '../src/modules/sites/site-inspections.repository.js';
import { SitesRepository } from '../src/modules/sites/sites.repository.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/** A token unique to this run, so searches see only this file's sites. */
const tag = () => randomBytes(3).toString('hex');

describe('site management', () => {
  let ctx: TestContext;
  let adminToken: string;
  let inspectorToken: string;
  let adminId: number;
  let clientId: number;
  const clock = new FakeClock(new Date('2026-03-10T10:00:00'));

  async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: adminToken },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function newClient(values: Record<string, unknown> = {}) {
    const client = await insertUser(ctx.db, {
      userType: 'client',
      firstName: 'Client',
      lastName: `Owner${tag()}`,
      company: `Company ${tag()} Pvt Ltd`,
      ...values,
    });
    return client.id;
  }

  function completeSite(overrides: Record<string, unknown> = {}) {
    return {
      name: `Complete Site ${tag()}`,
      clientId,
      addressLine1: '12, MIDC Road',
      addressLine2: 'Andheri East',
      city: 'Mumbai',
      district: 'Mumbai Suburban',
      state: 'Maharashtra',
      pincode: '400069',
      latitude: 19.1136,
      longitude: 72.8697,
      contactName: 'Sanjay Shah',
      contactPhone: '98200 10001',
      contactEmail: 'Sanjay@Example.in',
      notes: 'Gate 2',
      ...overrides,
    };
  }

  async function createDraft(body: Record<string, unknown>) {
    const response = await call('POST', '/api/auth/sites', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().site as { id: number; siteCode: string; status: string; name: string };
  }

  async function createActive(overrides: Record<string, unknown> = {}) {
    const draft = await createDraft(completeSite(overrides));
    const saved = await call('POST', `/api/auth/save/site/${draft.id}`);
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().site as { id: number; siteCode: string; status: string; name: string };
  }

  async function auditFor(siteId: number, action: string) {
    return ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'site'),
          eq(auditEvents.entityId, String(siteId)),
          eq(auditEvents.action, action),
        ),
      )
      .orderBy(auditEvents.id);
  }

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    adminId = admin.id;
    adminToken = await tokenFor(ctx.app, admin);
    inspectorToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    clientId = await newClient();
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  describe('draft → save → active', () => {
    it('creates a draft from a name alone, with a generated SiteId no., and audits it', async () => {
      const name = `Draft only ${tag()}`;
      const response = await call('POST', '/api/auth/sites', { name });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toMatch(/^Draft ST-\d{6} created$/);
      expect(body.site).toMatchObject({
        name,
        status: 'draft',
        client: null,
        clientId: null,
        city: null,
        country: 'India',
        otherContacts: [],
      });
      expect(body.site.siteCode).toMatch(/^ST-\d{6}$/);
      const [row] = await ctx.db.select().from(sites).where(eq(sites.id, body.site.id));
      expect(row!.createdBy).toBe(adminId);
      const events = await auditFor(body.site.id, 'site.create');
      expect(events).toHaveLength(1);
      expect(events[0]!.actorId).toBe(adminId);
      expect((events[0]!.after as { name: string }).name).toBe(name);
    });

    it('keeps a draft incomplete, then refuses to save it naming every missing field', async () => {
      const draft = await createDraft({ name: `Half done ${tag()}`, city: 'Pune' });
      const save = await call('POST', `/api/auth/save/site/${draft.id}`);
      expect(save.statusCode).toBe(400);
      const fields = save
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort();
      expect(fields).toEqual(
        ['addressLine1', 'clientId', 'contactName', 'contactPhone', 'pincode', 'state'].sort(),
      );
      expect(save.json().message).toContain('Complete these fields before saving the site');
      const [row] = await ctx.db.select().from(sites).where(eq(sites.id, draft.id));
      expect(row!.status).toBe('draft');
      expect(await auditFor(draft.id, 'site.activate')).toHaveLength(0);
    });

    it('completes a draft step by step, saves it active once, and audits each change', async () => {
      const draft = await createDraft({ name: `Stepwise ${tag()}` });
      const step2 = await call('PUT', `/api/auth/update/sites/${draft.id}`, {
        clientId,
        addressLine1: '7, Residency Road',
        city: 'Bengaluru',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
        pincode: '560025',
      });
      expect(step2.statusCode, step2.body).toBe(200);
      expect(step2.json().site.client).toMatchObject({ id: clientId });
      const step3 = await call('PUT', `/api/auth/update/sites/${draft.id}`, {
        contactName: 'Deepa Menon',
        contactPhone: '+91 99000 30001',
        otherContacts: [{ name: 'Security desk', role: '24x7', phone: '080 2345 6789' }],
      });
      expect(step3.statusCode, step3.body).toBe(200);
      expect(step3.json().site.otherContacts).toEqual([
        { name: 'Security desk', role: '24x7', phone: '+918023456789', email: null },
      ]);
      expect(await auditFor(draft.id, 'site.update')).toHaveLength(2);

      const save = await call('POST', `/api/auth/save/site/${draft.id}`);
      expect(save.statusCode, save.body).toBe(200);
      expect(save.json().site.status).toBe('active');
      expect(save.json().message).toContain('saved and active');
      const [event] = await auditFor(draft.id, 'site.activate');
      expect(event).toMatchObject({ actorId: adminId });
      expect((event!.before as { status: string }).status).toBe('draft');
      expect((event!.after as { status: string }).status).toBe('active');

      const again = await call('POST', `/api/auth/save/site/${draft.id}`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This site is already saved and active');
    });

    it('normalises phone numbers and emails', async () => {
      const site = await createActive({ contactPhone: '022-2345 6789', contactEmail: ' Ops@Example.IN ' });
      const details = (await call('GET', `/api/auth/sites/full-details/${site.id}`)).json().site;
      expect(details.contactPhone).toBe('+912223456789');
      expect(details.contactEmail).toBe('ops@example.in');
    });

    it('keeps an active site complete: clearing a required field answers 400', async () => {
      const site = await createActive();
      const response = await call('PUT', `/api/auth/update/sites/${site.id}`, { pincode: null, city: '' });
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['city', 'pincode']);
      const blankCode = await call('PUT', `/api/auth/update/sites/${site.id}`, { siteCode: '' });
      expect(blankCode.statusCode).toBe(400);
      expect(blankCode.json().details).toEqual([{ field: 'siteCode', message: 'Enter the SiteId no.' }]);
    });

    it('answers an update that changes nothing without writing an audit event', async () => {
      const site = await createActive();
      const before = await auditFor(site.id, 'site.update');
      const response = await call('PUT', `/api/auth/update/sites/${site.id}`, { name: site.name });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('No changes to save');
      expect(await auditFor(site.id, 'site.update')).toHaveLength(before.length);
    });

    it('answers 404 for unknown sites on every route', async () => {
      const missing = 987_654;
      for (const [method, url, payload] of [
        ['PUT', `/api/auth/update/sites/${missing}`, { name: 'x' }],
        ['POST', `/api/auth/save/site/${missing}`, undefined],
        ['POST', `/api/auth/discardSite/${missing}`, undefined],
        ['PATCH', `/api/auth/sites/${missing}/status`, { status: 'inactive' }],
        ['DELETE', `/api/auth/sites/delete/${missing}`, undefined],
        ['GET', `/api/auth/sites/full-details/${missing}`, undefined],
        ['GET', `/api/auth/site-completed-inspections?site_id=${missing}`, undefined],
      ] as const) {
        const response = await call(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Site was not found' });
      }
    });
  });

  describe('validation', () => {
    it('needs a name even for a draft', async () => {
      for (const body of [{}, { name: '   ' }, { name: 42 }]) {
        const response = await call('POST', '/api/auth/sites', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().details.map((d: { field: string }) => d.field)).toEqual(['name']);
      }
    });

    const invalid: Array<[string, unknown]> = [
      ['pincode', '012345'],
      ['pincode', '40006'],
      ['pincode', '4000691'],
      ['pincode', 'ABCDEF'],
      ['contactPhone', '12345'],
      ['contactPhone', '98200-1000A'],
      ['contactPhone', '+0 98200 10001'],
      ['contactEmail', 'not-an-email'],
      ['siteCode', '-ST-1'],
      ['siteCode', 'ST 0001'],
      ['siteCode', 'A'],
      ['latitude', 91],
      ['longitude', -181],
      ['latitude', 'north'],
      ['clientId', 0],
      ['name', 'x'.repeat(121)],
      ['notes', 'x'.repeat(2001)],
    ];
    it.each(invalid.map(([field, value]) => [field, JSON.stringify(value).slice(0, 16), value] as const))(
      'refuses %s = %s with a message on that field',
      async (field, _label, value) => {
        const body: Record<string, unknown> = { name: `Invalid ${tag()}`, [field]: value };
        if (field === 'latitude') body.longitude = 72.8;
        if (field === 'longitude') body.latitude = 19.1;
        const response = await call('POST', '/api/auth/sites', body);
        expect(response.statusCode, response.body).toBe(400);
        const details = response.json().details as Array<{ field: string; message: string }>;
        expect(details.map((d) => d.field)).toEqual([field]);
        expect(details[0]!.message.length).toBeGreaterThan(5);
      },
    );

    it('needs latitude and longitude together', async () => {
      const response = await call('POST', '/api/auth/sites', {
        name: `Half a point ${tag()}`,
        latitude: 19.1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'longitude', message: 'Enter both latitude and longitude, or neither' },
      ]);
    });

    it('checks other contacts: a name, a phone or an email each, at most five', async () => {
      const noWayToReach = await call('POST', '/api/auth/sites', {
        name: `Contacts ${tag()}`,
        otherContacts: [{ name: 'Front desk' }],
      });
      expect(noWayToReach.statusCode).toBe(400);
      expect(noWayToReach.json().details).toEqual([
        { field: 'otherContacts.0.phone', message: 'Enter a phone number or an email' },
      ]);
      const nameless = await call('POST', '/api/auth/sites', {
        name: `Contacts ${tag()}`,
        otherContacts: [{ name: '', email: 'a@b.in' }],
      });
      expect(nameless.json().details.map((d: { field: string }) => d.field)).toEqual([
        'otherContacts.0.name',
      ]);
      const tooMany = await call('POST', '/api/auth/sites', {
        name: `Contacts ${tag()}`,
        otherContacts: Array.from({ length: 6 }, (_, i) => ({ name: `P${i}`, email: `p${i}@b.in` })),
      });
      expect(tooMany.json().details.map((d: { field: string }) => d.field)).toEqual(['otherContacts']);
    });

    it('accepts only a live, active client', async () => {
      const inspector = await insertUser(ctx.db, { userType: 'inspector' });
      const deleted = await newClient({ deletedAt: new Date() });
      const inactive = await newClient({ status: 'inactive' });
      for (const [id, message] of [
        [inspector.id, 'Choose an existing client'],
        [deleted, 'Choose an existing client'],
        [999_999, 'Choose an existing client'],
        [inactive, 'This client is deactivated: choose an active client'],
      ] as const) {
        const response = await call('POST', '/api/auth/sites', { name: `Owner ${tag()}`, clientId: id });
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([{ field: 'clientId', message }]);
      }
    });

    it('refuses to save a draft whose client was deactivated meanwhile', async () => {
      const owner = await newClient();
      const draft = await createDraft(completeSite({ clientId: owner }));
      await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner));
      const save = await call('POST', `/api/auth/save/site/${draft.id}`);
      expect(save.statusCode).toBe(400);
      expect(save.json().details).toEqual([
        { field: 'clientId', message: 'The client is no longer active: choose an active client' },
      ]);
    });
  });

  describe('SiteId no.', () => {
    it('refuses a taken code, whatever its case, with 409 on siteCode', async () => {
      const code = `DUP-${tag()}`.toUpperCase();
      await createDraft({ name: `First ${tag()}`, siteCode: code });
      const response = await call('POST', '/api/auth/sites', {
        name: `Second ${tag()}`,
        siteCode: code.toLowerCase(),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        details: [
          { field: 'siteCode', message: `SiteId no. ${code.toLowerCase()} is already used by another site` },
        ],
      });
      const other = await createDraft({ name: `Third ${tag()}` });
      const rename = await call('PUT', `/api/auth/update/sites/${other.id}`, { siteCode: code });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().details[0].field).toBe('siteCode');
    });

    it('generates the next ST code, skipping one typed in by hand', async () => {
      const first = await createDraft({ name: `Gen A ${tag()}` });
      const n = Number(first.siteCode.slice(3));
      const manual = `ST-${String(n + 1).padStart(6, '0')}`;
      await createDraft({ name: `Manual ${tag()}`, siteCode: manual });
      const next = await createDraft({ name: `Gen B ${tag()}` });
      expect(next.siteCode).toBe(`ST-${String(n + 2).padStart(6, '0')}`);
    });

    it('hands out distinct codes to concurrent creates', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call('POST', '/api/auth/sites', { name: `Concurrent ${i} ${tag()}` }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      const codes = responses.map((r) => r.json().site.siteCode);
      expect(new Set(codes).size).toBe(8);
    });
  });

  describe('discard, status and delete', () => {
    it('discards a draft only, and audits it', async () => {
      const draft = await createDraft({ name: `Throwaway ${tag()}` });
      const response = await call('POST', `/api/auth/discardSite/${draft.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(`Draft ${draft.siteCode} discarded`);
      expect(await ctx.db.select().from(sites).where(eq(sites.id, draft.id))).toHaveLength(0);
      const [event] = await auditFor(draft.id, 'site.discard');
      expect((event!.before as { siteCode: string }).siteCode).toBe(draft.siteCode);

      const active = await createActive();
      const refused = await call('POST', `/api/auth/discardSite/${active.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('Only drafts can be discarded');
      expect(await ctx.db.select().from(sites).where(eq(sites.id, active.id))).toHaveLength(1);
    });

    it('deactivates and reactivates a saved site, never a draft', async () => {
      const site = await createActive();
      const off = await call('PATCH', `/api/auth/sites/${site.id}/status`, { status: 'inactive' });
      expect(off.statusCode).toBe(200);
      expect(off.json().site.status).toBe('inactive');
      expect(await auditFor(site.id, 'site.deactivate')).toHaveLength(1);
      const again = await call('PATCH', `/api/auth/sites/${site.id}/status`, { status: 'inactive' });
      expect(again.json().message).toBe(`Site ${site.siteCode} is already inactive`);
      expect(await auditFor(site.id, 'site.deactivate')).toHaveLength(1);
      const saveInactive = await call('POST', `/api/auth/save/site/${site.id}`);
      expect(saveInactive.statusCode).toBe(409);
      const on = await call('PATCH', `/api/auth/sites/${site.id}/status`, { status: 'active' });
      expect(on.json().site.status).toBe('active');
      expect(await auditFor(site.id, 'site.reactivate')).toHaveLength(1);

      const draft = await createDraft({ name: `Not yet ${tag()}` });
      const refused = await call('PATCH', `/api/auth/sites/${draft.id}/status`, { status: 'active' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This site is a draft: save it to make it active');
      const bad = await call('PATCH', `/api/auth/sites/${site.id}/status`, { status: 'draft' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('status');
    });

    it('deletes a site with no completed inspections, with its equipment, in one audited change', async () => {
      const site = await createActive();
      const [type] = await ctx.db
        .insert(equipmentTypes)
        .values({ name: `Extinguisher ${tag()}`, category: 'Fire protection' })
        .returning();
      await ctx.db.insert(equipment).values([
        { siteId: site.id, equipmentTypeId: type!.id, assetTag: 'FE-1', name: 'Extinguisher 1' },
        { siteId: site.id, equipmentTypeId: type!.id, assetTag: 'FE-2', name: 'Extinguisher 2' },
      ]);
      const response = await call('DELETE', `/api/auth/sites/delete/${site.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(`Site ${site.siteCode} deleted with its 2 equipment units`);
      expect(await ctx.db.select().from(equipment).where(eq(equipment.siteId, site.id))).toHaveLength(0);
      const [event] = await auditFor(site.id, 'site.delete');
      expect((event!.before as { equipmentRemoved: number }).equipmentRemoved).toBe(2);
    });

    it('refuses to delete a site with completed inspections and says to deactivate it', async () => {
      const site = await createActive();
      const spy = vi
        .spyOn(SiteInspectionsRepository.prototype, 'hasCompletedInspections')
        .mockResolvedValue(true);
      const response = await call('DELETE', `/api/auth/sites/delete/${site.id}`);
      expect(spy).toHaveBeenCalledWith(site.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('Deactivate it instead');
      expect(await ctx.db.select().from(sites).where(eq(sites.id, site.id))).toHaveLength(1);
      expect(await auditFor(site.id, 'site.delete')).toHaveLength(0);
    });

    it('deletes in one transaction: a failure half-way leaves the site and its equipment', async () => {
      const site = await createActive();
      const [type] = await ctx.db
        .insert(equipmentTypes)
        .values({ name: `Lift ${tag()}`, category: 'Lifts' })
        .returning();
      await ctx.db
        .insert(equipment)
        .values({ siteId: site.id, equipmentTypeId: type!.id, assetTag: 'LF-1', name: 'Lift 1' });
      const original = SitesRepository.prototype.deleteWithEquipment;
      vi.spyOn(SitesRepository.prototype, 'deleteWithEquipment').mockImplementation(async function (
        this: SitesRepository,
        id: number,
      ) {
        await original.call(this, id);
        throw new Error('connection lost');
      });
      const response = await call('DELETE', `/api/auth/sites/delete/${site.id}`);
      expect(response.statusCode).toBe(500);
      expect(await ctx.db.select().from(sites).where(eq(sites.id, site.id))).toHaveLength(1);
      expect(await ctx.db.select().from(equipment).where(eq(equipment.siteId, site.id))).toHaveLength(1);
      expect(await auditFor(site.id, 'site.delete')).toHaveLength(0);
    });
  });

  describe('the register', () => {
    const word = `zq${tag()}`;
    let owner: number;
    let ids: Record<string, number>;

    beforeAll(async () => {
      owner = await newClient({
        firstName: 'Rekha',
        lastName: `Bhat${word}`,
        company: `Bhat ${word} Estates`,
      });
      ids = {};
      ids.alpha = (
        await createActive({ name: `Alpha ${word} Tower`, city: `Nashik${word}`, clientId: owner })
      ).id;
      ids.beta = (await createActive({ name: `Beta ${word} Plant`, city: 'Pune', clientId: owner })).id;
      ids.gamma = (await createDraft({ name: `Gamma ${word} Mall`, city: `Nashik${word}` })).id;
      ids.delta = (
        await createActive({ name: `Delta Hub`, siteCode: `DX-${word}`.toUpperCase(), city: `Nashik${word}` })
      ).id;
      await call('PATCH', `/api/auth/sites/${ids.beta}/status`, { status: 'inactive' });
      ids.percent = (await createDraft({ name: `100% Safe ${word}` })).id;
    });

    async function list(query: string) {
      const response = await call('GET', `/api/auth/get/all/sites?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        sites: Array<{
          id: number;
          name: string;
          status: string;
          client: { name: string } | null;
          equipmentCount: number;
        }>;
        pagination: { page: number; limit: number; total: number };
        counts: Record<string, number>;
      };
    }

    it('searches name, SiteId no., city and client, case-insensitively, as substrings', async () => {
      const byName = await list(`search=${word.toUpperCase()}`);
      expect(byName.sites.map((s) => s.id).sort()).toEqual(
        [ids.alpha, ids.beta, ids.gamma, ids.delta, ids.percent].sort(),
      );
      expect(byName.counts).toEqual({ all: 5, draft: 2, active: 2, inactive: 1 });
      expect((await list(`search=dx-${word}`)).sites.map((s) => s.id)).toEqual([ids.delta]);
      expect((await list(`search=ashik${word}`)).pagination.total).toBe(3);
      const byCompany = await list(`search=${encodeURIComponent(`bhat ${word} est`)}`);
      expect(byCompany.sites.map((s) => s.id).sort()).toEqual([ids.alpha, ids.beta].sort());
      const byPerson = await list(`search=${encodeURIComponent(`rekha bhat${word}`)}`);
      expect(byPerson.sites.map((s) => s.id).sort()).toEqual([ids.alpha, ids.beta].sort());
      expect(byPerson.sites[0]!.client!.name).toBe(`Rekha Bhat${word}`);
      expect((await list(`search=${ids.gamma}`)).sites.map((s) => s.id)).toContain(ids.gamma);
    });

    it('finds sites by client even when the term matches very many clients', async () => {
      const mass = `mass${tag()}`;
      const rows = await ctx.db
        .insert(users)
        .values(
          Array.from({ length: 505 }, (_, i) => ({
            userType: 'client' as const,
            firstName: 'Bulk',
            lastName: `Client ${i}`,
            email: `${mass}.${i}@example.test`,
            company: `${mass} Holdings ${i}`,
          })),
        )
        .returning({ id: users.id });
      const owner = rows.at(-1)!.id;
      const site = await createDraft({ name: `Owned ${tag()}`, clientId: owner });
      const found = await list(`search=${mass}%20holdings%20504`);
      expect(found.sites.map((s) => s.id)).toEqual([site.id]);
      expect((await list(`search=${mass}`)).sites.map((s) => s.id)).toEqual([site.id]);
    });

    it('treats % and _ as plain characters', async () => {
      expect(
        (await list(`search=${encodeURIComponent(`100% Safe ${word}`)}`)).sites.map((s) => s.id),
      ).toEqual([ids.percent]);
      expect((await list(`search=${encodeURIComponent(`%${word}`)}`)).pagination.total).toBe(0);
      expect((await list(`search=${encodeURIComponent(`_lpha ${word}`)}`)).pagination.total).toBe(0);
    });

    it('filters by status, client and city, and counts per status for the other filters', async () => {
      const drafts = await list(`search=${word}&status=draft`);
      expect(drafts.sites.map((s) => s.id).sort()).toEqual([ids.gamma, ids.percent].sort());
      expect(drafts.pagination.total).toBe(2);
      expect(drafts.counts.all).toBe(5);
      const mine = await list(`client_id=${owner}`);
      expect(mine.sites.map((s) => s.id).sort()).toEqual([ids.alpha, ids.beta].sort());
      const city = await list(`city=NASHIK${word}`);
      expect(city.sites.map((s) => s.id).sort()).toEqual([ids.alpha, ids.gamma, ids.delta].sort());
      expect(city.counts).toEqual({ all: 3, draft: 1, active: 2, inactive: 0 });
      expect((await list(`city=Nashik`)).sites.filter((s) => s.name.includes(word))).toEqual([]);
    });

    it('sorts and pages', async () => {
      const byName = await list(`search=${word}&sort=name`);
      expect(byName.sites.map((s) => s.name)).toEqual([...byName.sites.map((s) => s.name)].sort());
      const desc = await list(`search=${word}&sort=-name`);
      expect(desc.sites.map((s) => s.id)).toEqual(byName.sites.map((s) => s.id).reverse());
      const page1 = await list(`search=${word}&sort=name&limit=2&page=1`);
      const page3 = await list(`search=${word}&sort=name&limit=2&page=3`);
      expect(page1.sites.map((s) => s.id)).toEqual(byName.sites.slice(0, 2).map((s) => s.id));
      expect(page3.sites.map((s) => s.id)).toEqual(byName.sites.slice(4).map((s) => s.id));
      expect(page3.pagination).toEqual({ page: 3, limit: 2, total: 5 });
      const newest = await list(`search=${word}`);
      expect(newest.sites[0]!.id).toBe(ids.percent);
    });

    it("shows each site's units on the page, searched or not", async () => {
      const [type] = await ctx.db
        .insert(equipmentTypes)
        .values({ name: `Hose reel ${tag()}`, category: 'Fire protection' })
        .returning();
      await ctx.db.insert(equipment).values([
        { siteId: ids.alpha!, equipmentTypeId: type!.id, assetTag: `HR-1-${word}`, name: 'Hose reel 1' },
        { siteId: ids.alpha!, equipmentTypeId: type!.id, assetTag: `HR-2-${word}`, name: 'Hose reel 2' },
        { siteId: ids.delta!, equipmentTypeId: type!.id, assetTag: `HR-3-${word}`, name: 'Hose reel 3' },
      ]);
      const expected = { [ids.alpha!]: 2, [ids.delta!]: 1, [ids.gamma!]: 0 };
      const units = (page: Awaited<ReturnType<typeof list>>) =>
        Object.fromEntries(page.sites.filter((s) => s.id in expected).map((s) => [s.id, s.equipmentCount]));
      // By relevance while searching, by a column order, and the register without a search.
      expect(units(await list(`search=${word}`))).toEqual(expected);
      expect(units(await list(`search=${word}&sort=name`))).toEqual(expected);
      expect(units(await list(`city=Nashik${word}`))).toEqual(expected);
    });

    it('refuses unknown sorts, statuses and page sizes naming the parameter', async () => {
      for (const [query, field] of [
        ['sort=password', 'sort'],
        ['status=deleted', 'status'],
        ['limit=500', 'limit'],
        ['client_id=abc', 'client_id'],
      ]) {
        const response = await call('GET', `/api/auth/get/all/sites?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().details[0].field).toBe(field);
      }
    });

    it('lists the cities sites are in', async () => {
      const response = await call('GET', '/api/auth/sites/cities');
      expect(response.statusCode).toBe(200);
      const cities = response.json().cities as string[];
      expect(cities).toContain(`Nashik${word}`);
      expect(cities).toEqual([...cities].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });
  });

  describe('details and history', () => {
    it('answers the site with its client, contacts and an equipment summary by status and due state', async () => {
      const site = await createActive({
        otherContacts: [{ name: 'Security desk', phone: '022 4000 1234', email: '' }],
      });
      const [type] = await ctx.db
        .insert(equipmentTypes)
        .values({ name: `Hydrant ${tag()}`, category: 'Fire protection' })
        .returning();
      const unit = (assetTag: string, nextDueOn: string | null, status = 'in_service' as const) => ({
        siteId: site.id,
        equipmentTypeId: type!.id,
        assetTag,
        name: assetTag,
        nextDueOn,
        status,
      });
      // The fake clock says 2026-03-10.
      await ctx.db
        .insert(equipment)
        .values([
          unit('A', '2026-03-09'),
          unit('B', '2026-03-10'),
          unit('C', '2026-04-09'),
          unit('D', '2026-04-10'),
          unit('E', null),
          { ...unit('F', '2025-01-01'), status: 'retired' },
          { ...unit('G', '2026-01-01'), status: 'out_of_service' },
        ]);
      const response = await call('GET', `/api/auth/sites/full-details/${site.id}`);
      expect(response.statusCode).toBe(200);
      const details = response.json().site;
      expect(details).toMatchObject({
        id: site.id,
        status: 'active',
        client: { id: clientId },
        contactPhone: '+919820010001',
        otherContacts: [{ name: 'Security desk', role: null, phone: '+912240001234', email: null }],
        createdBy: { id: adminId, name: 'Test User' },
        assignedInspectors: [],
        latestInspections: [],
      });
      expect(details.equipmentSummary).toEqual({
        total: 7,
        byStatus: { in_service: 5, out_of_service: 1, retired: 1 },
        byDueState: { overdue: 2, dueSoon: 2, upToDate: 1, notScheduled: 1 },
        nextDueOn: '2026-01-01',
      });
    });

    it('answers an empty inspection history for a site, and 400 without site_id', async () => {
      const site = await createActive();
      const response = await call('GET', `/api/auth/site-completed-inspections?site_id=${site.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0 } });
      const missing = await call('GET', '/api/auth/site-completed-inspections');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details[0].field).toBe('site_id');
    });
  });

  describe('client picker', () => {
    it('lists live clients only, searchable by name, company and email', async () => {
      const word = `cl${tag()}`;
      const live = await newClient({ company: `Sunrise ${word} Hospitals`, email: `${word}@sunrise.in` });
      await newClient({ company: `Gone ${word}`, deletedAt: new Date() });
      await insertUser(ctx.db, { userType: 'inspector', firstName: word });
      const response = await call('GET', `/api/auth/get/client/list?search=${word}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().clients).toEqual([
        expect.objectContaining({ id: live, company: `Sunrise ${word} Hospitals`, status: 'active' }),
      ]);
      expect(response.json().pagination.total).toBe(1);
      const byEmail = await call('GET', `/api/auth/get/client/list?search=${word}@SUNRISE`);
      expect(byEmail.json().clients.map((c: { id: number }) => c.id)).toEqual([live]);
    });
  });

  describe('access', () => {
    const routes: Array<[string, string, unknown?]> = [
      ['POST', '/api/auth/sites', { name: 'x' }],
      ['PUT', '/api/auth/update/sites/1', { name: 'x' }],
      ['POST', '/api/auth/save/site/1'],
      ['POST', '/api/auth/discardSite/1'],
      ['PATCH', '/api/auth/sites/1/status', { status: 'inactive' }],
      ['DELETE', '/api/auth/sites/delete/1'],
      ['GET', '/api/auth/get/all/sites'],
      ['GET', '/api/auth/sites/cities'],
      ['GET', '/api/auth/sites/full-details/1'],
      ['GET', '/api/auth/site-completed-inspections?site_id=1'],
      ['GET', '/api/auth/get/client/list'],
    ];

    it('answers 403 to an inspector and 401 to nobody on every site route', async () => {
      for (const [method, url, payload] of routes) {
        const common = { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) };
        const asInspector = await ctx.app.inject({ ...common, headers: { authorization: inspectorToken } });
        expect(asInspector.statusCode, `${method} ${url}`).toBe(403);
        const anonymous = await ctx.app.inject(common);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });
});
