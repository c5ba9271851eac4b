import type { DashboardDataResponse } from '@inspecta/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { assignments, inspectionCategories, inspections, templates } from '../../src/db/schema.js';
import { insertSite, uniq } from './equipment-fixtures.js';
import { insertUser } from './test-app.js';

/** A category and a published template that assignments and inspections can point at. */
export async function insertWorkRefs(db: Database): Promise<{ categoryId: number; templateId: number }> {
  const [category] = await db
    .insert(inspectionCategories)
    .values({ name: uniq('Routine'), colour: 'blue' })
    .returning();
  const [template] = await db
    .insert(templates)
    .values({
      name: uniq('Fire safety checklist'),
      categoryId: category!.id,
      status: 'published',
      publishedVersion: 1,
    })
    .returning();
  return { categoryId: category!.id, templateId: template!.id };
}

export interface WorkRefs {
  siteId: number;
  inspectorId: number;
  categoryId: number;
  templateId: number;
}

/** A site, an inspector and the work references: what an assignment row needs to point at. */
export async function insertWorkSetting(db: Database): Promise<WorkRefs> {
  const inspector = await insertUser(db, { userType: 'inspector' });
  const site = await insertSite(db);
  return { siteId: site.id, inspectorId: inspector.id, ...(await insertWorkRefs(db)) };
}

/** An assignment row as the assignments module writes it (status and dates as given). */
export async function insertAssignment(
  db: Database,
  refs: WorkRefs,
  values: {
    status: 'assigned' | 'in_progress' | 'completed' | 'cancelled';
    dueOn: string;
    scheduledFor?: string;
  },
) {
  const [row] = await db
    .insert(assignments)
    .values({
      ...refs,
      templateVersion: 1,
      status: values.status,
      scheduledFor: values.scheduledFor ?? values.dueOn,
      dueOn: values.dueOn,
      cancelReason: values.status === 'cancelled' ? 'Site closed for renovation' : null,
      cancelledAt: values.status === 'cancelled' ? new Date() : null,
    })
    .returning();
  return row!;
}

/**
 * An inspection with its (completed) assignment, written straight into the tables: the dashboard
 * reads only the stored status, result, failed_items and completed_at, whatever wrote them.
 */
export async function insertInspectionRecord(
  db: Database,
  refs: WorkRefs,
  values:
    | { result: 'pass' | 'fail'; completedAt: Date; failedItems?: number }
    | { inProgress: true; assignmentId: number },
) {
  const completed = 'inProgress' in values ? null : values;
  const assignmentId =
    'inProgress' in values
      ? values.assignmentId
      : (
          await insertAssignment(db, refs, {
            status: 'completed',
            dueOn: values.completedAt.toISOString().slice(0, 10),
          })
        ).id;
  const [row] = await db
    .insert(inspections)
    .values({
      ...refs,
      assignmentId,
      templateVersion: 1,
      status: completed ? 'completed' : 'in_progress',
      result: completed?.result ?? null,
      failedItems: completed?.failedItems ?? 0,
      totalItems: 12,
      unitCount: 1,
      startedAt: completed ? new Date(completed.completedAt.getTime() - 3_600_000) : new Date(),
      completedAt: completed?.completedAt ?? null,
    })
    .returning();
  return row!;
}

/** GET /api/dashboard/data as `authorization` sees it (asserting the 200). */
export async function fetchDashboard(
  app: FastifyInstance,
  authorization: string,
): Promise<DashboardDataResponse> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/dashboard/data',
    headers: { authorization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardDataResponse;
}
