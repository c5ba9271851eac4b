import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.js';
import { assignments, inspections } from '../../src/db/schema.js';
import { insertWorkRefs } from './dashboard-fixtures.js';

/**
 * Seeding for the search tests of the assignment list and the inspection history (issue 22): work
 * at given sites, by given inspectors, with given templates, written straight into the tables.
 */
export interface WorkSeed {
  categoryId: number;
  templateId: number;
}

export async function workSeed(db: Database): Promise<WorkSeed> {
  return insertWorkRefs(db);
}

/**
 * One assignment (open, or completed with its inspection when `completedAt` is given). Returns the
 * assignment's id and, when completed, the inspection's.
 */
export async function insertWork(
  db: Database,
  seed: WorkSeed,
  values: { siteId: number; inspectorId: number; templateId?: number; dueOn: string; completedAt?: Date },
): Promise<{ assignmentId: number; inspectionId: number | null }> {
  const templateId = values.templateId ?? seed.templateId;
  const [assignment] = await db
    .insert(assignments)
    .values({
      siteId: values.siteId,
      inspectorId: values.inspectorId,
      categoryId: seed.categoryId,
      templateId,
      templateVersion: 1,
      status: values.completedAt ? 'completed' : 'assigned',
      scheduledFor: values.dueOn,
      dueOn: values.dueOn,
      startedAt: values.completedAt ? new Date(values.completedAt.getTime() - 3_600_000) : null,
      completedAt: values.completedAt ?? null,
    })
    .returning({ id: assignments.id });
  if (!values.completedAt) return { assignmentId: assignment!.id, inspectionId: null };
  const [inspection] = await db
    .insert(inspections)
    .values({
      assignmentId: assignment!.id,
      siteId: values.siteId,
      inspectorId: values.inspectorId,
      categoryId: seed.categoryId,
      templateId,
      templateVersion: 1,
      status: 'completed',
      result: 'pass',
      totalItems: 10,
      unitCount: 1,
      startedAt: new Date(values.completedAt.getTime() - 3_600_000),
      completedAt: values.completedAt,
    })
    .returning({ id: inspections.id });
  return { assignmentId: assignment!.id, inspectionId: inspection!.id };
}

/** `count` completed inspections (each on its own completed assignment) at one site, in one statement. */
export async function insertManyCompleted(
  db: Database,
  seed: WorkSeed,
  values: { siteId: number; inspectorId: number; count: number },
): Promise<void> {
  await db.execute(sql`
    with made as (
      insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status, scheduled_for, due_on)
      select ${values.siteId}, ${values.inspectorId}, ${seed.categoryId}, ${seed.templateId}, 1, 'completed', '2026-05-01', '2026-05-01'
      from generate_series(1, ${values.count}::int)
      returning id
    )
    insert into inspections (assignment_id, site_id, inspector_id, category_id, template_id, template_version,
                             status, result, total_items, unit_count, started_at, completed_at)
    select id, ${values.siteId}, ${values.inspectorId}, ${seed.categoryId}, ${seed.templateId}, 1,
           'completed', 'pass', 10, 1, timestamptz '2026-05-01 09:00Z', timestamptz '2026-05-01 10:00Z' + id * interval '1 second'
    from made`);
}
