import { addDays } from '@inspecta/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import {
  assignmentEquipment,
  assignments,
  correctiveActions,
  notificationDispatch,
  notifications,
  scheduleOccurrences,
  schedules,
} from '../src/db/schema.js';
import { insertAssignment } from './helpers/dashboard-fixtures.js';
import { insertUnit } from './helpers/equipment-fixtures.js';
import { maintenanceWorld } from './helpers/maintenance-fixtures.js';
import { FakeClock, type TestContext, testConfig } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * PostgreSQL only: two app instances with their own pools on one database, as two server
 * processes. Both run the schedule planning job and the escalation job at the same moment, many
 * times over: every assignment and every escalation step must exist exactly once.
 */
describe('schedules and escalation with two processes on one database', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  let second: DatabaseHandle;
  const clock = new FakeClock(new Date('2026-03-01T06:00:00Z'));

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ url: database.url!, poolSize: 5 });
    for (const handle of [database.handle, second]) {
      const app = await buildApp(testConfig(), {
        database: handle,
        logger: false,
        mailTransport: null,
        clock,
      });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.dispose();
  });

  it('creates each planned assignment once when both processes plan every schedule at the same moment', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const ctx = { app: a, db: database.handle.db } as unknown as TestContext;
    const w = await maintenanceWorld(ctx, { units: 0, intervalDays: 30 });
    // 40 units due over the next 20 days, on 10 different dates.
    const unitIds: number[] = [];
    for (let n = 0; n < 40; n++)
      unitIds.push(
        (
          await insertUnit(ctx.db, {
            siteId: w.siteId,
            equipmentTypeId: w.typeId,
            installedOn: '2026-01-01',
            nextDueOn: addDays('2026-03-01', 2 * (n % 10)),
          })
        ).id,
      );
    const scheduleIds: number[] = [];
    for (const leadDays of [30, 30, 30]) {
      const [row] = await ctx.db
        .insert(schedules)
        .values({
          name: `Lead ${leadDays}`,
          siteId: w.siteId,
          categoryId: w.categoryId,
          templateId: w.templateId,
          intervalUnit: 'type',
          inspectorIds: [w.inspector.id, w.otherInspector.id],
          assigneeMode: 'least_loaded',
          leadDays,
          startsOn: '2026-01-01',
        })
        .returning();
      scheduleIds.push(row!.id);
    }
    for (let round = 0; round < 3; round++)
      await Promise.all([
        a.services.schedules.runOnce(clock.now()),
        b.services.schedules.runOnce(clock.now()),
        a.services.schedules.runOnce(clock.now()),
      ]);

    const claims = await ctx.db
      .select()
      .from(scheduleOccurrences)
      .where(inArray(scheduleOccurrences.scheduleId, scheduleIds));
    // Every unit once, by whichever schedule got to it first (a unit on open work is not planned twice).
    expect(claims.map((c) => c.equipmentId).sort((x, y) => x - y)).toEqual(
      [...unitIds].sort((x, y) => x - y),
    );
    const created = await ctx.db
      .select({ id: assignments.id, unit: assignmentEquipment.equipmentId, dueOn: assignments.dueOn })
      .from(assignments)
      .innerJoin(assignmentEquipment, eq(assignmentEquipment.assignmentId, assignments.id))
      .where(inArray(assignments.siteId, [w.siteId]));
    expect(created).toHaveLength(40);
    expect(new Set(created.map((c) => c.unit)).size).toBe(40);
    // One assignment per due date (units due the same day go together).
    expect(new Set(created.map((c) => c.id)).size).toBe(10);
  });

  it('fires each escalation step once when both processes run the job at the same moment', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const ctx = { app: a, db: database.handle.db } as unknown as TestContext;
    const w = await maintenanceWorld(ctx, { units: 1 });
    const refs = {
      siteId: w.siteId,
      inspectorId: w.inspector.id,
      categoryId: w.categoryId,
      templateId: w.templateId,
    };
    const late: number[] = [];
    for (let n = 0; n < 15; n++)
      late.push((await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2026-02-20' })).id);
    const actions = await ctx.db
      .insert(correctiveActions)
      .values(
        Array.from({ length: 10 }, (_, n) => ({
          title: `Fix ${n}`,
          source: 'manual' as const,
          siteId: w.siteId,
          ownerId: w.otherInspector.id,
          dueOn: '2026-02-20',
        })),
      )
      .returning();

    const runs = await Promise.all([a.services.escalation.runOnce(), b.services.escalation.runOnce()]);
    await Promise.all([a.services.escalation.runOnce(), b.services.escalation.runOnce()]);
    const fired = runs.flat();
    // Assignments: overdue (0 days) and reminder does not apply; actions: owner (0) and admins (3).
    expect(fired.filter((s) => s.objectType === 'assignment' && late.includes(s.objectId))).toHaveLength(15);
    expect(
      fired.filter((s) => s.objectType === 'corrective_action' && actions.some((x) => x.id === s.objectId)),
    ).toHaveLength(20);
    const overdue = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'assignment.overdue'));
    expect(overdue.filter((n) => n.userId === w.inspector.id)).toHaveLength(15);
    expect(overdue.filter((n) => n.userId === w.admin.id).length).toBeGreaterThanOrEqual(15);
    const owner = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.otherInspector.id));
    expect(owner.filter((n) => n.type === 'action.overdue')).toHaveLength(10);
    const claims = await ctx.db
      .select()
      .from(notificationDispatch)
      .where(inArray(notificationDispatch.objectId, late));
    expect(
      claims.filter((c) => c.kind.startsWith('escalation:assignment_overdue:assignment-overdue:')),
    ).toHaveLength(15);
  });
});
