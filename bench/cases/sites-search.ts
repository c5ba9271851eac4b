import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase } from '../harness.js';

export const SITE_COUNT = 100_000;
const CLIENT_COUNT = 250;

const AREAS = [
  'Andheri East',
  'Lower Parel',
  'Hinjawadi',
  'Whitefield',
  'Electronic City',
  'Perungudi',
  'HITEC City',
  'Okhla Phase II',
  'Satellite',
  'Salt Lake Sector V',
  'Kakkanad',
  'Gomti Nagar',
  'Malviya Nagar',
  'Peelamedu',
  'Vijay Nagar',
  'Sector 62',
  'Magarpatta',
  'Powai',
  'Thane West',
  'Vashi',
  'Koramangala',
  'Guindy',
  'Gachibowli',
  'Bandra Kurla Complex',
  'Baner',
  'Sholinganallur',
  'Manesar',
  'Sanand',
  'Chakan',
  'Sriperumbudur',
];
const KINDS = ['Business Park', 'Warehouse', 'Hospital', 'Mall', 'Plant', 'Corporate Tower', 'Data Centre'];
const CITIES = [
  'Mumbai',
  'Pune',
  'Bengaluru',
  'Chennai',
  'Hyderabad',
  'New Delhi',
  'Ahmedabad',
  'Kolkata',
  'Kochi',
  'Lucknow',
  'Jaipur',
  'Coimbatore',
  'Indore',
  'Noida',
  'Gurugram',
  'Navi Mumbai',
  'Thane',
  'Nagpur',
  'Surat',
  'Vadodara',
];

const literal = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** 100,000 sites across 250 clients and 20 cities, written with set-based SQL in a few seconds. */
async function seedSites(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  await db.execute(sql`
    insert into users (user_type, first_name, last_name, email, company)
    select 'client', 'Client', 'Owner ' || g, 'bench.client.' || g || '@example.test', 'Bench Holdings ' || g || ' Pvt Ltd'
    from generate_series(1, ${CLIENT_COUNT}) g
    on conflict do nothing`);
  await db.execute(sql`
    with clients as (
      select array_agg(id order by id) as ids from users where email like 'bench.client.%@example.test'
    )
    insert into sites (site_code, name, client_id, address_line1, city, state, pincode, contact_name, contact_phone,
                       status, created_at, updated_at)
    select 'BN-' || lpad(g::text, 6, '0'),
           (${literal(AREAS)})[1 + g % ${AREAS.length}] || ' ' || (${literal(KINDS)})[1 + (g / ${AREAS.length}) % ${KINDS.length}] || ' ' || g,
           clients.ids[1 + g % array_length(clients.ids, 1)],
           (10 + g % 400) || ', Main Road',
           (${literal(CITIES)})[1 + (g / 3) % ${CITIES.length}],
           'Maharashtra',
           (400001 + g % 900)::text,
           'Facilities Desk',
           '+91982' || lpad((g % 10000000)::text, 7, '0'),
           (case when g % 20 = 0 then 'draft' when g % 13 = 0 then 'inactive' else 'active' end)::site_status,
           now() - (g || ' minutes')::interval,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${SITE_COUNT}) g, clients`);
  // What autovacuum does on a live database: statistics, and the trigram index's pending list merged
  // (searched row by row until then, which made every search several milliseconds slower).
  await db.execute(sql`vacuum analyze sites`);
  await db.execute(sql`analyze users`);
}

async function adminToken(app: FastifyInstance): Promise<string> {
  const password = 'Bench-mark-passphrase';
  await app.database.db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Sites',
      email: 'bench.sites@inspecta.test',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench.sites@inspecta.test', password },
  });
  return login.json().accessToken as string;
}

const seeded = new WeakSet<FastifyInstance>();

export async function prepareSites(app: FastifyInstance) {
  if (!seeded.has(app)) {
    const started = Date.now();
    await seedSites(app);
    seeded.add(app);
    console.log(
      `   (seeded ${SITE_COUNT.toLocaleString('en')} sites in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return { authorization: await adminToken(app) };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The site list's page written by hand, as one would in psql: the 20 best matches with their client
 * and equipment count through the trigram index on search_text (exact SiteId no., then a code, name
 * or city starting with the term, then the rest, newest first within each), and the matches per
 * status counted up to 10,001. The runner keeps the planner off sequential scans for it.
 */
function rawSitesPage(term: string): string[] {
  const lower = term.toLowerCase();
  const contains = quote(`%${lower}%`);
  const prefix = quote(`${lower}%`);
  return [
    `select s.*, u.id as client_id, u.first_name, u.last_name, u.company, u.email, u.phone, u.status as client_status,
            (select count(*) from equipment e where e.site_id = s.id) as equipment_count
       from sites s left join users u on u.id = s.client_id
      where s.search_text like ${contains}
      order by case when lower(s.site_code) = ${quote(lower)} then 0
                    when lower(s.site_code) like ${prefix} or lower(s.name) like ${prefix} or lower(s.city) like ${prefix} then 1
                    else 2 end,
               s.created_at desc, s.id desc
      limit 20`,
    `select status, count(*) from (select status from sites where search_text like ${contains} limit 10001) m group by status`,
  ];
}

/** A site list search (issue 22): rare, medium and common terms over the same 100,000 sites. */
function siteListCase(label: string, term: string): BenchCase {
  return {
    name: `list search: sites ${label} (100k)`,
    goals: { p99OneConnectionMs: 20, p99OverRawSql: 1.5 },
    async prepare({ app }) {
      const headers = await prepareSites(app);
      return { path: `/api/auth/get/all/sites?search=${encodeURIComponent(term)}&limit=20`, headers };
    },
    rawSql: async () => rawSitesPage(term),
    // The site statements, and the client match (the only other statement with ilike).
    recordPlans: /"sites"|ilike/,
  };
}

/** A SiteId no. prefix: BN-004200 to BN-004299, 100 sites. */
export const sitesSearchRareCase = siteListCase('rare ?search=BN-0042', 'BN-0042');
/** A city: one site in 20, about 5,000. */
export const sitesSearchMediumCase = siteListCase('medium ?search=Pune', 'Pune');
/** A word in one name in seven, about 14,300 sites. */
export const sitesSearchCommonCase = siteListCase('common ?search=Warehouse', 'Warehouse');

/** The register's search by a name fragment: about 0.5 % of the sites match, first page of 20. */
export const sitesSearchByNameCase: BenchCase = {
  name: 'GET sites ?search=kakkanad data (100k sites)',
  goals: { p99OneConnectionMs: 100 },
  async prepare({ app }) {
    const headers = await prepareSites(app);
    return { path: '/api/auth/get/all/sites?search=kakkanad%20data&limit=20', headers };
  },
};

/** The header search for a SiteId no.: one site matches. */
export const sitesSearchByCodeCase: BenchCase = {
  name: 'GET sites ?search=BN-054321 (100k sites)',
  goals: { p99OneConnectionMs: 100 },
  async prepare({ app }) {
    const headers = await prepareSites(app);
    return { path: '/api/auth/get/all/sites?search=BN-054321&limit=20', headers };
  },
};
