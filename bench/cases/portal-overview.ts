import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase, BenchContext } from '../harness.js';

/**
 * The client portal's overview (issue 20, docs/portal.md): one client with 2,000 sites and 200,000
 * units, beside other clients' 1,000 sites and 100,000 units, with open corrective actions, open
 * assignments and completed inspections at the sites. The goal (p99 < 100 ms with one connection)
 * is for PostgreSQL; PGlite (in memory, single-threaded) gets a tenth of the data, for comparison.
 */
const SCALE = {
  postgres: { sites: 2_000, units: 200_000, otherSites: 1_000, otherUnits: 100_000 },
  pglite: { sites: 200, units: 20_000, otherSites: 100, otherUnits: 10_000 },
} as const;
const INTERVALS = [30, 90, 180, 365];
const PASSWORD = 'Bench-portal-passphrase';

/** Both drivers answer `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Array<{ id: number }> }).rows;

const prepared = new WeakMap<FastifyInstance, Promise<string>>();

function prepareOnce(ctx: BenchContext): Promise<string> {
  let promise = prepared.get(ctx.app);
  if (!promise) {
    promise = generate(ctx);
    prepared.set(ctx.app, promise);
  }
  return promise;
}

async function insertClient(app: FastifyInstance, email: string, company: string): Promise<number> {
  const [row] = await app.database.db
    .insert(users)
    .values({
      userType: 'client',
      firstName: 'Bench',
      lastName: 'Client',
      company,
      email,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** Sites and units for one client, set-based (one INSERT … SELECT generate_series each). */
async function sitesAndUnits(
  app: FastifyInstance,
  clientId: number,
  prefix: string,
  sites: number,
  units: number,
  typeIds: number[],
) {
  const db = app.database.db;
  const siteIds = rowsOf(
    await db.execute(sql`
      insert into sites (site_code, name, city, state, status, client_id)
      select ${prefix} || lpad(i::text, 6, '0'),
             (array['Andheri', 'Whitefield', 'Hinjawadi', 'Perungudi', 'Salt Lake', 'Okhla'])[1 + i % 6]
               || ' ' || (array['Business Park', 'Warehouse', 'Hospital', 'Mall', 'Plant'])[1 + i % 5] || ' ' || i,
             (array['Mumbai', 'Bengaluru', 'Pune', 'Chennai', 'Kolkata', 'New Delhi'])[1 + i % 6],
             'India', 'active', ${clientId}
      from generate_series(1, ${sites}) as g(i)
      returning id`),
  ).map((r) => Number(r.id));
  const firstSite = Math.min(...siteIds);
  const firstType = Math.min(...typeIds);
  // Due dates from the app's rule (last inspection, else install date, + interval). last_result is
  // what the inspection_units trigger keeps; written here directly, since the bench measures reads:
  // about 3 % of inspected units failed their latest inspection.
  await db.execute(sql`
    insert into equipment (site_id, equipment_type_id, asset_tag, serial_number, name, location,
                           installed_on, status, last_inspected_at, next_due_on, last_result, created_at, updated_at)
    select u.site_id, u.type_id, u.asset_tag, u.serial, u.name, u.location, u.installed_on, u.status,
           u.last_inspected_at,
           case when u.status = 'retired' then null
                else coalesce((u.last_inspected_at at time zone 'UTC')::date, u.installed_on) + u.interval_days end,
           case when u.last_inspected_at is null then null
                when u.i % 33 = 0 then 'fail'::inspection_result else 'pass'::inspection_result end,
           now(), now()
    from (
      select i, ${firstSite} + (i % ${sites}) as site_id,
             ${firstType} + (i % ${typeIds.length}) as type_id,
             (array[${sql.raw(INTERVALS.join(','))}])[1 + ((i % ${typeIds.length}) + 1) % 4] as interval_days,
             ${prefix} || 'U-' || i as asset_tag,
             ${prefix} || 'SN-' || lpad(i::text, 8, '0') as serial,
             'Portal unit ' || i as name,
             'Level ' || (i % 12) as location,
             date '2019-01-01' + (i % 2000) as installed_on,
             (case when i % 50 = 1 then 'retired' when i % 20 = 0 then 'out_of_service' else 'in_service' end)::equipment_status as status,
             case when i % 5 <> 0 then now() - make_interval(days => ((i::bigint * 7919) % 420)::int) end as last_inspected_at
      from generate_series(1, ${units}) as g(i)
    ) as u`);
  return { firstSite, sites };
}

async function generate({ app, driver }: BenchContext): Promise<string> {
  const db = app.database.db;
  const scale = SCALE[driver];
  const started = Date.now();
  const typeIds = rowsOf(
    await db.execute(sql`
      insert into equipment_types (name, category, inspection_interval_days)
      select 'Portal bench type ' || i, 'Bench category ' || (i % 5), (array[${sql.raw(INTERVALS.join(','))}])[1 + i % 4]
      from generate_series(1, 20) as g(i)
      returning id`),
  ).map((r) => Number(r.id));

  const email = 'bench-portal-client@inspecta.test';
  const clientId = await insertClient(app, email, 'Bench Retail Pvt Ltd');
  const otherClient = await insertClient(app, 'bench-portal-other@inspecta.test', 'Other Bench Ltd');
  const mine = await sitesAndUnits(app, clientId, 'PC-', scale.sites, scale.units, typeIds);
  await sitesAndUnits(app, otherClient, 'PO-', scale.otherSites, scale.otherUnits, typeIds);

  // Work at the sites: an inspector, a category and a template; per site of both clients two
  // completed assignments with their inspections and one open assignment; open and closed actions.
  const [inspector] = await db
    .insert(users)
    .values({
      userType: 'inspector',
      firstName: 'Bench',
      lastName: 'Inspector',
      email: 'bench-portal-inspector@inspecta.test',
    })
    .returning({ id: users.id });
  const [category] = rowsOf(
    await db.execute(
      sql`insert into inspection_categories (name, colour) values ('Portal bench', 'blue') returning id`,
    ),
  );
  const [template] = rowsOf(
    await db.execute(sql`insert into templates (name, category_id, status, published_version)
      values ('Portal bench checklist', ${category!.id}, 'published', 1) returning id`),
  );
  await db.execute(sql`
    insert into assignments (site_id, inspector_id, category_id, template_id, template_version, status,
                             scheduled_for, due_on, completed_at, started_at)
    select s.id, ${inspector!.id}, ${category!.id}, ${template!.id}, 1,
           (case when k = 3 then 'assigned' else 'completed' end)::assignment_status,
           current_date + (case when k = 3 then (s.id % 60) else -(k * 90 + s.id % 30) end),
           current_date + (case when k = 3 then (s.id % 60) + 14 else -(k * 90 + s.id % 30) end),
           case when k = 3 then null else now() - make_interval(days => k * 90 + s.id % 30) end,
           case when k = 3 then null else now() - make_interval(days => k * 90 + s.id % 30, hours => 1) end
    from sites s cross join generate_series(1, 3) as g(k)`);
  await db.execute(sql`
    insert into inspections (assignment_id, site_id, inspector_id, category_id, template_id, template_version,
                             status, result, failed_items, total_items, unit_count, started_at, completed_at)
    select a.id, a.site_id, a.inspector_id, a.category_id, a.template_id, 1, 'completed',
           (case when a.id % 7 = 0 then 'fail' else 'pass' end)::inspection_result,
           case when a.id % 7 = 0 then 1 else 0 end, 12, 10, a.started_at, a.completed_at
    from assignments a where a.status = 'completed'`);
  await db.execute(sql`
    insert into corrective_actions (title, source, site_id, status, due_on, created_at, updated_at)
    select 'Bench action ' || i, 'manual', s.id,
           (array['open', 'in_progress', 'resolved', 'verified', 'cancelled'])[1 + i % 5]::corrective_action_status,
           current_date + (i % 90) - 30, now(), now()
    from sites s cross join generate_series(1, 3) as g(i)`);
  // What autovacuum does on a live database: statistics, and the visibility map for index-only counts.
  for (const table of ['equipment', 'sites', 'assignments', 'inspections', 'corrective_actions', 'users']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  if (driver === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
  console.log(
    `   (${driver}: ${mine.sites.toLocaleString('en-IN')} sites and ${scale.units.toLocaleString('en-IN')} units for the client, ${scale.otherUnits.toLocaleString('en-IN')} units of another, generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`portal bench sign-in: ${login.statusCode} ${login.body}`);
  return login.json().accessToken as string;
}

export const portalOverviewCase: BenchCase = {
  name: 'portal overview (first page)',
  goals: { p99OneConnectionMs: 100 },
  async prepare(ctx) {
    const token = await prepareOnce(ctx);
    return { path: '/api/portal/overview', headers: { authorization: `Bearer ${token}` } };
  },
};

export const portalOverviewOverdueCase: BenchCase = {
  name: 'portal overview (attention=overdue)',
  goals: { p99OneConnectionMs: 100 },
  async prepare(ctx) {
    const token = await prepareOnce(ctx);
    return {
      path: '/api/portal/overview?attention=overdue',
      headers: { authorization: `Bearer ${token}` },
    };
  },
};
