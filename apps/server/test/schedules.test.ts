import { addDays } from '@inspecta/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/core/access.js';
import { assignmentEquipment, assignments, equipment, scheduleOccurrences } from '../src/db/schema.js';
import { insertUnit } from './helpers/equipment-fixtures.js';
import { api, type MaintenanceWorld, maintenanceWorld } from './helpers/maintenance-fixtures.js';
import { createTestApp, FakeClock, type TestContext } from './helpers/test-app.js';

const START = '2026-01-01';
const DAY_MS = 86_400_000;
const at = (date: string) => new Date(`${date}T06:00:00Z`);

describe('schedules', () => {
  let ctx: TestContext;
  const clock = new FakeClock(at(START));
  let w: MaintenanceWorld;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    w = await maintenanceWorld(ctx, { units: 0, intervalDays: 30 });
  });
  afterAll(() => ctx.close());

  /** The inspector's submit, through the service (the simulated year outlives any session). */
  const submitAsInspector = (assignmentId: number, unitIds: number[]) =>
    ctx.app.services.inspectorWork.submit(
      { userId: w.inspector.id, userType: 'inspector', sessionId: 0, user: {} } as unknown as AuthContext,
      assignmentId,
      {
        units: unitIds.map((id) => ({ equipmentId: id, answers: { gauge_ok: 'pass', seal_intact: 'yes' } })),
      },
      { ip: '127.0.0.1', userAgent: null } as never,
    );

  const scheduleBody = (extra: object = {}) => ({
    name: 'Monthly extinguishers',
    siteId: w.siteId,
    categoryId: w.categoryId,
    templateId: null,
    intervalUnit: 'type',
    inspectorIds: [w.inspector.id],
    leadDays: 7,
    startsOn: START,
    ...extra,
  });

  it('creates exactly the expected assignments over a simulated year, each once, from the real completion dates', async () => {
    const firstDue = ['2026-01-20', '2026-02-10', '2026-03-05'];
    const units: number[] = [];
    for (const nextDueOn of firstDue)
      units.push(
        (
          await insertUnit(ctx.db, {
            siteId: w.siteId,
            equipmentTypeId: w.typeId,
            installedOn: '2025-12-01',
            nextDueOn,
          })
        ).id,
      );

    const preview = await api(ctx, 'POST', '/api/schedules/preview', w.admin.token, scheduleBody());
    expect(preview.statusCode, preview.body).toBe(200);
    // 90 days from 2026-01-01: created by 2026-03-31 (due by 2026-04-07), one inspection every 30 days.
    const expectedPreview = firstDue.flatMap((d) => {
      const out: string[] = [];
      for (let due = d; addDays(due, -7) <= '2026-03-31'; due = addDays(due, 30)) out.push(due);
      return out;
    });
    expect(
      preview
        .json()
        .assignments.map((a: { dueOn: string }) => a.dueOn)
        .sort(),
    ).toEqual(expectedPreview.sort());
    expect(preview.json().units).toBe(3);

    const created = await api(ctx, 'POST', '/api/schedules', w.admin.token, scheduleBody());
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().schedule.id as number;
    expect(created.json().schedule.upcoming.length).toBe(expectedPreview.length);

    // The expected plan: each unit's assignment is created 7 days before it is due and completed
    // on the due date, so the next is due 30 days after that.
    const END = addDays(START, 364);
    const expected: string[] = [];
    units.forEach((unit, n) => {
      for (let due = firstDue[n]!; addDays(due, -7) <= END; due = addDays(due, 30))
        expected.push(`${unit}|${due}|${addDays(due, -7) < START ? START : addDays(due, -7)}`);
    });

    const seen: string[] = [];
    const open: Array<{ id: number; dueOn: string; unit: number }> = [];
    const planner = ctx.app.services.schedules;
    for (let day = 0; day < 365; day++) {
      const today = addDays(START, day);
      clock.advance(at(today).getTime() - clock.now().getTime());
      // Two overlapping runs of the job on the same day create nothing twice.
      const [first, second] = await Promise.all([
        planner.planSchedule(scheduleId, clock.now()),
        planner.planSchedule(scheduleId, clock.now()),
      ]);
      const ids = [...first.assignmentIds, ...second.assignmentIds];
      if (ids.length) {
        const rows = await ctx.db
          .select({ id: assignments.id, dueOn: assignments.dueOn, unit: assignmentEquipment.equipmentId })
          .from(assignments)
          .innerJoin(assignmentEquipment, eq(assignmentEquipment.assignmentId, assignments.id))
          .where(inArray(assignments.id, ids));
        for (const r of rows) {
          seen.push(`${r.unit}|${r.dueOn}|${today}`);
          open.push(r);
        }
      }
      // The inspector completes what is due today.
      for (const a of open.filter((r) => r.dueOn === today)) await submitAsInspector(a.id, [a.unit]);
    }
    expect(seen.sort()).toEqual(expected.sort());
    const claims = await ctx.db
      .select()
      .from(scheduleOccurrences)
      .where(eq(scheduleOccurrences.scheduleId, scheduleId));
    expect(claims).toHaveLength(expected.length);
    // The units' next due dates moved with the real completions.
    const [last] = await ctx.db.select().from(equipment).where(eq(equipment.id, units[0]!));
    expect(last!.lastInspectedAt).not.toBeNull();
    const detail = await ctx.app.services.schedules.detail(scheduleId);
    expect(detail.createdAssignments).toBe(expected.length);
  }, 300_000);

  it('pauses, resumes and ends; editing changes only the assignments not created yet', async () => {
    // A fresh site so the first schedule's units are not in scope.
    const w2 = await maintenanceWorld(ctx, {
      units: 2,
      intervalDays: 60,
      nextDueOn: addDays(clock.now().toISOString().slice(0, 10), 5),
    });
    const today = clock.now().toISOString().slice(0, 10);
    const body = {
      name: 'Every 2 weeks',
      siteId: w2.siteId,
      categoryId: w2.categoryId,
      templateId: w2.templateId,
      intervalUnit: 'weeks',
      intervalCount: 2,
      assigneeMode: 'least_loaded',
      inspectorIds: [w2.inspector.id, w2.otherInspector.id],
      leadDays: 3,
      startsOn: today,
    };
    const created = await api(ctx, 'POST', '/api/schedules', w2.admin.token, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().schedule.id as number;
    const planner = ctx.app.services.schedules;

    expect(
      (await api(ctx, 'POST', `/api/schedules/${id}/pause`, w2.admin.token)).json().schedule.status,
    ).toBe('paused');
    expect((await api(ctx, 'POST', `/api/schedules/${id}/pause`, w2.admin.token)).statusCode).toBe(409);
    // Never inspected, installed 2026-01-01: due 2026-01-15 under "every 2 weeks", long past: due today.
    expect((await planner.planSchedule(id, clock.now())).assignmentIds).toEqual([]);
    await api(ctx, 'POST', `/api/schedules/${id}/resume`, w2.admin.token);
    const run = await planner.planSchedule(id, clock.now());
    expect(run.assignmentIds).toHaveLength(1);
    const [made] = await ctx.db.select().from(assignments).where(eq(assignments.id, run.assignmentIds[0]!));
    expect(made).toMatchObject({ dueOn: today, priority: 'normal', templateId: w2.templateId });

    // Editing the priority: the assignment already created keeps its own.
    const edit = await api(ctx, 'PATCH', `/api/schedules/${id}`, w2.admin.token, {
      ...body,
      priority: 'urgent',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [after] = await ctx.db.select().from(assignments).where(eq(assignments.id, made!.id));
    expect(after!.priority).toBe('normal');
    expect(edit.json().schedule.priority).toBe('urgent');

    const ended = await api(ctx, 'POST', `/api/schedules/${id}/end`, w2.admin.token);
    expect(ended.json().schedule.status).toBe('ended');
    expect((await api(ctx, 'PATCH', `/api/schedules/${id}`, w2.admin.token, body)).statusCode).toBe(409);
    expect((await planner.planSchedule(id, clock.now())).assignmentIds).toEqual([]);
  });

  it('refuses bad schedules naming the field, and shows a calendar with the workload', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const w3 = await maintenanceWorld(ctx, { units: 1, intervalDays: 30, nextDueOn: addDays(today, 20) });
    const bad = await api(
      ctx,
      'POST',
      '/api/schedules',
      w3.admin.token,
      scheduleBody({ intervalUnit: 'days' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('intervalCount');
    const notInspector = await api(
      ctx,
      'POST',
      '/api/schedules',
      w3.admin.token,
      scheduleBody({ inspectorIds: [w3.admin.id] }),
    );
    expect(notInspector.json().details[0].field).toBe('inspectorIds');

    const created = await api(ctx, 'POST', '/api/schedules', w3.admin.token, {
      name: 'Calendar',
      siteId: w3.siteId,
      categoryId: w3.categoryId,
      templateId: null,
      intervalUnit: 'type',
      inspectorIds: [w3.otherInspector.id],
      leadDays: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const calendar = await api(
      ctx,
      'GET',
      `/api/schedules/calendar?site_id=${w3.siteId}&from=${today}&to=${addDays(today, 89)}`,
      w3.admin.token,
    );
    expect(calendar.statusCode, calendar.body).toBe(200);
    const days = calendar.json().days as Array<{ date: string; planned: unknown[] }>;
    expect(days).toHaveLength(90);
    expect(days.filter((d) => d.planned.length).map((d) => d.date)).toEqual([
      addDays(today, 20),
      addDays(today, 50),
      addDays(today, 80),
    ]);
    expect(calendar.json().workload).toEqual([
      expect.objectContaining({
        inspector: expect.objectContaining({ id: w3.otherInspector.id }),
        planned: 3,
        assigned: 0,
      }),
    ]);
    const tooLong = await api(
      ctx,
      'GET',
      `/api/schedules/calendar?from=${today}&to=${addDays(today, 400)}`,
      w3.admin.token,
    );
    expect(tooLong.statusCode).toBe(400);
    expect((await api(ctx, 'GET', '/api/schedules', w3.inspector.token)).statusCode).toBe(403);
    const list = (await api(ctx, 'GET', `/api/schedules?site_id=${w3.siteId}`, w3.admin.token)).json();
    expect(list.schedules.map((s: { name: string }) => s.name)).toEqual(['Calendar']);
    void DAY_MS;
  });
});
