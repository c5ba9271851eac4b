import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase } from '../harness.js';

/**
 * The equipment-type catalogue searched at the issue's scale: 100,000 types (a real catalogue holds
 * hundreds, so this is the far end), ten kinds of equipment, four categories, twenty makers.
 */
export const CATALOGUE_TYPES = 100_000;

const KINDS = [
  'CO2 extinguisher',
  'ABC extinguisher',
  'Fire hydrant',
  'Sprinkler',
  'Smoke detector',
  'Lift',
  'Hose reel',
  'Fire pump',
  'Emergency light',
  'Exit sign',
];
const MAKERS = [
  'Ceasefire',
  'Kanex',
  'Minimax',
  'Safex',
  'Otis',
  'Honeywell',
  'Siemens',
  'Bosch',
  'Kone',
  'Schindler',
  'Tyco',
  'Viking',
  'Kirloskar',
  'Havells',
  'Legrand',
  'Apollo',
  'Notifier',
  'Agni',
  'Newage',
  'Firex',
];

const literal = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

const prepared = new WeakMap<FastifyInstance, Promise<Record<string, string>>>();

export function prepareOnce(app: FastifyInstance): Promise<Record<string, string>> {
  let promise = prepared.get(app);
  if (!promise) {
    promise = generate(app);
    prepared.set(app, promise);
  }
  return promise;
}

async function generate(app: FastifyInstance): Promise<Record<string, string>> {
  const db = app.database.db;
  const started = Date.now();
  await db.execute(sql`
    insert into equipment_types (name, category, manufacturer, model, inspection_interval_days)
    select (${literal(KINDS)})[1 + i % ${KINDS.length}] || ' model ' || i,
           (array['Fire protection', 'Detection', 'Lifts', 'Electrical'])[1 + i % 4],
           (${literal(MAKERS)})[1 + (i / 10) % ${MAKERS.length}],
           'CT-' || i,
           (array[30, 90, 180, 365])[1 + i % 4]
    from generate_series(1, ${CATALOGUE_TYPES}) as g(i)`);
  // What autovacuum does on a live database (statistics; the trigram index has no pending list).
  await db.execute(sql`vacuum analyze equipment_types`);
  console.log(
    `   (seeded ${CATALOGUE_TYPES.toLocaleString('en')} equipment types in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const password = 'Bench-mark-passphrase';
  await db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Catalogue',
      email: 'bench-catalogue@inspecta.test',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench-catalogue@inspecta.test', password },
  });
  return { authorization: login.json().accessToken as string };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The catalogue's page written by hand: the 20 best matches through the trigram index (the exact
 * name, then names starting with the term, then the rest, by name) with their installed units, and
 * the matches counted up to 10,001. The runner keeps the planner off sequential scans.
 */
function rawCataloguePage(term: string): string[] {
  const lower = term.toLowerCase();
  const contains = quote(`%${lower}%`);
  const text = `(t.name || ' ' || t.category || ' ' || coalesce(t.manufacturer, '') || ' ' || coalesce(t.model, ''))`;
  return [
    `select t.*, (select count(*) from equipment u where u.equipment_type_id = t.id and u.status <> 'retired') as installed
       from equipment_types t
      where ${text} ilike ${contains}
      order by case when lower(t.name) = ${quote(lower)} then 0 when lower(t.name) like ${quote(`${lower}%`)} then 1 else 2 end,
               lower(t.name), t.id
      limit 20`,
    `select count(*) from (select 1 from equipment_types t where ${text} ilike ${contains} limit 10001) m`,
  ];
}

/** A catalogue search (issue 22): rare, medium and common terms over the same 100,000 types. */
function catalogueCase(label: string, term: string): BenchCase {
  return {
    name: `list search: equipment types ${label} (100k)`,
    goals: { p99OneConnectionMs: 50, p99OverRawSql: 1.5 },
    async prepare({ app }) {
      const headers = await prepareOnce(app);
      return { path: `/api/auth/global-equipment/list?search=${encodeURIComponent(term)}&limit=20`, headers };
    },
    rawSql: async () => rawCataloguePage(term),
    recordPlans: /"equipment_types"/,
  };
}

/** One type's whole name. */
export const equipmentTypesSearchRareCase = catalogueCase(
  'rare ?search=Lift model 54325',
  'Lift model 54325',
);
/** A maker: one type in twenty, 5,000. */
export const equipmentTypesSearchMediumCase = catalogueCase('medium ?search=Kirloskar', 'Kirloskar');
/** A word in two kinds in ten, 20,000 types: past the cap. */
export const equipmentTypesSearchCommonCase = catalogueCase('common ?search=extinguisher', 'extinguisher');
