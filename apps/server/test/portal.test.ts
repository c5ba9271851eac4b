import { and, eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  auditEvents,
  correctiveActions,
  equipment,
  inspections,
  sites,
} from '../src/db/schema.js';
import { insertSite, insertUnit } from './helpers/equipment-fixtures.js';
import {
  api,
  assignUnits,
  type MaintenanceWorld,
  maintenanceWorld,
  submitAnswers,
} from './helpers/maintenance-fixtures.js';
import {
  createTestApp,
  FakeClock,
  insertUser,
  login,
  type TestContext,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';

/*
 * The client portal's reads (issue 20, docs/portal.md): two clients with sites, inspections made
 * through the real submit (so they are sealed and failures open corrective actions), and every
 * portal route read by each client.
 */

const TODAY = '2026-06-15';
const clock = new FakeClock(new Date(`${TODAY}T10:00:00Z`));
const INTERNAL_NOTE = 'INTERNAL-assignment-note-7f3a';
const SITE_NOTE = 'INTERNAL-site-note-91bc';

let ctx: TestContext;
let w: MaintenanceWorld;
let clientA: { id: number; token: string; email: string };
let clientB: { id: number; token: string };
let siteA2: number;
let siteB: number;
let unitB: number;
let failedInspectionId: number;
let passedUnit: number;
let failedUnit: number;
let overdueUnit: number;

async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const get = (url: string, token: string) => api(ctx, 'GET', url, token);

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  // Units inspected today are next due in 90 days: in date.
  w = await maintenanceWorld(ctx, { units: 3, intervalDays: 90, nextDueOn: '2026-09-30' });
  const a = await insertUser(ctx.db, { userType: 'client', company: 'Orion Retail Pvt Ltd' });
  clientA = { id: a.id, email: a.email, token: await tokenFor(ctx.app, a) };
  const b = await insertUser(ctx.db, { userType: 'client', company: 'Other Client Ltd' });
  clientB = { id: b.id, token: await tokenFor(ctx.app, b) };

  await ctx.db.update(sites).set({ clientId: a.id, notes: SITE_NOTE }).where(eq(sites.id, w.siteId));
  [passedUnit, failedUnit, overdueUnit] = w.unitIds as [number, number, number];
  // The third unit is not inspected and was due before today: overdue.
  await ctx.db.update(equipment).set({ nextDueOn: '2026-06-01' }).where(eq(equipment.id, overdueUnit));
  // A retired unit counts nowhere.
  await insertUnit(ctx.db, {
    siteId: w.siteId,
    equipmentTypeId: w.typeId,
    status: 'retired',
    nextDueOn: null,
  });

  const assignmentId = await assignUnits(ctx, w, {
    equipmentIds: [passedUnit, failedUnit],
    scheduledFor: TODAY,
    dueOn: '2026-06-30',
  });
  await ctx.db.update(assignments).set({ notes: INTERNAL_NOTE }).where(eq(assignments.id, assignmentId));
  const submitted = await submitAnswers(
    ctx,
    w.inspector.token,
    assignmentId,
    [{ equipmentId: passedUnit }, { equipmentId: failedUnit, gauge_ok: 'fail' }],
    'Gauge of the second unit reads empty.',
  );
  expect(submitted.statusCode).toBe(200);
  const [inspection] = await ctx.db
    .select({ id: inspections.id })
    .from(inspections)
    .where(eq(inspections.assignmentId, assignmentId));
  failedInspectionId = inspection!.id;
  // The next visit is booked: the site's next inspection is that day, not a due date.
  await assignUnits(ctx, w, { equipmentIds: [overdueUnit], scheduledFor: '2026-06-20', dueOn: '2026-06-25' });

  // A second site of client A, one unit due in ten days.
  siteA2 = (await insertSite(ctx.db, { clientId: a.id, name: 'Aardvark Depot', city: 'Pune' })).id;
  await insertUnit(ctx.db, { siteId: siteA2, equipmentTypeId: w.typeId, nextDueOn: '2026-06-25' });
  // Client B's site.
  siteB = (await insertSite(ctx.db, { clientId: b.id, name: 'Bravo Tower' })).id;
  unitB = (await insertUnit(ctx.db, { siteId: siteB, equipmentTypeId: w.typeId, nextDueOn: '2026-05-01' }))
    .id;
  // Registered before the test's day (the fixtures write the wall clock's now): the certificate
  // lists the units that existed by its date.
  await ctx.db.update(equipment).set({ createdAt: new Date('2026-01-01T00:00:00Z') });
});
afterAll(() => ctx.close());

describe('client sign-in', () => {
  it('signs a client in with its password; its token is refused on admin routes', async () => {
    const signIn = await login(ctx.app, clientA.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.userType).toBe('client');
    const token = `Bearer ${signIn.json().accessToken}`;
    expect((await get('/api/portal/overview', token)).statusCode).toBe(200);
    for (const url of ['/api/auth/get/all/sites', '/api/auth/inspections', '/api/auth/equipments']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
    }
    // Staff are refused on the portal.
    expect((await get('/api/portal/overview', w.admin.token)).statusCode).toBe(403);
    expect((await get('/api/portal/overview', w.inspector.token)).statusCode).toBe(403);
  });

  it('lets an invited client choose a password and sign in', async () => {
    const email = uniqueEmail('invited-client');
    const created = await api(ctx, 'POST', '/api/admin/register', w.admin.token, {
      userType: 'client',
      firstName: 'Neha',
      lastName: 'Joshi',
      email,
      phone: `+9198${String(Date.now()).slice(-8)}`,
      company: 'Joshi Estates',
      sendInvitation: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = new URL(created.json().invitation.link).searchParams.get('token')!;
    const accepted = await api(ctx, 'POST', '/api/auth/accept-invitation', null, {
      token,
      password: 'Harbour-Lantern-Quiet-27',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().userType).toBe('client');
    const signIn = await login(ctx.app, email, 'Harbour-Lantern-Quiet-27', '10.0.7.1');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.userType).toBe('client');
  });
});

describe('overview', () => {
  it('counts every unit of the client’s sites and lists sites needing attention first', async () => {
    const response = await get('/api/portal/overview', clientA.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const [openActions] = await ctx.db
      .select({ id: correctiveActions.id })
      .from(correctiveActions)
      .where(
        and(
          eq(correctiveActions.siteId, w.siteId),
          inArray(correctiveActions.status, ['open', 'in_progress']),
        ),
      );
    expect(openActions).toBeDefined();
    expect(body.client).toEqual({ name: expect.any(String), company: 'Orion Retail Pvt Ltd' });
    expect(body.totals).toEqual({
      sites: 2,
      units: 4,
      inDate: 1,
      dueSoon: 1,
      overdue: 1,
      failed: 1,
      openActions: 1,
    });
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 2 });
    expect(body.sites.map((s: { id: number }) => s.id)).toEqual([w.siteId, siteA2]);
    const [first, second] = body.sites;
    expect(first).toMatchObject({
      units: { total: 3, inDate: 1, dueSoon: 0, overdue: 1, failed: 1 },
      nextInspectionOn: '2026-06-20',
      openActions: 1,
      status: 'active',
    });
    expect(first.lastInspectedAt).toBe(`${TODAY}T10:00:00.000Z`);
    expect(second).toMatchObject({
      name: 'Aardvark Depot',
      city: 'Pune',
      units: { total: 1, inDate: 0, dueSoon: 1, overdue: 0, failed: 0 },
      nextInspectionOn: '2026-06-25',
      openActions: 0,
      lastInspectedAt: null,
    });
  });

  it('filters by attention and search; totals stay over all sites', async () => {
    const overdue = (await get('/api/portal/overview?attention=overdue', clientA.token)).json();
    expect(overdue.sites.map((s: { id: number }) => s.id)).toEqual([w.siteId]);
    expect(overdue.pagination.total).toBe(1);
    expect(overdue.totals.sites).toBe(2);
    const dueSoon = (await get('/api/portal/overview?attention=due_soon', clientA.token)).json();
    expect(dueSoon.sites.map((s: { id: number }) => s.id)).toEqual([siteA2]);
    const failed = (await get('/api/portal/overview?attention=failed', clientA.token)).json();
    expect(failed.sites.map((s: { id: number }) => s.id)).toEqual([w.siteId]);
    const search = (await get('/api/portal/overview?search=aardVARK', clientA.token)).json();
    expect(search.sites.map((s: { id: number }) => s.id)).toEqual([siteA2]);
    const paged = (await get('/api/portal/overview?limit=1&page=2', clientA.token)).json();
    expect(paged.sites.map((s: { id: number }) => s.id)).toEqual([siteA2]);
    expect(paged.pagination).toEqual({ page: 2, limit: 1, total: 2 });
  });

  it('shows another client only its own sites', async () => {
    const body = (await get('/api/portal/overview', clientB.token)).json();
    expect(body.sites.map((s: { id: number }) => s.id)).toEqual([siteB]);
    expect(body.totals).toMatchObject({ sites: 1, units: 1, overdue: 1, failed: 0, openActions: 0 });
  });

  it('names the field of a bad filter', async () => {
    const response = await get('/api/portal/overview?attention=urgent&limit=500', clientA.token);
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['attention', 'limit']);
  });
});

describe('sites and units', () => {
  it('answers the client’s site without its internal notes', async () => {
    const response = await get(`/api/portal/sites/${w.siteId}`, clientA.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().site).toMatchObject({
      id: w.siteId,
      contactEmail: 'facilities@orion.example',
      units: { total: 3, failed: 1, overdue: 1 },
      nextInspectionOn: '2026-06-20',
    });
    expect(response.body).not.toContain(SITE_NOTE);
    expect(response.json().site).not.toHaveProperty('notes');
  });

  it('lists a site’s units with their last result and due status, filtered', async () => {
    const all = (await get(`/api/portal/sites/${w.siteId}/equipment`, clientA.token)).json();
    expect(all.pagination.total).toBe(4);
    const byId = new Map(all.equipments.map((u: { id: number }) => [u.id, u]));
    expect(byId.get(failedUnit)).toMatchObject({
      lastResult: 'fail',
      dueStatus: 'ok',
      nextDueOn: '2026-09-13',
    });
    expect(byId.get(passedUnit)).toMatchObject({ lastResult: 'pass', dueStatus: 'ok' });
    expect(byId.get(overdueUnit)).toMatchObject({
      lastResult: null,
      dueStatus: 'overdue',
      lastInspectedAt: null,
    });
    // Most urgent first.
    expect(all.equipments[0].id).toBe(overdueUnit);
    const failed = (await get(`/api/portal/sites/${w.siteId}/equipment?due=failed`, clientA.token)).json();
    expect(failed.equipments.map((u: { id: number }) => u.id)).toEqual([failedUnit]);
    const overdue = (await get(`/api/portal/sites/${w.siteId}/equipment?due=overdue`, clientA.token)).json();
    expect(overdue.equipments.map((u: { id: number }) => u.id)).toEqual([overdueUnit]);
  });

  it('answers 404 for another client’s site, unit list or certificate, as for an unknown id', async () => {
    for (const path of ['', '/equipment', '/certificate']) {
      const others = await get(`/api/portal/sites/${siteB}${path}`, clientA.token);
      const unknown = await get(`/api/portal/sites/999999${path}`, clientA.token);
      expect(others.statusCode, path).toBe(404);
      expect(others.json()).toEqual(unknown.json());
      expect((await get(`/api/portal/sites/${w.siteId}${path}`, clientB.token)).statusCode).toBe(404);
    }
    expect(unitB).toBeGreaterThan(0);
  });
});

describe('inspections and reports', () => {
  it('lists the client’s completed inspections with their seal, and nothing of others', async () => {
    const response = await get('/api/portal/inspections', clientA.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: failedInspectionId,
      result: 'fail',
      site: { id: w.siteId, clientName: 'Orion Retail Pvt Ltd' },
      sealId: expect.stringMatching(/^[a-f0-9]{32}$/),
    });
    expect((await get('/api/portal/inspections?result=pass', clientA.token)).json().data).toEqual([]);
    expect((await get(`/api/portal/inspections?siteId=${siteA2}`, clientA.token)).json().data).toEqual([]);
    expect((await get('/api/portal/inspections', clientB.token)).json().pagination.total).toBe(0);
    // Another client's site id as a filter finds nothing rather than their inspections.
    expect((await get(`/api/portal/inspections?siteId=${w.siteId}`, clientB.token)).json().data).toEqual([]);
  });

  it('answers the detail with the seal and open actions, never the internal notes', async () => {
    const response = await get(`/api/portal/inspections/${failedInspectionId}`, clientA.token);
    expect(response.statusCode).toBe(200);
    const inspection = response.json().inspection;
    expect(inspection.remarks).toBe('Gauge of the second unit reads empty.');
    expect(inspection.units).toHaveLength(2);
    expect(inspection.seal).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{32}$/),
      hash: expect.stringMatching(/^[a-f0-9]{64}$/),
      sealedAt: expect.any(String),
      verifyPath: `/verify/${inspection.seal.id}`,
    });
    expect(inspection.openActions).toBe(1);
    expect(response.body).not.toContain(INTERNAL_NOTE);
    expect(response.body).not.toContain(SITE_NOTE);
  });

  it('hands out the same sealed PDF report admins download', async () => {
    const mine = await get(`/api/portal/inspections/${failedInspectionId}/report`, clientA.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain(`inspection-${failedInspectionId}-`);
    const text = await pdfText(mine.rawPayload);
    const seal = (await get(`/api/portal/inspections/${failedInspectionId}`, clientA.token)).json().inspection
      .seal;
    expect(text).toContain(`Seal ID: ${seal.id}`);
    expect(text).toContain(`SHA-256: ${seal.hash}`);
    expect(text).toContain(`/verify/${seal.id}`);
    expect(text).not.toContain(INTERNAL_NOTE);
    const admins = await get(`/api/auth/inspections/${failedInspectionId}/report`, w.admin.token);
    expect(await pdfText(admins.rawPayload)).toBe(text);
  });

  it('answers 404 for another client’s inspection and report, as for an unknown id', async () => {
    for (const path of ['', '/report']) {
      const others = await get(`/api/portal/inspections/${failedInspectionId}${path}`, clientB.token);
      const unknown = await get(`/api/portal/inspections/999999${path}`, clientB.token);
      expect(others.statusCode, path).toBe(404);
      expect(others.json()).toEqual(unknown.json());
    }
  });

  it('never answers an internal note on any portal read', async () => {
    const paths = [
      '/api/portal/overview',
      `/api/portal/sites/${w.siteId}`,
      `/api/portal/sites/${w.siteId}/equipment`,
      '/api/portal/inspections',
      `/api/portal/inspections/${failedInspectionId}`,
    ];
    for (const path of paths) {
      const response = await get(path, clientA.token);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).not.toContain(INTERNAL_NOTE);
      expect(response.body, path).not.toContain(SITE_NOTE);
    }
  });
});

describe('compliance certificate', () => {
  it('lists each unit with its last inspection and seal by that day, and says not compliant', async () => {
    const response = await get(`/api/portal/sites/${w.siteId}/certificate`, clientA.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const [site] = await ctx.db.select().from(sites).where(eq(sites.id, w.siteId));
    const code = site!.siteCode.replace(/[^A-Za-z0-9_-]+/g, '-');
    expect(response.headers['content-disposition']).toContain(`compliance-${code}-${TODAY}.pdf`);
    const text = await pdfText(response.rawPayload);
    const units = await ctx.db.select().from(equipment).where(eq(equipment.siteId, w.siteId));
    const seal = (await get(`/api/portal/inspections/${failedInspectionId}`, clientA.token)).json().inspection
      .seal;
    expect(text).toContain('Compliance certificate');
    expect(text).toContain(site!.siteCode);
    expect(text).toContain('Orion Retail Pvt Ltd');
    expect(text).toContain(TODAY);
    expect(text).toContain('Not compliant');
    expect(text).toContain('1 unit was overdue for inspection');
    expect(text).toContain('1 unit failed its latest inspection');
    expect(text).toContain('1 corrective action was open');
    expect(text).toContain(seal.id);
    for (const unit of units.filter((u) => u.status !== 'retired')) expect(text).toContain(unit.assetTag);
    const retired = units.find((u) => u.status === 'retired')!;
    expect(text).not.toContain(retired.assetTag);
    expect(text).not.toContain(SITE_NOTE);

    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'portal.certificate_downloaded'),
          eq(auditEvents.entityId, String(w.siteId)),
        ),
      )
      .orderBy(auditEvents.id);
    expect(audit).toMatchObject({ actorId: clientA.id });
  });

  it('on an earlier day lists what was inspected by then (nothing yet) and no seal', async () => {
    const response = await get(`/api/portal/sites/${w.siteId}/certificate?date=2026-06-10`, clientA.token);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    const seal = (await get(`/api/portal/inspections/${failedInspectionId}`, clientA.token)).json().inspection
      .seal;
    expect(text).toContain('2026-06-10');
    expect(text).not.toContain(seal.id);
    expect(text).toContain('Never');
    expect(text).toContain('No corrective action was open on this date.');
  });

  it('says compliant when every unit is in date and passed, with no open action', async () => {
    const site = await insertSite(ctx.db, { clientId: clientA.id, name: 'Calm Annex' });
    await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: w.typeId,
      installedOn: '2026-06-01',
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });
    const response = await get(`/api/portal/sites/${site.id}/certificate`, clientA.token);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Summary: Compliant');
  });

  it('refuses a future or malformed date, naming the field', async () => {
    for (const date of ['2026-06-16', '2026-02-30', 'tomorrow']) {
      const response = await get(`/api/portal/sites/${w.siteId}/certificate?date=${date}`, clientA.token);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().details[0].field).toBe('date');
    }
  });
});

describe('latest result', () => {
  it('counts a unit as failed until a later inspection passes it (equipment.last_result, kept by trigger)', async () => {
    const world = await maintenanceWorld(ctx, { units: 1, intervalDays: 90, nextDueOn: '2026-09-30' });
    const client = await insertUser(ctx.db, { userType: 'client' });
    const token = await tokenFor(ctx.app, client);
    await ctx.db.update(sites).set({ clientId: client.id }).where(eq(sites.id, world.siteId));
    const unit = world.unitIds[0]!;
    const inspect = async (gauge: 'pass' | 'fail') => {
      const id = await assignUnits(ctx, world, {
        equipmentIds: [unit],
        scheduledFor: TODAY,
        dueOn: '2026-06-30',
      });
      const response = await submitAnswers(ctx, world.inspector.token, id, [
        { equipmentId: unit, gauge_ok: gauge },
      ]);
      expect(response.statusCode).toBe(200);
    };
    const failed = async () => (await get('/api/portal/overview', token)).json().totals.failed;

    await inspect('fail');
    expect(await failed()).toBe(1);
    clock.advance(60_000);
    await inspect('pass');
    expect(await failed()).toBe(0);
    const [row] = await ctx.db.select().from(equipment).where(eq(equipment.id, unit));
    expect(row!.lastResult).toBe('pass');
  });
});
