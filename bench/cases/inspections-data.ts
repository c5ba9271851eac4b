import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BenchContext } from '../harness.js';
import { prepareSites, SITE_COUNT } from './sites-search.js';

/**
 * Inspection history at scale, shared by every case that needs it (the home dashboard; the history
 * list can reuse it too): over sites-search's 100,000 sites, one completed assignment + one
 * completed inspection per row, spread over the last three years (about 6,400 a week), one in
 * seven failed with 1-6 failed items; 200 inspectors; and 6,000 open assignments due from 30 days
 * ago to 60 days ahead (so some are overdue). PostgreSQL gets 1,000,000 inspections; PGlite (in
 * memory, single-threaded) 100,000, for comparison only. Written set-based in a few statements,
 * then VACUUM ANALYZE so the planner knows the tables and index-only scans see a clean visibility map.
 */
export const INSPECTION_COUNT = { postgres: 1_000_000, pglite: 100_000 } as const;
const INSPECTORS = 200;
const OPEN_ASSIGNMENTS = 6_000;
const HISTORY_MINUTES = 3 * 365 * 24 * 60;

export interface InspectionData {
  /** Admin headers (from sites-search). */
  headers: Record<string, string>;
  inspections: number;
}

const prepared = new WeakMap<FastifyInstance, Promise<InspectionData>>();

/** Generates the data once per app, whichever case asks first. */
export function prepareInspections(ctx: BenchContext): Promise<InspectionData> {
  let promise = prepared.get(ctx.app);
  if (!promise) {
    promise = generate(ctx);
    prepared.set(ctx.app, promise);
  }
  return promise;
}

async function generate({ app, driver }: BenchContext): Promise<InspectionData> {
  const headers = await prepareSites(app);
  const db = app.database.db;
  const count = INSPECTION_COUNT[driver];
  const started = Date.now();

  await db.execute(sql`
    insert into users (user_type, first_name, last_name, email)
    select 'inspector', 'Bench', 'Inspector ' || g, 'bench.inspector.' || g || '@example.test'
    from generate_series(1, ${INSPECTORS}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into inspection_categories (name, colour) values ('Bench routine', 'blue') on conflict do nothing`);
  await db.execute(sql`
    insert into templates (name, category_id, status, published_version)
    select 'Bench fire safety checklist', id, 'published', 1 from inspection_categories where name = 'Bench routine'
    on conflict do nothing`);

  // One statement per table; arrays of ids keep the spread deterministic and cheap.
  const refs = sql`
    (select array_agg(id order by id) from sites where site_code like 'BN-%') as site_ids,
    (select array_agg(id order by id) from users where email like 'bench.inspector.%') as inspector_ids,
    (select id from templates where name = 'Bench fire safety checklist') as template_id,
    (select id from inspection_categories where name = 'Bench routine') as category_id`;
  await db.execute(sql`
    insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status, priority,
                             scheduled_for, due_on, started_at, completed_at, created_at, updated_at)
    select r.site_ids[1 + ((g::bigint * 7919) % array_length(r.site_ids, 1))::int],
           r.inspector_ids[1 + g % array_length(r.inspector_ids, 1)],
           r.category_id, r.template_id, 1, 'completed', 'normal',
           (t.at at time zone 'UTC')::date, (t.at at time zone 'UTC')::date,
           t.at - interval '45 minutes', t.at, t.at - interval '7 days', t.at
    from generate_series(1, ${count}) g
    cross join (select ${refs}) r
    cross join lateral (select now() - ((g::bigint * 104729) % ${HISTORY_MINUTES}) * interval '1 minute' as at) t`);
  await db.execute(sql`
    insert into inspections (assignment_id, site_id, inspector_id, category_id, template_id, template_version,
                             status, result, failed_items, total_items, unit_count, started_at, progress_saved_at,
                             completed_at, created_at, updated_at)
    select a.id, a.site_id, a.inspector_id, a.category_id, a.template_id, 1, 'completed',
           (case when a.id % 7 = 0 then 'fail' else 'pass' end)::inspection_result,
           case when a.id % 7 = 0 then 1 + a.id % 6 else 0 end,
           24, 3, a.started_at, a.completed_at, a.completed_at, a.started_at, a.completed_at
    from assignments a
    where a.status = 'completed' and a.template_id = (select id from templates where name = 'Bench fire safety checklist')`);
  await db.execute(sql`
    insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status, priority,
                             scheduled_for, due_on)
    select r.site_ids[1 + ((g::bigint * 104729) % array_length(r.site_ids, 1))::int],
           r.inspector_ids[1 + g % array_length(r.inspector_ids, 1)],
           r.category_id, r.template_id, 1,
           (case when g % 5 = 0 then 'in_progress' else 'assigned' end)::assignment_status,
           (array['low', 'normal', 'normal', 'high', 'urgent'])[1 + g % 5]::assignment_priority,
           current_date - 40 + g % 90, current_date - 30 + g % 90
    from generate_series(1, ${OPEN_ASSIGNMENTS}) g
    cross join (select ${refs}) r`);
  // A realistic audit trail to read the newest changes from.
  await db.execute(sql`
    insert into audit_events (actor_id, action, entity_type, entity_id, after, created_at)
    select (select min(id) from users where user_type = 'admin'),
           (array['site.update', 'equipment.updated', 'assignment.created', 'auth.login'])[1 + g % 4],
           (array['site', 'equipment', 'assignment', 'session'])[1 + g % 4],
           g::text, jsonb_build_object('name', 'Bench object ' || g),
           now() - g * interval '1 minute'
    from generate_series(1, 50000) g`);
  for (const table of ['assignments', 'inspections', 'audit_events', 'users']) {
    await db.execute(sql.raw(driver === 'postgres' ? `vacuum analyze ${table}` : `analyze ${table}`));
  }
  console.log(
    `   (generated ${count.toLocaleString('en')} inspections over ${SITE_COUNT.toLocaleString('en')} sites in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { headers, inspections: count };
}
