import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.js';
import { correctiveActions } from '../../src/db/schema.js';

/**
 * Seeding for the corrective actions search tests (issue 22): actions written straight into the
 * table, open, at a given site (and unit), due on a given day.
 */
export async function insertAction(
  db: Database,
  values: { siteId: number; title: string; itemLabel?: string; equipmentId?: number; dueOn: string },
): Promise<number> {
  const [row] = await db
    .insert(correctiveActions)
    .values({
      title: values.title,
      itemLabel: values.itemLabel ?? null,
      source: 'manual',
      siteId: values.siteId,
      equipmentId: values.equipmentId ?? null,
      dueOn: values.dueOn,
    })
    .returning({ id: correctiveActions.id });
  return row!.id;
}

/** `count` open actions with one title at one site, in one statement. */
export async function insertManyActions(
  db: Database,
  values: { siteId: number; title: string; count: number },
): Promise<void> {
  await db.execute(sql`
    insert into corrective_actions (title, source, site_id, due_on)
    select ${values.title}, 'manual', ${values.siteId}, date '2026-07-01' + (g % 30)
    from generate_series(1, ${values.count}::int) g`);
}
