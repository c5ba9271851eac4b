import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase, BenchContext } from '../harness.js';

/**
 * Issue 19 at scale. The corrective actions list over 1,000,000 actions on PostgreSQL (100,000 on
 * PGlite, for comparison only) at 2,000 sites, a third of them open; and the schedule planning job
 * creating the assignments of 100,000 units due over the next 90 days (time and queries per unit).
 */
export const ACTIONS = { postgres: 1_000_000, pglite: 100_000 } as const;
const SITES = 2_000;

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const prepared = new WeakMap<FastifyInstance, Promise<{ token: string; siteId: number }>>();

async function adminToken(app: FastifyInstance, email: string): Promise<string> {
  const password = 'Bench-mark-passphrase';
  await app.database.db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Maintenance',
      email,
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return login.json().accessToken as string;
}

async function generateActions({ app, driver }: BenchContext) {
  const db = app.database.db;
  const total = ACTIONS[driver];
  const started = Date.now();
  const siteIds = rowsOf(
    await db.execute(sql`
      insert into sites (site_code, name, city, status)
      select 'CA-' || lpad(i::text, 6, '0'), 'Action site ' || i, 'Pune', 'active'
      from generate_series(1, ${SITES}) g(i) returning id`),
  ).map((r) => Number(r.id));
  const first = siteIds[0]!;
  // Statuses: 1/3 open or in progress (half of those overdue), the rest resolved, verified or cancelled.
  await db.execute(sql`
    insert into corrective_actions (title, item_label, status, priority, source, site_id, due_on, created_at, updated_at)
    select (array['Gauge out of range', 'Seal broken', 'Hose cracked', 'Signage missing', 'Pin missing'])[1 + i % 5]
             || ' — AT-' || i,
           (array['Gauge in green zone', 'Seal intact', 'Hose condition', 'Signage', 'Safety pin'])[1 + i % 5],
           (array['open', 'in_progress', 'resolved', 'verified', 'verified', 'cancelled'])[1 + i % 6]::corrective_action_status,
           (array['low', 'normal', 'normal', 'high', 'urgent'])[1 + i % 5]::assignment_priority,
           'inspection',
           ${first} + ((i::bigint * 7919) % ${SITES})::int,
           current_date - 400 + (i % 500),
           now() - make_interval(mins => i % 500000), now()
    from generate_series(1, ${total}) g(i)`);
  // What autovacuum does to a table in use: the visibility map makes the capped counts index-only.
  await db.execute(sql`vacuum analyze corrective_actions`);
  await db.execute(sql`analyze sites`);
  if (driver === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
  console.log(
    `   (${driver}: ${total.toLocaleString('en-IN')} corrective actions generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return {
    token: await adminToken(app, 'bench-actions@inspecta.test'),
    siteId: first + Math.floor(SITES / 3),
  };
}

function prepareOnce(ctx: BenchContext) {
  let promise = prepared.get(ctx.app);
  if (!promise) {
    promise = generateActions(ctx);
    prepared.set(ctx.app, promise);
  }
  return promise;
}

const goals = { p99OneConnectionMs: 50 };
const actionsCase = (name: string, query: (p: { siteId: number }) => string): BenchCase => ({
  name: `actions: ${name}`,
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: `/api/corrective-actions?${query(p)}`, headers: { authorization: p.token } };
  },
});

export const actionsOpenCase = actionsCase('view=open', () => 'view=open');
export const actionsOverdueCase = actionsCase('view=overdue', () => 'view=overdue');
export const actionsSiteCase = actionsCase('site_id + view=open', (p) => `site_id=${p.siteId}&view=open`);
export const actionsSearchCase = actionsCase('search "seal"', () => 'search=seal');
export const actionsAllCase = actionsCase('no filter (capped count)', () => '');

/** Units the planning benchmark plans (BENCH_PLAN_UNITS overrides). */
const PLAN_UNITS = Number(process.env.BENCH_PLAN_UNITS ?? 100_000);
const UNITS_PER_SITE = 100;

/**
 * The planning job over PLAN_UNITS units (100 per site, one schedule per site on the type's own
 * interval, lead time 90 days, due dates spread over the next 90 days): one run creates every
 * assignment. Prints the time, the assignments and the SQL statements per unit (counted on the pg
 * client).
 */
export async function runSchedulePlanning({ app, driver }: BenchContext): Promise<void> {
  if (driver !== 'postgres') return;
  const db = app.database.db;
  const sites = PLAN_UNITS / UNITS_PER_SITE;
  const [inspector] = rowsOf(
    await db.execute(
      sql`insert into users (user_type, first_name, last_name, email) values ('inspector', 'Plan', 'Bench', 'plan-bench@inspecta.test') returning id`,
    ),
  );
  const [category] = rowsOf(
    await db.execute(
      sql`insert into inspection_categories (name, colour) values ('Plan bench', 'blue') returning id`,
    ),
  );
  const [template] = rowsOf(
    await db.execute(
      sql`insert into templates (name, category_id, status, published_version) values ('Plan bench checklist', ${category!.id}, 'published', 1) returning id`,
    ),
  );
  await db.execute(
    sql`insert into template_versions (template_id, version, status, content) values (${template!.id}, 1, 'published', '{"sections":[]}'::jsonb)`,
  );
  const [type] = rowsOf(
    await db.execute(
      sql`insert into equipment_types (name, category, inspection_interval_days, default_template_id) values ('Plan bench type', 'Fire', 365, ${template!.id}) returning id`,
    ),
  );
  const siteRows = rowsOf(
    await db.execute(sql`
      insert into sites (site_code, name, status) select 'PL-' || lpad(i::text, 6, '0'), 'Plan site ' || i, 'active'
      from generate_series(1, ${sites}) g(i) returning id`),
  );
  const firstSite = Number(siteRows[0]!.id);
  await db.execute(sql`
    insert into equipment (site_id, equipment_type_id, asset_tag, name, status, next_due_on)
    select ${firstSite} + (i - 1) / ${UNITS_PER_SITE}, ${type!.id}, 'PL-' || i, 'Plan unit ' || i, 'in_service',
           current_date + (i % 30) * 3
    from generate_series(1, ${PLAN_UNITS}) g(i)`);
  await db.execute(sql`
    insert into schedules (name, site_id, category_id, template_id, interval_unit, inspector_ids, lead_days, starts_on)
    select 'Plan bench ' || s.id, s.id, ${category!.id}, null, 'type', array[${inspector!.id}::int], 90, current_date
    from sites s where s.site_code like 'PL-%'`);
  await db.execute(sql`analyze`);

  let statements = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const started = performance.now();
  let results: Awaited<ReturnType<typeof app.services.schedules.runOnce>>;
  try {
    results = await app.services.schedules.runOnce(new Date());
  } finally {
    pg.Client.prototype.query = original;
  }
  const seconds = (performance.now() - started) / 1000;
  const assignments = results.reduce((n, r) => n + r.assignmentIds.length, 0);
  const units = results.reduce((n, r) => n + r.units, 0);
  console.log(
    `${`schedule job: ${units.toLocaleString('en-IN')} units over 90 days`.padEnd(46)} | ${seconds.toFixed(1).padStart(6)} s | ` +
      `${(units / seconds).toFixed(0)} units/s | ${assignments.toLocaleString('en-IN')} assignments, ${results.length} schedules | ` +
      `${(statements / Math.max(1, units)).toFixed(2)} statements per unit (${statements.toLocaleString('en-IN')})`,
  );
  const again = performance.now();
  const second = await app.services.schedules.runOnce(new Date());
  console.log(
    `${'schedule job: second run (nothing to create)'.padEnd(46)} | ${((performance.now() - again) / 1000).toFixed(1).padStart(6)} s | ` +
      `${second.reduce((n, r) => n + r.assignmentIds.length, 0)} assignments`,
  );
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The actions list's page written by hand, as one would in psql: the 20 best matches with their
 * site (the action's text or its site's SiteId no., name or city contains the term; closest text
 * first, then due first) and the matches counted up to 10,001. The runner keeps the planner off
 * sequential scans for it.
 */
function rawActionsPage(term: string): string[] {
  const lower = term.toLowerCase();
  const contains = quote(`%${lower}%`);
  const match = `((a.title || ' ' || coalesce(a.item_label, '')) ilike ${contains} or s.search_text like ${contains})`;
  return [
    `select a.*, s.name as site_name, s.site_code from corrective_actions a join sites s on s.id = a.site_id
      where ${match}
      order by similarity(a.title || ' ' || coalesce(a.item_label, ''), ${quote(lower)}) desc, a.due_on, a.id
      limit 20`,
    `select count(*) from (select 1 from corrective_actions a join sites s on s.id = a.site_id where ${match} limit 10001) m`,
  ];
}

/** A corrective actions search (issue 22): rare, medium and common terms over the same actions. */
function actionsSearchListCase(label: string, term: string): BenchCase {
  return {
    name: `list search: corrective actions ${label} (1M actions)`,
    goals: { p99OneConnectionMs: 50, p99OverRawSql: 1.5 },
    async prepare(ctx) {
      const p = await prepareOnce(ctx);
      return {
        path: `/api/corrective-actions?search=${encodeURIComponent(term)}`,
        headers: { authorization: p.token },
      };
    },
    rawSql: async () => rawActionsPage(term),
    recordPlans: /"corrective_actions"|"sites"|"equipment"/,
  };
}

/** One action's title ("… — AT-500000"). */
export const actionsSearchRareCase = actionsSearchListCase('rare ?search=AT-500000', 'AT-500000');
/** One site's exact SiteId no.: its 500 actions lead, read besides the window in due order. */
export const actionsSearchExactCase = actionsSearchListCase('exact ?search=CA-000042', 'CA-000042');
/** Ten sites' SiteId no. (CA-000420 to CA-000429): about 5,000 actions. */
export const actionsSearchMediumCase = actionsSearchListCase('medium ?search=CA-00042', 'CA-00042');
/** A word in one title in five: about 200,000 actions, past the cap. */
export const actionsSearchCommonCase = actionsSearchListCase('common ?search=seal', 'seal');
/** Words in every site's name (2,000 sites, past the 500 a search resolves to ids): every action. */
export const actionsSearchManySitesCase = actionsSearchListCase(
  'many sites ?search=Action site',
  'Action site',
);
