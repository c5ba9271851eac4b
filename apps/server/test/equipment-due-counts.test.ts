import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, equipmentDueCounts, equipmentTypes } from '../src/db/schema.js';
import { recomputeNextDue, recomputeNextDueForType } from '../src/modules/equipment/index.js';
import { fetchDashboard } from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The home screen reads its equipment figures from `equipment_due_counts`, which triggers on
 * `equipment` keep in step (migration 0013). After every kind of write the figures must equal a
 * direct count of the units with the equipment list's due rules. Today is 15 June 2026: overdue is
 * before 15 June, due soon is 15 June to 15 July inclusive, ok is after 15 July.
 */
describe('equipment due counts: the home figures follow every equipment write', () => {
  let ctx: TestContext;
  let admin: string;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let siteA: number;
  let siteB: number;
  let typeId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    siteA = (await insertSite(ctx.db)).id;
    siteB = (await insertSite(ctx.db)).id;
    typeId = (await insertType(ctx.db, { inspectionIntervalDays: 30 })).id;
  });
  afterAll(() => ctx.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: admin },
      ...(payload === undefined ? {} : { payload }),
    });

  /** The figures by definition, counted straight off the units. */
  async function directCounts() {
    const result = await ctx.db.execute(sql`
      select count(*) filter (where status = 'in_service')::int as in_service,
             count(*) filter (where status = 'out_of_service')::int as out_of_service,
             count(*) filter (where next_due_on < '2026-06-15')::int as overdue,
             count(*) filter (where next_due_on between '2026-06-15' and '2026-07-15')::int as due_soon,
             count(*) filter (where next_due_on > '2026-07-15')::int as ok
      from equipment where status <> 'retired'`);
    const row = (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
    return {
      installed: Number(row.in_service) + Number(row.out_of_service),
      detail: `${row.in_service} in service · ${row.out_of_service} out of service`,
      overdue: Number(row.overdue),
      due_soon: Number(row.due_soon),
      ok: Number(row.ok),
    };
  }

  async function dashboardCounts() {
    const data = await fetchDashboard(ctx.app, admin);
    const installed = data.figures.find((f) => f.key === 'equipmentInstalled')!;
    const by = (due: string) => data.charts.equipmentByDue.find((d) => d.due === due)!.count;
    return {
      installed: installed.value,
      detail: installed.detail,
      overdue: by('overdue'),
      due_soon: by('due_soon'),
      ok: by('ok'),
    };
  }

  /** The summary holds exactly the grouped units, with no zero rows left behind. */
  async function expectInStep(expected?: Partial<Awaited<ReturnType<typeof directCounts>>>) {
    const direct = await directCounts();
    if (expected) expect(direct).toMatchObject(expected);
    expect(await dashboardCounts()).toEqual(direct);
    const summary = await ctx.db
      .select({
        status: equipmentDueCounts.status,
        nextDueOn: equipmentDueCounts.nextDueOn,
        units: equipmentDueCounts.units,
      })
      .from(equipmentDueCounts)
      .orderBy(equipmentDueCounts.status, equipmentDueCounts.nextDueOn);
    const grouped = await ctx.db
      .select({ status: equipment.status, nextDueOn: equipment.nextDueOn, units: sql<number>`count(*)::int` })
      .from(equipment)
      .groupBy(equipment.status, equipment.nextDueOn)
      .orderBy(equipment.status, equipment.nextDueOn);
    expect(summary).toEqual(grouped);
  }

  it('counts inserted units on the exact boundaries, never-due ones in no bucket, retired ones nowhere', async () => {
    await expectInStep({ installed: 0, overdue: 0, due_soon: 0, ok: 0 });
    const unit = (
      nextDueOn: string | null,
      status: 'in_service' | 'out_of_service' | 'retired' = 'in_service',
    ) => insertUnit(ctx.db, { siteId: siteA, equipmentTypeId: typeId, nextDueOn, status });
    await unit('2026-06-14');
    await unit('2026-06-15');
    await unit('2026-07-15', 'out_of_service');
    await unit('2026-07-16');
    await unit('2026-07-16');
    await unit(null);
    await unit(null, 'retired');
    await expectInStep({ installed: 6, overdue: 1, due_soon: 2, ok: 2 });
  });

  it('follows API creates, due date and status edits (to and from retired), moves and deletes', async () => {
    const created = await call('POST', '/api/auth/equipments', {
      siteId: siteA,
      equipmentTypeId: typeId,
      assetTag: 'DC-001',
      name: 'Lobby extinguisher',
      installedOn: '2026-05-01',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().equipment.id as number;
    // Installed 1 May + 30 days: due 31 May, overdue.
    await expectInStep({ installed: 7, overdue: 2 });

    const patch = async (body: Record<string, unknown>) => {
      const response = await call('PATCH', `/api/auth/equipments/update/${id}`, body);
      expect(response.statusCode, response.body).toBe(200);
    };
    await patch({ installedOn: '2026-06-10' }); // due 10 July: due soon
    await expectInStep({ overdue: 1, due_soon: 3 });
    await patch({ status: 'out_of_service' });
    await expectInStep({ installed: 7, due_soon: 3 });
    await patch({ status: 'retired' });
    await expectInStep({ installed: 6, due_soon: 2 });
    await patch({ status: 'in_service' });
    await expectInStep({ installed: 7, due_soon: 3 });
    await patch({ siteId: siteB });
    await expectInStep({ installed: 7, due_soon: 3 });
    await patch({ name: 'Renamed only' });
    await expectInStep({ installed: 7 });

    expect((await call('DELETE', `/api/auth/equipments/delete/${id}`)).statusCode).toBe(200);
    await expectInStep({ installed: 6, overdue: 1, due_soon: 2, ok: 2 });
  });

  it('follows one statement that changes many units, and a delete of many', async () => {
    const many = await ctx.db
      .insert(equipment)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          siteId: i % 2 ? siteA : siteB,
          equipmentTypeId: typeId,
          assetTag: `BULK-${i}`,
          name: `Bulk ${i}`,
          nextDueOn: `2026-0${6 + (i % 3)}-${10 + (i % 10)}`,
          status: i % 5 === 0 ? ('out_of_service' as const) : ('in_service' as const),
        })),
      )
      .returning({ id: equipment.id });
    await expectInStep({ installed: 46 });
    const ids = many.map((m) => m.id);
    // One UPDATE moving units between dates, statuses and sites at once.
    await ctx.db
      .update(equipment)
      .set({
        nextDueOn: sql`${equipment.nextDueOn} + 20`,
        status: sql`case when ${equipment.id} % 3 = 0 then 'retired'::equipment_status else ${equipment.status} end`,
        siteId: siteA,
      })
      .where(inArray(equipment.id, ids));
    await expectInStep();
    await ctx.db.delete(equipment).where(inArray(equipment.id, ids.slice(0, 25)));
    await expectInStep();
    await ctx.db.delete(equipment).where(inArray(equipment.id, ids.slice(25)));
    await expectInStep({ installed: 6, overdue: 1, due_soon: 2, ok: 2 });
  });

  it('follows a bulk import, a change of a type interval and the due dates an inspection submit derives', async () => {
    const type = await insertType(ctx.db, { inspectionIntervalDays: 30 });
    const csv = [
      'Asset tag,Equipment type,Name,Serial number,Location,Installed on,Last inspected on,Status,Critical',
      `IMP-1,${type.name},One,,,2026-01-10,,In service,`,
      `IMP-2,${type.name},Two,,,2026-06-01,,In service,`,
      `IMP-3,${type.name},Three,,,2026-06-01,,Out of service,`,
      `IMP-4,${type.name},Four,,,2026-06-01,,Retired,`,
      '',
    ].join('\r\n');
    const file = multipartFile(csv, 'units.csv', 'text/csv');
    const imported = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/equipments/import?site_id=${siteB}`,
      headers: { ...file.headers, authorization: admin },
      payload: file.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 4 });
    // Due 9 February (overdue), 1 July twice (due soon); the retired one has no due date.
    await expectInStep({ installed: 9, overdue: 2, due_soon: 4, ok: 2 });

    await ctx.db
      .update(equipmentTypes)
      .set({ inspectionIntervalDays: 90 })
      .where(eq(equipmentTypes.id, type.id));
    await recomputeNextDueForType(ctx.db, type.id);
    // 10 April (still overdue), 30 August twice (ok).
    await expectInStep({ installed: 9, overdue: 2, due_soon: 2, ok: 4 });

    // What a submit does in its transaction: set lastInspectedAt, then re-derive nextDueOn.
    const units = await ctx.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(inArray(equipment.assetTag, ['IMP-1', 'IMP-2']));
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(equipment)
        .set({ lastInspectedAt: new Date('2026-04-01T09:00:00Z') })
        .where(
          inArray(
            equipment.id,
            units.map((u) => u.id),
          ),
        );
      await recomputeNextDue(
        tx,
        units.map((u) => u.id),
      );
    });
    // Both now due 30 June: due soon.
    await expectInStep({ installed: 9, overdue: 1, due_soon: 4, ok: 3 });
  });

  it('stays exact under concurrent transactions writing the same due dates (PostgreSQL: one per pool connection)', async () => {
    const dates = ['2026-06-01', '2026-06-20', '2026-08-01'];
    const before = await directCounts();
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        ctx.db.transaction(async (tx) => {
          const made = await tx
            .insert(equipment)
            .values(
              // Each transaction writes the shared dates in a different order.
              dates.map((_, i) => ({
                siteId: siteA,
                equipmentTypeId: typeId,
                assetTag: `CC-${n}-${i}`,
                name: `Concurrent ${n}-${i}`,
                nextDueOn: dates[(i + n) % dates.length]!,
              })),
            )
            .returning({ id: equipment.id });
          await tx
            .update(equipment)
            .set({ nextDueOn: dates[n % dates.length]! })
            .where(eq(equipment.id, made[0]!.id));
          await tx.delete(equipment).where(eq(equipment.id, made[1]!.id));
        }),
      ),
    );
    await expectInStep({ installed: before.installed + 24 });
  });

  it('leaves the summary untouched by a write that is rolled back', async () => {
    const before = await directCounts();
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.update(equipment).set({ nextDueOn: '2020-01-01' });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await expectInStep(before);
  });
});
