import type { DashboardDataResponse, DashboardFigureKey } from '@inspecta/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/core/audit.js';
import { auditEvents } from '../src/db/schema.js';
import {
  fetchDashboard,
  insertAssignment,
  insertInspectionRecord,
  insertWorkRefs,
} from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The whole database of this file is built here, so every figure is an exact number. Today is
 * Wednesday 3 June 2026 (UTC): the month starts Monday 1 June, the 12 weeks start Monday 16 March,
 * the 90-day failure window starts 6 March.
 */
describe('home dashboard: GET /api/dashboard/data', () => {
  let ctx: TestContext;
  let admin: string;
  let inspectorToken: string;
  let adminId: number;
  const clock = new FakeClock(new Date('2026-06-03T10:00:00Z'));
  const site: Record<'a' | 'b' | 'c' | 'd', { id: number; name: string; siteCode: string }> = {} as never;
  let ravi: { id: number };

  const at = (iso: string) => new Date(iso);

  const getData = (token = admin) => fetchDashboard(ctx.app, token);
  const figure = (data: DashboardDataResponse, key: DashboardFigureKey) =>
    data.figures.find((f) => f.key === key)!;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const adminUser = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Rao' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);

    // People: 3 active inspectors count; an inactive and a deleted one do not. 2 active clients of 3.
    const raviUser = await insertUser(ctx.db, {
      userType: 'inspector',
      firstName: 'Ravi',
      lastName: 'Menon',
    });
    ravi = raviUser;
    inspectorToken = await tokenFor(ctx.app, raviUser);
    await insertUser(ctx.db, { userType: 'inspector', firstName: 'Meera', lastName: 'Iyer' });
    await insertUser(ctx.db, { userType: 'inspector' });
    await insertUser(ctx.db, { userType: 'inspector', status: 'inactive' });
    await insertUser(ctx.db, { userType: 'inspector', deletedAt: new Date() });
    await insertUser(ctx.db, { userType: 'client', passwordHash: null });
    await insertUser(ctx.db, { userType: 'client', passwordHash: null });
    await insertUser(ctx.db, { userType: 'client', passwordHash: null, status: 'inactive' });

    // Sites: 4 active, 1 draft, 1 inactive.
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      site[key] = await insertSite(ctx.db, { name: `Site ${key.toUpperCase()}`, city: 'Pune' });
    }
    await insertSite(ctx.db, { status: 'draft' });
    await insertSite(ctx.db, { status: 'inactive' });

    // Equipment by due date against today 2026-06-03 (due soon: up to and including 2026-07-03).
    const type = await insertType(ctx.db);
    const unit = (
      nextDueOn: string | null,
      status: 'in_service' | 'out_of_service' | 'retired' = 'in_service',
    ) => insertUnit(ctx.db, { siteId: site.a.id, equipmentTypeId: type.id, nextDueOn, status });
    await unit('2026-06-02'); // overdue by a day
    await unit('2026-05-01', 'out_of_service'); // overdue, still installed
    await unit('2026-06-03'); // due today: due soon
    await unit('2026-07-03'); // the last day of "due soon"
    await unit('2026-07-04'); // ok
    await unit(null, 'retired'); // not installed, not tracked

    // Assignments: 4 open (2 overdue), plus completed and cancelled work that counts nowhere.
    const refs = await insertWorkRefs(ctx.db);
    const work = (siteId: number) => ({ ...refs, siteId, inspectorId: ravi.id });
    await insertAssignment(ctx.db, work(site.a.id), { status: 'assigned', dueOn: '2026-06-02' });
    const started = await insertAssignment(ctx.db, work(site.b.id), {
      status: 'in_progress',
      dueOn: '2026-05-20',
    });
    await insertAssignment(ctx.db, work(site.c.id), { status: 'assigned', dueOn: '2026-06-10' });
    await insertAssignment(ctx.db, work(site.d.id), { status: 'assigned', dueOn: '2026-06-03' });
    await insertAssignment(ctx.db, work(site.a.id), { status: 'completed', dueOn: '2026-05-01' });
    await insertAssignment(ctx.db, work(site.a.id), { status: 'cancelled', dueOn: '2026-05-01' });

    // Inspections around the month, week and window boundaries.
    const inspect = (key: 'a' | 'b' | 'c' | 'd', result: 'pass' | 'fail', iso: string, failedItems = 0) =>
      insertInspectionRecord(ctx.db, work(site[key].id), { result, completedAt: at(iso), failedItems });
    await inspect('a', 'pass', '2026-05-31T23:59:59Z'); // last second of May
    await inspect('a', 'fail', '2026-06-01T00:00:00Z', 3); // first second of June
    await inspect('d', 'pass', '2026-06-02T12:00:00Z');
    await inspect('b', 'fail', '2026-06-03T08:00:00Z', 2);
    await inspect('b', 'pass', '2026-05-10T09:00:00Z', 1); // a pass with a failed item
    await inspect('d', 'pass', '2026-03-16T00:00:00Z'); // first second of the 12 weeks
    await inspect('c', 'fail', '2026-03-15T23:59:59Z', 5); // before the weeks, inside the 90 days
    await inspect('d', 'fail', '2026-03-05T12:00:00Z', 50); // outside the 90 days
    // Its inspection has started: in progress, it counts in no chart or list of inspections.
    await insertInspectionRecord(ctx.db, work(site.b.id), { inProgress: true, assignmentId: started.id });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 401 without a session and 403 to an inspector', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/data' });
    expect(anonymous.statusCode).toBe(401);
    const inspector = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/data',
      headers: { authorization: inspectorToken },
    });
    expect(inspector.statusCode).toBe(403);
  });

  it('counts every figure by its definition, each with the link to the list it counts', async () => {
    const data = await getData();
    expect(data.today).toBe('2026-06-03');
    expect(data.month).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(data.figures.map((f) => [f.key, f.value, f.link])).toEqual([
      ['activeSites', 4, '/dashboard/site-management?status=active'],
      ['equipmentInstalled', 5, '/dashboard/equipment-management?status=installed'],
      ['inspectors', 3, '/dashboard/user-management?type=inspector&status=active'],
      ['clients', 2, '/dashboard/user-management?type=client&status=active'],
      ['openAssignments', 4, '/dashboard/inspection-management'],
      ['overdueAssignments', 2, '/dashboard/inspection-management?tab=overdue'],
      ['completedThisMonth', 3, '/dashboard/inspection-management?tab=history&from=2026-06-01&to=2026-06-30'],
      [
        'passRateThisMonth',
        33.3,
        '/dashboard/inspection-management?tab=history&from=2026-06-01&to=2026-06-30',
      ],
    ]);
    expect(figure(data, 'activeSites').detail).toBe('1 draft · 1 inactive');
    expect(figure(data, 'equipmentInstalled').detail).toBe('4 in service · 1 out of service');
    expect(figure(data, 'openAssignments').detail).toBe('1 in progress');
    expect(figure(data, 'completedThisMonth').detail).toBe('2 failed');
    expect(figure(data, 'passRateThisMonth')).toMatchObject({ unit: 'percent', detail: '1 of 3 passed' });
  });

  it('buckets 12 Monday-to-Sunday weeks, oldest first, split by result', async () => {
    const { inspectionsPerWeek: weeks } = (await getData()).charts;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toMatchObject({ weekStart: '2026-03-16', weekEnd: '2026-03-22', pass: 1, fail: 0 });
    expect(weeks[0]!.link).toBe('/dashboard/inspection-management?tab=history&from=2026-03-16&to=2026-03-22');
    expect(weeks[7]).toMatchObject({ weekStart: '2026-05-04', pass: 1, fail: 0 });
    expect(weeks[10]).toMatchObject({ weekStart: '2026-05-25', weekEnd: '2026-05-31', pass: 1, fail: 0 });
    expect(weeks[11]).toMatchObject({ weekStart: '2026-06-01', weekEnd: '2026-06-07', pass: 1, fail: 2 });
    // The inspection of Sunday 15 March and the one in progress are in no bucket.
    expect(weeks.reduce((sum, w) => sum + w.pass + w.fail, 0)).toBe(6);
  });

  it('splits installed equipment by due status with the equipment list filter links', async () => {
    const { equipmentByDue } = (await getData()).charts;
    expect(equipmentByDue).toEqual([
      { due: 'overdue', label: 'Overdue', count: 2, link: '/dashboard/equipment-management?due=overdue' },
      {
        due: 'due_soon',
        label: 'Due in 30 days',
        count: 2,
        link: '/dashboard/equipment-management?due=due_soon',
      },
      { due: 'ok', label: 'OK', count: 1, link: '/dashboard/equipment-management?due=ok' },
    ]);
  });

  it('ranks sites by failed items over the last 90 days, ties by site', async () => {
    const { topFailingSites, failingSitesSince } = (await getData()).charts;
    expect(failingSitesSince).toBe('2026-03-06');
    expect(topFailingSites.map((s) => [s.site.name, s.failedItems, s.failedInspections, s.link])).toEqual([
      [
        'Site C',
        5,
        1,
        `/dashboard/inspection-management?tab=history&site=${site.c.id}&from=2026-03-06&to=2026-06-03`,
      ],
      [
        'Site A',
        3,
        1,
        `/dashboard/inspection-management?tab=history&site=${site.a.id}&from=2026-03-06&to=2026-06-03`,
      ],
      [
        'Site B',
        3,
        1,
        `/dashboard/inspection-management?tab=history&site=${site.b.id}&from=2026-03-06&to=2026-06-03`,
      ],
    ]);
  });

  it('lists the next due and the most overdue work in order, and the latest inspections', async () => {
    const { lists } = await getData();
    expect(lists.nextDue.map((a) => [a.site.name, a.dueOn, a.daysOverdue])).toEqual([
      ['Site D', '2026-06-03', 0],
      ['Site C', '2026-06-10', 0],
    ]);
    expect(lists.nextDue[0]).toMatchObject({
      inspector: { id: ravi.id, name: 'Ravi Menon' },
      link: `/dashboard/inspection-management?site=${site.d.id}`,
    });
    expect(lists.mostOverdue.map((a) => [a.site.name, a.dueOn, a.daysOverdue, a.status])).toEqual([
      ['Site B', '2026-05-20', 14, 'in_progress'],
      ['Site A', '2026-06-02', 1, 'assigned'],
    ]);
    expect(lists.mostOverdue[0]!.link).toBe(`/dashboard/inspection-management?tab=overdue&site=${site.b.id}`);
    expect(lists.latestInspections.map((i) => [i.site.name, i.result, i.completedAt])).toEqual([
      ['Site B', 'fail', '2026-06-03T08:00:00.000Z'],
      ['Site D', 'pass', '2026-06-02T12:00:00.000Z'],
      ['Site A', 'fail', '2026-06-01T00:00:00.000Z'],
      ['Site A', 'pass', '2026-05-31T23:59:59.000Z'],
      ['Site B', 'pass', '2026-05-10T09:00:00.000Z'],
      ['Site D', 'pass', '2026-03-16T00:00:00.000Z'],
      ['Site C', 'fail', '2026-03-15T23:59:59.000Z'],
      ['Site D', 'fail', '2026-03-05T12:00:00.000Z'],
    ]);
    const newest = lists.latestInspections[0]!;
    expect(newest).toMatchObject({
      failedItems: 2,
      templateName: expect.stringContaining('Fire safety checklist'),
    });
    expect(newest.link).toBe(`/dashboard/inspection-management/inspections/${newest.id}`);
  });

  it('tells recent activity as who did what to which object, newest first, without sign-ins', async () => {
    const write = (entry: Parameters<typeof recordAudit>[1]) => recordAudit(ctx.db, entry);
    await ctx.db.delete(auditEvents);
    await write({
      actorId: adminId,
      action: 'site.create',
      entityType: 'site',
      entityId: site.a.id,
      after: { siteCode: site.a.siteCode, name: 'Site A' },
    });
    await write({
      actorId: adminId,
      action: 'user.status_change',
      entityType: 'user',
      entityId: ravi.id,
      before: { status: 'active' },
      after: { status: 'inactive' },
    });
    await write({
      actorId: adminId,
      action: 'site.delete',
      entityType: 'site',
      entityId: 999_999,
      before: { siteCode: 'ST-000999', name: 'Old Depot' },
    });
    await write({ actorId: adminId, action: 'auth.login', entityType: 'session', entityId: 1 });
    await write({
      actorId: null,
      action: 'user.notification_preferences',
      entityType: 'user',
      entityId: adminId,
    });
    // The default created_at is the transaction time: order them explicitly, oldest first.
    const rows = await ctx.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(auditEvents.id);
    for (const [index, row] of rows.entries()) {
      await ctx.db
        .update(auditEvents)
        .set({ createdAt: new Date(Date.UTC(2026, 5, 3, 9, index)) })
        .where(eq(auditEvents.id, row.id));
    }

    const { recentActivity } = (await getData()).lists;
    expect(recentActivity.map((a) => [a.actor?.name ?? null, a.verb, a.object, a.link])).toEqual([
      ['Asha Rao', 'deleted site', 'ST-000999 Old Depot', null],
      ['Asha Rao', 'deactivated user', 'Ravi Menon', `/dashboard/user-management?user=${ravi.id}`],
      ['Asha Rao', 'created site', `${site.a.siteCode} Site A`, `/dashboard/site-management/${site.a.id}`],
    ]);
    expect(recentActivity[0]).toMatchObject({ action: 'site.delete', at: '2026-06-03T09:02:00.000Z' });
  });

  it('says there is nothing to rate in a month without inspections', async () => {
    clock.advance(92 * 86_400_000); // 3 September 2026
    const fresh = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    const data = await getData(fresh);
    expect(data.month).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(figure(data, 'completedThisMonth').value).toBe(0);
    expect(figure(data, 'passRateThisMonth')).toMatchObject({
      value: null,
      detail: 'No inspections completed yet',
    });
    // Every open assignment is overdue now; nothing is due from today on.
    expect(figure(data, 'overdueAssignments').value).toBe(4);
    expect(data.lists.nextDue).toEqual([]);
    // The 90 days start on 6 June: the failures of 1 and 3 June have left the window.
    expect(data.charts.failingSitesSince).toBe('2026-06-06');
    expect(data.charts.topFailingSites).toEqual([]);
  });
});
