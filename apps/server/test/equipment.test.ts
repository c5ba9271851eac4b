import { computeNextDueOn } from '@inspecta/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, equipment, sites } from '../src/db/schema.js';
import { insertSite, insertSitesNamed, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('installed equipment: /api/auth/equipments', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let inspector: string;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const adminUser = await insertUser(ctx.db, {
      userType: 'admin',
      firstName: 'Asha',
      lastName: 'Kulkarni',
    });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const auditFor = (id: number) =>
    ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'equipment'), eq(auditEvents.entityId, String(id))))
      .orderBy(auditEvents.id);

  it('adds equipment to a site, derives nextDueOn from the install date, and audits it', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db, { inspectionIntervalDays: 30 });
    const response = await call('POST', '/api/auth/equipments', {
      siteId: site.id,
      equipmentTypeId: type.id,
      assetTag: ' FE-001 ',
      name: 'Lobby extinguisher',
      serialNumber: 'ABC6-100001',
      location: 'Ground floor lobby',
      installedOn: '2026-06-01',
      isCritical: true,
    });
    expect(response.statusCode).toBe(201);
    const { equipment: unit, message } = response.json();
    expect(message).toBe('Equipment added');
    expect(unit).toMatchObject({
      siteId: site.id,
      site: { id: site.id, siteCode: site.siteCode, name: site.name, status: 'active' },
      equipmentTypeId: type.id,
      equipmentType: { id: type.id, name: type.name, inspectionIntervalDays: 30 },
      assetTag: 'FE-001',
      serialNumber: 'ABC6-100001',
      installedOn: '2026-06-01',
      status: 'in_service',
      isCritical: true,
      lastInspectedAt: null,
      nextDueOn: '2026-07-01',
      dueStatus: 'due_soon',
    });
    const events = await auditFor(unit.id);
    expect(events.map((e) => e.action)).toEqual(['equipment.created']);
    expect(events[0]!.actorId).toBe(adminId);
    expect(events[0]!.after).toMatchObject({
      assetTag: 'FE-001',
      siteCode: site.siteCode,
      typeName: type.name,
    });
  });

  it('names every missing field, and checks dates', async () => {
    const empty = await call('POST', '/api/auth/equipments', {});
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['assetTag', 'equipmentTypeId', 'name', 'siteId']);
    expect(empty.json().details.find((d: { field: string }) => d.field === 'siteId').message).toBe(
      'Site is required',
    );

    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const base = { siteId: site.id, equipmentTypeId: type.id, assetTag: uniq('T'), name: 'Unit' };
    const badDate = await call('POST', '/api/auth/equipments', { ...base, installedOn: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details).toEqual([
      { field: 'installedOn', message: 'Installed on must be a date (YYYY-MM-DD)' },
    ]);

    const future = await call('POST', '/api/auth/equipments', {
      ...base,
      installedOn: '2026-06-16',
      lastInspectedAt: '2026-07-01',
    });
    expect(future.statusCode).toBe(400);
    expect(
      future
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['installedOn', 'lastInspectedAt']);

    const beforeInstall = await call('POST', '/api/auth/equipments', {
      ...base,
      installedOn: '2026-05-01',
      lastInspectedAt: '2026-04-01',
    });
    expect(beforeInstall.json().details).toEqual([
      { field: 'lastInspectedAt', message: 'Last inspected cannot be before the install date' },
    ]);
  });

  it('refuses unknown and inactive sites and archived types', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const base = { siteId: site.id, equipmentTypeId: type.id, assetTag: uniq('T'), name: 'Unit' };
    const noSite = await call('POST', '/api/auth/equipments', { ...base, siteId: 999_999 });
    expect(noSite.statusCode).toBe(404);
    expect(noSite.json().details).toEqual([{ field: 'siteId', message: 'Site was not found' }]);
    const noType = await call('POST', '/api/auth/equipments', { ...base, equipmentTypeId: 999_999 });
    expect(noType.statusCode).toBe(404);
    expect(noType.json().details[0].field).toBe('equipmentTypeId');

    const inactive = await insertSite(ctx.db, { status: 'inactive' });
    const toInactive = await call('POST', '/api/auth/equipments', { ...base, siteId: inactive.id });
    expect(toInactive.statusCode).toBe(409);
    expect(toInactive.json().details[0].field).toBe('siteId');

    const archived = await insertType(ctx.db, { status: 'archived' });
    const ofArchived = await call('POST', '/api/auth/equipments', { ...base, equipmentTypeId: archived.id });
    expect(ofArchived.statusCode).toBe(409);
    expect(ofArchived.json().details[0].field).toBe('equipmentTypeId');
  });

  it('keeps asset tags unique per site and serial numbers unique per type (409 naming the field)', async () => {
    const siteA = await insertSite(ctx.db);
    const siteB = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const otherType = await insertType(ctx.db);
    const tag = uniq('HY').replace(' ', '-');
    const first = await call('POST', '/api/auth/equipments', {
      siteId: siteA.id,
      equipmentTypeId: type.id,
      assetTag: tag,
      name: 'Hydrant',
      serialNumber: 'SER-1',
    });
    expect(first.statusCode).toBe(201);

    const sameTag = await call('POST', '/api/auth/equipments', {
      siteId: siteA.id,
      equipmentTypeId: type.id,
      assetTag: tag.toLowerCase(),
      name: 'Hydrant 2',
    });
    expect(sameTag.statusCode).toBe(409);
    expect(sameTag.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'assetTag' }] });

    const otherSite = await call('POST', '/api/auth/equipments', {
      siteId: siteB.id,
      equipmentTypeId: type.id,
      assetTag: tag,
      name: 'Hydrant at B',
    });
    expect(otherSite.statusCode).toBe(201);

    const sameSerial = await call('POST', '/api/auth/equipments', {
      siteId: siteB.id,
      equipmentTypeId: type.id,
      assetTag: uniq('X'),
      name: 'Copy',
      serialNumber: 'ser-1',
    });
    expect(sameSerial.statusCode).toBe(409);
    expect(sameSerial.json().details[0].field).toBe('serialNumber');

    const serialOtherType = await call('POST', '/api/auth/equipments', {
      siteId: siteB.id,
      equipmentTypeId: otherType.id,
      assetTag: uniq('X'),
      name: 'Other type',
      serialNumber: 'SER-1',
    });
    expect(serialOtherType.statusCode).toBe(201);
  });

  it('derives nextDueOn again when the type, install date, last inspection or status changes', async () => {
    const site = await insertSite(ctx.db);
    const monthly = await insertType(ctx.db, { inspectionIntervalDays: 30 });
    const yearly = await insertType(ctx.db, { inspectionIntervalDays: 365 });
    const created = await call('POST', '/api/auth/equipments', {
      siteId: site.id,
      equipmentTypeId: monthly.id,
      assetTag: uniq('D'),
      name: 'Derived',
    });
    const id = created.json().equipment.id;
    // Never inspected, no install date: counted from the day it was registered (the clock's).
    expect(created.json().equipment.nextDueOn).toBe('2026-07-15');

    const patch = async (body: Record<string, unknown>) => {
      const response = await call('PATCH', `/api/auth/equipments/update/${id}`, body);
      expect(response.statusCode).toBe(200);
      return response.json().equipment;
    };
    expect((await patch({ installedOn: '2026-01-01' })).nextDueOn).toBe('2026-01-31');
    expect((await patch({})).dueStatus).toBe('overdue');
    expect((await patch({ lastInspectedAt: '2026-06-10T18:30:00Z' })).nextDueOn).toBe('2026-07-10');
    const retyped = await patch({ equipmentTypeId: yearly.id });
    expect(retyped.nextDueOn).toBe('2027-06-10');
    expect(retyped.dueStatus).toBe('ok');
    const retired = await patch({ status: 'retired' });
    expect(retired.nextDueOn).toBeNull();
    expect(retired.dueStatus).toBeNull();
    expect((await patch({ status: 'in_service', lastInspectedAt: null })).nextDueOn).toBe('2027-01-01');

    const [row] = await ctx.db.select().from(equipment).where(eq(equipment.id, id));
    expect(row!.nextDueOn).toBe(
      computeNextDueOn({
        status: row!.status,
        lastInspectedAt: row!.lastInspectedAt,
        installedOn: row!.installedOn,
        createdAt: row!.createdAt,
        inspectionIntervalDays: 365,
      }),
    );
    const actions = (await auditFor(id)).map((e) => e.action);
    expect(actions[0]).toBe('equipment.created');
    expect(actions.slice(1).every((a) => a === 'equipment.updated')).toBe(true);
    // Six saves changed something; the empty one wrote nothing.
    expect(actions).toHaveLength(6);
  });

  it('moves a unit to another site, audited as a move, unless the tag is taken there', async () => {
    const from = await insertSite(ctx.db);
    const to = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const unit = await insertUnit(ctx.db, { siteId: from.id, equipmentTypeId: type.id, assetTag: 'MV-1' });
    await insertUnit(ctx.db, { siteId: to.id, equipmentTypeId: type.id, assetTag: 'MV-2' });

    const taken = await call('PATCH', `/api/auth/equipments/update/${unit.id}`, {
      siteId: to.id,
      assetTag: 'mv-2',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('assetTag');

    const moved = await call('PATCH', `/api/auth/equipments/update/${unit.id}`, { siteId: to.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().equipment.site.id).toBe(to.id);
    const events = await auditFor(unit.id);
    expect(events.map((e) => e.action)).toEqual(['equipment.moved']);
    expect(events[0]!.before).toMatchObject({ siteId: from.id, siteCode: from.siteCode });
    expect(events[0]!.after).toMatchObject({ siteId: to.id, siteCode: to.siteCode });

    const details = await call('GET', `/api/auth/equipments/${unit.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().history[0]).toMatchObject({
      action: 'equipment.moved',
      actorName: 'Asha Kulkarni',
      changes: expect.arrayContaining([{ field: 'siteCode', from: from.siteCode, to: to.siteCode }]),
    });

    expect((await call('PATCH', '/api/auth/equipments/update/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/equipments/999999')).statusCode).toBe(404);
    const inactive = await insertSite(ctx.db, { status: 'inactive' });
    expect(
      (await call('PATCH', `/api/auth/equipments/update/${unit.id}`, { siteId: inactive.id })).statusCode,
    ).toBe(409);
  });

  it('searches and filters the list (site, type, status, due) with paging', async () => {
    const tag = uniq('Flt').replace(' ', '');
    const site = await insertSite(ctx.db, { name: `${tag} Warehouse` });
    const other = await insertSite(ctx.db);
    const type = await insertType(ctx.db, { name: `${tag} Chiller` });
    const other2 = await insertType(ctx.db);
    const overdue = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: other2.id,
      nextDueOn: '2026-06-14',
      serialNumber: `${tag}-SN-77`,
    });
    const dueToday = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: other2.id,
      nextDueOn: '2026-06-15',
    });
    const dueIn30 = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: other2.id,
      nextDueOn: '2026-07-15',
      status: 'out_of_service',
    });
    const ok = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: other2.id,
      nextDueOn: '2026-07-16',
    });
    const retired = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: other2.id,
      nextDueOn: null,
      status: 'retired',
    });
    const ofType = await insertUnit(ctx.db, {
      siteId: other.id,
      equipmentTypeId: type.id,
      nextDueOn: '2030-01-01',
    });

    const ids = async (query: string) => {
      const response = await call('GET', `/api/auth/equipments?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().equipments.map((e: { id: number }) => e.id);
    };
    expect(await ids(`site_id=${site.id}`)).toEqual([overdue.id, dueToday.id, dueIn30.id, ok.id, retired.id]);
    expect(await ids(`site_id=${site.id}&due=overdue`)).toEqual([overdue.id]);
    expect(await ids(`site_id=${site.id}&due=due_soon`)).toEqual([dueToday.id, dueIn30.id]);
    expect(await ids(`site_id=${site.id}&due=ok`)).toEqual([ok.id]);
    expect(await ids(`site_id=${site.id}&status=out_of_service`)).toEqual([dueIn30.id]);
    // installed: every unit not retired, as the home screen's figure counts them.
    expect(await ids(`site_id=${site.id}&status=installed`)).toEqual([
      overdue.id,
      dueToday.id,
      dueIn30.id,
      ok.id,
    ]);
    expect(await ids(`site_id=${site.id}&status=retired`)).toEqual([retired.id]);
    expect(await ids(`equipment_type_id=${type.id}`)).toEqual([ofType.id]);
    expect(await ids(`search=${tag}-sn-77`)).toEqual([overdue.id]);
    expect(await ids(`search=${encodeURIComponent(overdue.assetTag.toLowerCase())}`)).toEqual([overdue.id]);
    expect((await ids(`search=${encodeURIComponent(`${tag} warehouse`)}`)).sort()).toEqual(
      [overdue.id, dueToday.id, dueIn30.id, ok.id, retired.id].sort(),
    );
    expect(await ids(`search=${encodeURIComponent(`${tag} chiller`)}`)).toEqual([ofType.id]);
    expect(await ids(`search=${encodeURIComponent(site.siteCode)}&sort=-nextDueOn&limit=2&page=1`)).toEqual([
      retired.id,
      ok.id,
    ]);

    const page = await call(
      'GET',
      `/api/auth/equipments?site_id=${site.id}&limit=2&page=2&search=&status=&due=`,
    );
    expect(page.json().pagination).toEqual({ page: 2, limit: 2, total: 5 });
    expect(page.json().equipments).toHaveLength(2);
    expect(page.json().equipments[0]).toMatchObject({ dueStatus: 'due_soon', site: { id: site.id } });
    const last = await call('GET', `/api/auth/equipments?site_id=${site.id}&limit=2&page=3`);
    expect(last.json().pagination).toEqual({ page: 3, limit: 2, total: 5 });
    expect(last.json().equipments.map((e: { id: number }) => e.id)).toEqual([retired.id]);
    const beyond = await call('GET', `/api/auth/equipments?site_id=${site.id}&limit=2&page=9`);
    expect(beyond.json()).toEqual({ equipments: [], pagination: { page: 9, limit: 2, total: 5 } });

    const bad = await call('GET', '/api/auth/equipments?due=soon&status=broken&site_id=x');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['due', 'site_id', 'status']);
  });

  it('answers site options for pickers', async () => {
    const site = await insertSite(ctx.db, { name: uniq('Picker Park') });
    const byName = await call(
      'GET',
      `/api/auth/equipments/site-options?search=${encodeURIComponent(site.name)}`,
    );
    expect(byName.json().sites).toEqual([
      { id: site.id, siteCode: site.siteCode, name: site.name, status: 'active' },
    ]);
    const byId = await call('GET', `/api/auth/equipments/site-options?site_id=${site.id}`);
    expect(byId.json().sites.map((s: { id: number }) => s.id)).toEqual([site.id]);
  });

  it('deletes a unit entered by mistake, but not one that has been inspected', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const fresh = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id });
    const inspected = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      lastInspectedAt: new Date('2026-05-01T10:00:00Z'),
    });
    expect((await call('DELETE', `/api/auth/equipments/delete/${fresh.id}`)).statusCode).toBe(200);
    expect((await auditFor(fresh.id)).map((e) => e.action)).toEqual(['equipment.deleted']);
    const refused = await call('DELETE', `/api/auth/equipments/delete/${inspected.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Retired/);
    expect((await call('DELETE', `/api/auth/equipments/delete/${fresh.id}`)).statusCode).toBe(404);
  });

  it('rolls a failed update back with its audit event', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    const a = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id, serialNumber: 'RB-1' });
    const b = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id, serialNumber: 'RB-2' });
    const response = await call('PATCH', `/api/auth/equipments/update/${b.id}`, {
      name: 'Renamed',
      serialNumber: 'RB-1',
    });
    expect(response.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(equipment).where(eq(equipment.id, b.id));
    expect(row!.name).toBe(b.name);
    expect(await auditFor(b.id)).toEqual([]);
    expect(a.id).not.toBe(b.id);
  });

  it('is for administrators only', async () => {
    const routes: Array<[Method, string]> = [
      ['GET', '/api/auth/equipments'],
      ['GET', '/api/auth/equipments/1'],
      ['GET', '/api/auth/equipments/site-options'],
      ['GET', '/api/auth/equipments/export'],
      ['GET', '/api/auth/equipments/import/template.xlsx'],
      ['POST', '/api/auth/equipments'],
      ['POST', '/api/auth/equipments/import/preview?site_id=1'],
      ['POST', '/api/auth/equipments/import?site_id=1'],
      ['PATCH', '/api/auth/equipments/update/1'],
      ['DELETE', '/api/auth/equipments/delete/1'],
    ];
    for (const [method, url] of routes) {
      expect(
        (await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, inspector))
          .statusCode,
      ).toBe(403);
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  // Last in the file: it leaves 66,000 sites behind.
  it('searches units by a word in more than 65,535 site names (one parameter, not one per site)', async () => {
    const word = uniq('Kothrudwadi')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    await insertSitesNamed(ctx.db, word, 66_000);
    const [last] = await ctx.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.siteCode, `${word}-66000`));
    const unit = await insertUnit(ctx.db, {
      siteId: last!.id,
      equipmentTypeId: (await insertType(ctx.db)).id,
    });
    const found = await call('GET', `/api/auth/equipments?search=${word}&limit=50`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().equipments.map((e: { id: number }) => e.id)).toEqual([unit.id]);
  });
});
