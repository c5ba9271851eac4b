import { computeNextDueOn, templateContentSchema } from '@inspecta/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { fileNameFromUrl } from '../src/core/files/file-urls.js';
import {
  assignments,
  equipment,
  equipmentTypes,
  inspections,
  inspectionUnits,
  templateVersions,
} from '../src/db/schema.js';
import { buildInspectionRecord } from '../src/modules/inspections/index.js';
import { loadDemoData } from '../src/seed/demo-data.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const TODAY = new Date('2026-03-01T09:00:00Z');
const DAY = 86_400_000;

describe('demo inspection history', () => {
  let ctx: TestContext;
  let token: string;
  const storage = new MemoryFileStorage();
  let seconds = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ fileStorage: storage });
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    const started = Date.now();
    await ctx.db.transaction((tx) => loadDemoData(tx, admin.id, TODAY, storage));
    seconds = (Date.now() - started) / 1000;
    token = await tokenFor(ctx.app, admin);
  }, 180_000);
  afterAll(() => ctx.close());

  it('holds six months of completed inspections, mostly passing, each on a completed assignment', async () => {
    const rows = await ctx.db
      .select({ inspection: inspections, assignment: assignments })
      .from(inspections)
      .innerJoin(assignments, eq(assignments.id, inspections.assignmentId));
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const failed = rows.filter((r) => r.inspection.result === 'fail');
    expect(failed.length / rows.length).toBeGreaterThan(0.08);
    expect(failed.length / rows.length).toBeLessThan(0.3);
    const times = rows.map((r) => r.inspection.completedAt!.getTime());
    expect(Math.min(...times)).toBeGreaterThan(TODAY.getTime() - 190 * DAY);
    expect(Math.max(...times)).toBeLessThan(TODAY.getTime());
    for (const { inspection, assignment } of rows) {
      expect(inspection.status).toBe('completed');
      expect(assignment).toMatchObject({
        status: 'completed',
        siteId: inspection.siteId,
        inspectorId: inspection.inspectorId,
        templateVersion: inspection.templateVersion,
      });
      expect(assignment.completedAt).toEqual(inspection.completedAt);
      expect(inspection.unitCount).toBeGreaterThan(0);
    }
    console.log(`demo data with ${rows.length} inspections loaded in ${seconds.toFixed(1)} s`);
  });

  it('stores results exactly as evaluating the answers against the pinned version gives', async () => {
    const rows = await ctx.db.select().from(inspections);
    const versions = await ctx.db.select().from(templateVersions);
    let checked = 0;
    for (const inspection of rows) {
      const version = versions.find(
        (v) => v.templateId === inspection.templateId && v.version === inspection.templateVersion,
      )!;
      const content = templateContentSchema.parse(version.content);
      const answers = inspection.answers as { units: Parameters<typeof buildInspectionRecord>[1] };
      const record = buildInspectionRecord(content, answers.units);
      expect(record.result).toBe(inspection.result);
      expect(record.failedItems).toBe(inspection.failedItems);
      expect(record.totalItems).toBe(inspection.totalItems);
      expect(inspection.results).toEqual(record.results);
      // Every required item is answered validly: nothing submit would have refused.
      for (const unit of record.results)
        expect(unit.items.filter((i) => i.outcome === 'missing' || i.outcome === 'invalid')).toEqual([]);
      if (inspection.result === 'fail') expect(inspection.remarks).toMatch(/failed on/);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps each unit's last inspection and next due date in step with its latest inspection", async () => {
    const units = await ctx.db
      .select({ unit: equipment, interval: equipmentTypes.inspectionIntervalDays })
      .from(equipment)
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId));
    const history = await ctx.db.select().from(inspectionUnits);
    const latest = new Map<number, Date>();
    for (const h of history)
      if ((latest.get(h.equipmentId)?.getTime() ?? 0) < h.completedAt.getTime())
        latest.set(h.equipmentId, h.completedAt);
    expect(latest.size).toBeGreaterThan(50);
    for (const { unit, interval } of units) {
      const at = latest.get(unit.id);
      if (!at) continue;
      expect(unit.lastInspectedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
      expect(unit.nextDueOn).toBe(
        computeNextDueOn({
          status: unit.status,
          lastInspectedAt: unit.lastInspectedAt,
          installedOn: unit.installedOn,
          createdAt: unit.createdAt,
          inspectionIntervalDays: interval,
        }),
      );
    }
  });

  it('answers the history, the detail with photos and signatures on file, and a report', async () => {
    const list = await ctx.app.inject({
      url: '/api/auth/inspections?result=fail&limit=5',
      headers: { authorization: token },
    });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().data;
    expect(first.failedItems).toBeGreaterThan(0);
    const detail = (
      await ctx.app.inject({ url: `/api/auth/inspections/${first.id}`, headers: { authorization: token } })
    ).json().inspection;
    expect(detail.units.some((u: { result: string }) => u.result === 'fail')).toBe(true);
    const signature = Object.values(detail.units[0].answers).find(
      (v) => typeof v === 'string' && v.startsWith('/api/files/'),
    ) as string;
    expect(await storage.read(fileNameFromUrl(signature)!)).not.toBeNull();
    const report = await ctx.app.inject({
      url: `/api/auth/inspections/${first.id}/report`,
      headers: { authorization: token },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
  });
});
