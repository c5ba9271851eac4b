import { computeNextDueOn } from '@inspecta/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, equipment, equipmentTypes, templates } from '../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

describe('equipment catalogue: /api/auth/global-equipment', () => {
  let ctx: TestContext;
  let admin: string;
  let inspector: string;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('refuses a default template that does not exist or was never published, naming the field', async () => {
    const [draftOnly] = await ctx.db
      .insert(templates)
      .values({ name: uniq('Draft checklist') })
      .returning();
    for (const defaultTemplateId of [999_999, draftOnly!.id]) {
      const response = await call('POST', '/api/auth/global-equipment/create', {
        name: uniq('Foam unit'),
        category: 'Fire protection',
        inspectionIntervalDays: 90,
        defaultTemplateId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'defaultTemplateId', message: 'Choose a published template that is not archived' },
      ]);
    }
  });

  it('creates a type and audits it', async () => {
    const [checklist] = await ctx.db
      .insert(templates)
      .values({ name: uniq('Foam extinguisher checklist'), status: 'published', publishedVersion: 1 })
      .returning();
    const name = uniq('Fire extinguisher, foam 9 L');
    const response = await call('POST', '/api/auth/global-equipment/create', {
      name: `  ${name} `,
      category: 'Fire protection',
      manufacturer: 'Ceasefire',
      model: 'AFFF-9',
      description: '',
      inspectionIntervalDays: 90,
      defaultTemplateId: checklist!.id,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Equipment type created');
    expect(body.equipmentType).toMatchObject({
      name,
      category: 'Fire protection',
      manufacturer: 'Ceasefire',
      model: 'AFFF-9',
      description: null,
      inspectionIntervalDays: 90,
      defaultTemplateId: checklist!.id,
      status: 'active',
      installedCount: 0,
    });
    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'equipment_type'),
          eq(auditEvents.entityId, String(body.equipmentType.id)),
        ),
      )
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual(['equipment_type.created']);
    expect(events[0]!.after).toMatchObject({ name, inspectionIntervalDays: 90 });
  });

  it('names every missing or invalid field', async () => {
    const empty = await call('POST', '/api/auth/global-equipment/create', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const fields = empty
      .json()
      .details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['category', 'inspectionIntervalDays', 'name']);
    expect(empty.json().details.find((d: { field: string }) => d.field === 'name').message).toBe(
      'Name is required',
    );

    const bad = await call('POST', '/api/auth/global-equipment/create', {
      name: ' ',
      category: 'x'.repeat(81),
      inspectionIntervalDays: 0,
      status: 'deleted',
    });
    expect(bad.statusCode).toBe(400);
    const messages = Object.fromEntries(
      bad.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(messages).toMatchObject({
      name: 'Name is required',
      category: 'Category must be at most 80 characters',
      inspectionIntervalDays: 'Inspection interval must be at least 1 day',
    });
    expect(messages.status).toBeDefined();
  });

  it('refuses a second type with the same name, whatever the case (409 naming the field)', async () => {
    const name = uniq('Hose reel');
    expect(
      (
        await call('POST', '/api/auth/global-equipment/create', {
          name,
          category: 'Fire',
          inspectionIntervalDays: 30,
        })
      ).statusCode,
    ).toBe(201);
    const again = await call('POST', '/api/auth/global-equipment/create', {
      name: name.toUpperCase(),
      category: 'Fire',
      inspectionIntervalDays: 30,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'name' }] });

    const other = await insertType(ctx.db, { name: uniq('Other') });
    const rename = await call('PUT', `/api/auth/global-equipment/update/${other.id}`, { name });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().details[0].field).toBe('name');
  });

  it('lists with search, category and status filters, paging and sorting, in { equipments, pagination }', async () => {
    const tag = uniq('zq');
    const a = await insertType(ctx.db, {
      name: `${tag} Alpha lift`,
      category: `${tag}-Lifts`,
      inspectionIntervalDays: 180,
    });
    const b = await insertType(ctx.db, {
      name: `${tag} Beta lift`,
      category: `${tag}-Lifts`,
      inspectionIntervalDays: 90,
    });
    const c = await insertType(ctx.db, {
      name: `${tag} Gamma vessel`,
      category: `${tag}-Pressure`,
      status: 'archived',
    });
    const site = await insertSite(ctx.db);
    await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: b.id });
    await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: b.id });
    await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: b.id, status: 'retired' });

    const all = await call(
      'GET',
      `/api/auth/global-equipment/list?search=${tag}&category=&status=&page=&limit=`,
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ page: 1, limit: 20, total: 3 });
    expect(all.json().equipments.map((t: { id: number }) => t.id)).toEqual([a.id, b.id, c.id]);
    expect(all.json().equipments[1].installedCount).toBe(2);

    const lifts = await call('GET', `/api/auth/global-equipment/list?search=${tag}&category=${tag}-lifts`);
    expect(lifts.json().equipments.map((t: { id: number }) => t.id)).toEqual([a.id, b.id]);

    const archived = await call('GET', `/api/auth/global-equipment/list?search=${tag}&status=archived`);
    expect(archived.json().equipments.map((t: { id: number }) => t.id)).toEqual([c.id]);

    const byInterval = await call(
      'GET',
      `/api/auth/global-equipment/list?search=${tag}&category=${tag}-Lifts&sort=inspectionIntervalDays`,
    );
    expect(byInterval.json().equipments.map((t: { id: number }) => t.id)).toEqual([b.id, a.id]);

    const paged = await call(
      'GET',
      `/api/auth/global-equipment/list?search=${tag}&limit=2&page=2&sort=-name`,
    );
    expect(paged.json().equipments.map((t: { id: number }) => t.id)).toEqual([a.id]);
    expect(paged.json().pagination).toEqual({ page: 2, limit: 2, total: 3 });

    // A search term with LIKE wildcards matches them literally.
    const literal = await call('GET', `/api/auth/global-equipment/list?search=${encodeURIComponent('%')}`);
    expect(literal.json().pagination.total).toBe(0);

    const badQuery = await call('GET', '/api/auth/global-equipment/list?limit=1000&sort=password');
    expect(badQuery.statusCode).toBe(400);
    expect(
      badQuery
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['limit', 'sort']);
  });

  it('answers categories and picker options (active only unless asked)', async () => {
    const tag = uniq('opt');
    await insertType(ctx.db, { name: `${tag} active`, category: `${tag} Cat` });
    await insertType(ctx.db, { name: `${tag} archived`, category: `${tag} Cat`, status: 'archived' });
    const categories = await call('GET', '/api/auth/global-equipment/categories');
    expect(categories.json().categories).toContain(`${tag} Cat`);
    const options = await call('GET', `/api/auth/global-equipment/options?search=${tag}`);
    expect(options.json().equipmentTypes.map((t: { name: string }) => t.name)).toEqual([`${tag} active`]);
    const withArchived = await call(
      'GET',
      `/api/auth/global-equipment/options?search=${tag}&include_archived=true`,
    );
    expect(withArchived.json().equipmentTypes).toHaveLength(2);
  });

  it('archives and restores, auditing each, and answers 404 for an unknown type', async () => {
    const type = await insertType(ctx.db);
    const archived = await call('PUT', `/api/auth/global-equipment/update/${type.id}`, {
      status: 'archived',
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().equipmentType.status).toBe('archived');
    const restored = await call('PUT', `/api/auth/global-equipment/update/${type.id}`, { status: 'active' });
    expect(restored.json().equipmentType.status).toBe('active');
    // Saving the same values again changes nothing and records nothing.
    const again = await call('PUT', `/api/auth/global-equipment/update/${type.id}`, {
      status: 'active',
      name: type.name,
    });
    expect(again.statusCode).toBe(200);
    const events = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'equipment_type'), eq(auditEvents.entityId, String(type.id))))
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual(['equipment_type.archived', 'equipment_type.restored']);

    expect((await call('PUT', '/api/auth/global-equipment/update/999999', { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/api/auth/global-equipment/update/abc', { name: 'x' })).statusCode).toBe(400);
  });

  it('re-derives nextDueOn of every unit when the interval changes, in the same transaction', async () => {
    const type = await insertType(ctx.db, { inspectionIntervalDays: 30 });
    const site = await insertSite(ctx.db);
    const inspected = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      installedOn: '2024-01-10',
      lastInspectedAt: new Date('2026-05-01T20:00:00Z'),
    });
    const installedOnly = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      installedOn: '2026-02-01',
    });
    const registeredOnly = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      createdAt: new Date('2026-03-03T23:00:00Z'),
    });
    const retired = await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      status: 'retired',
    });

    const response = await call('PUT', `/api/auth/global-equipment/update/${type.id}`, {
      inspectionIntervalDays: 365,
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.db.select().from(equipment).where(eq(equipment.equipmentTypeId, type.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const unit of [inspected, installedOnly, registeredOnly, retired]) {
      const row = byId.get(unit.id)!;
      expect(row.nextDueOn).toBe(
        computeNextDueOn({
          status: row.status,
          lastInspectedAt: row.lastInspectedAt,
          installedOn: row.installedOn,
          createdAt: row.createdAt,
          inspectionIntervalDays: 365,
        }),
      );
    }
    expect(byId.get(inspected.id)!.nextDueOn).toBe('2027-05-01');
    expect(byId.get(installedOnly.id)!.nextDueOn).toBe('2027-02-01');
    expect(byId.get(registeredOnly.id)!.nextDueOn).toBe('2027-03-03');
    expect(byId.get(retired.id)!.nextDueOn).toBeNull();

    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'equipment_type'), eq(auditEvents.entityId, String(type.id))))
      .orderBy(auditEvents.id);
    expect(event!.before).toMatchObject({ inspectionIntervalDays: 30 });
    expect(event!.after).toMatchObject({ inspectionIntervalDays: 365, recomputedUnits: 4 });
  });

  it('deletes an unused type, and refuses one in use with 409 (archive instead)', async () => {
    const unused = await insertType(ctx.db);
    const deleted = await call('DELETE', `/api/auth/global-equipment/delete/${unused.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Equipment type deleted' });
    expect(await ctx.db.select().from(equipmentTypes).where(eq(equipmentTypes.id, unused.id))).toEqual([]);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'equipment_type.deleted'), eq(auditEvents.entityId, String(unused.id))),
      )
      .orderBy(auditEvents.id);
    expect(event!.before).toMatchObject({ name: unused.name });

    const used = await insertType(ctx.db);
    await insertUnit(ctx.db, {
      siteId: (await insertSite(ctx.db)).id,
      equipmentTypeId: used.id,
      status: 'retired',
    });
    const refused = await call('DELETE', `/api/auth/global-equipment/delete/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/used by 1 installed unit.*Archive it instead/);
    expect(await ctx.db.select().from(equipmentTypes).where(eq(equipmentTypes.id, used.id))).toHaveLength(1);

    expect((await call('DELETE', `/api/auth/global-equipment/delete/${unused.id}`)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const type = await insertType(ctx.db);
    const routes: Array<[Parameters<typeof call>[0], string, unknown?]> = [
      ['GET', '/api/auth/global-equipment/list'],
      ['GET', '/api/auth/global-equipment/categories'],
      ['GET', '/api/auth/global-equipment/options'],
      ['POST', '/api/auth/global-equipment/create', { name: 'x', category: 'y', inspectionIntervalDays: 1 }],
      ['PUT', `/api/auth/global-equipment/update/${type.id}`, { name: 'z' }],
      ['DELETE', `/api/auth/global-equipment/delete/${type.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, inspector)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
