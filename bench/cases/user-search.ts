import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import { arrayLiteral, type BenchCase } from '../harness.js';

export const USER_COUNT = 10_000;
const ADMIN_EMAIL = 'bench.users@inspecta.test';
const PASSWORD = 'Bench-mark-passphrase';

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Krishna',
  'Ishaan',
  'Rohan',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Pari',
  'Myra',
  'Anika',
  'Kavya',
  'Meera',
  'Riya',
  'Farhan',
  'Imran',
  'Ayesha',
  'Zoya',
  'Harpreet',
  'Gurpreet',
  'Lakshmi',
  'Suresh',
  'Ramesh',
  'Deepa',
];
const LAST = [
  'Sharma',
  'Verma',
  'Gupta',
  'Kumar',
  'Singh',
  'Patel',
  'Reddy',
  'Nair',
  'Iyer',
  'Menon',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Chatterjee',
  'Banerjee',
  'Das',
  'Khan',
  'Qureshi',
  'Gill',
  'Mehta',
  'Shah',
  'Desai',
  'Pillai',
  'Bose',
  'Saxena',
  'Agarwal',
  'Chopra',
  'Malhotra',
  'Kapoor',
  'Bhatt',
  'Jain',
  'Sayed',
  'Krishnan',
  'Yadav',
  'Mishra',
  'Pandey',
  'Tiwari',
  'Dubey',
  'Naidu',
];
const COMPANIES = ['Realty', 'Logistics', 'Hospitals', 'Retail', 'Pharma', 'Textiles', 'Hotels', 'Foods'];

/** The user list at the scale issue 22 asks for: the same generator, continued to 100,000 users. */
export const USER_COUNT_LARGE = 100_000;

/** Users g = from … to (a realistic mix of roles, Indian names, E.164 phones, companies for clients). */
async function insertUsers(app: FastifyInstance, from: number, to: number): Promise<void> {
  await app.database.db.execute(sql`
    insert into users (user_type, first_name, last_name, email, phone, company, employee_code, licence_number,
                       status, created_at, updated_at, last_login_at)
    select
      (case when g % 10 < 2 then 'admin' when g % 10 < 6 then 'inspector' else 'client' end)::user_type,
      (${arrayLiteral(FIRST)})[1 + g % ${FIRST.length}],
      (${arrayLiteral(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
      'person' || g || '.' || lower((${arrayLiteral(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}]) || '@bench' || (g % 97) || '.in',
      '+9197' || lpad(g::text, 8, '0'),
      case when g % 10 >= 6 then (${arrayLiteral(LAST)})[1 + g % ${LAST.length}] || ' ' || (${arrayLiteral(COMPANIES)})[1 + g % ${COMPANIES.length}] end,
      case when g % 10 between 2 and 5 then 'BEN-' || g end,
      case when g % 10 between 2 and 5 then 'FSL-MH-' || (10000 + g) end,
      (case when g % 23 = 0 then 'inactive' else 'active' end)::user_status,
      now() - (g || ' minutes')::interval,
      now() - (g || ' minutes')::interval,
      case when g % 3 = 0 then now() - (g % 90 || ' days')::interval end
    from generate_series(${from}::int, ${to}::int) as g
  `);
}

/**
 * `count` users (10,000 unless asked for more) in set-based inserts, then ANALYZE so the planner
 * knows the table. Once per app; a later call for more users adds the rest of the same series (the
 * 100,000-user cases run after every case that reads 10,000).
 */
const seeded = new WeakMap<FastifyInstance, Promise<{ token: string; count: number }>>();

export async function seed(app: FastifyInstance, count = USER_COUNT): Promise<string> {
  const before = seeded.get(app);
  const done = (async () => {
    const previous = before ? await before : undefined;
    if (previous && previous.count >= count) return previous;
    await insertUsers(app, (previous?.count ?? 0) + 1, count);
    await app.database.db.execute(sql`analyze users`);
    if (previous) return { token: previous.token, count };
    const db = app.database.db;
    await db
      .insert(users)
      .values({
        userType: 'admin',
        firstName: 'Bench',
        lastName: 'Searcher',
        email: ADMIN_EMAIL,
        passwordHash: await hashPassword(PASSWORD),
      })
      .onConflictDoNothing();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: PASSWORD },
    });
    return { token: login.json().accessToken as string, count };
  })();
  seeded.set(app, done);
  return (await done).token;
}

/** A common surname: hundreds of matches, counted, sorted newest first, one page returned. */
export const userSearchCase: BenchCase = {
  name: `GET /api/admin/userlist search (${USER_COUNT / 1000}k users)`,
  goals: { p99OneConnectionMs: 50 },
  async prepare({ app }) {
    const token = await seed(app);
    return { path: '/api/admin/userlist?search=kulkarni&limit=20', headers: { authorization: token } };
  },
};

/** A narrow term (part of an email) within one role: the index finds a handful of rows. */
export const userSearchNarrowCase: BenchCase = {
  name: `GET /api/admin/userlist narrow search (${USER_COUNT / 1000}k)`,
  goals: { p99OneConnectionMs: 50 },
  async prepare({ app }) {
    const token = await seed(app);
    return {
      path: '/api/admin/userlist?search=person4322.&user_type=inspector&limit=20',
      headers: { authorization: token },
    };
  },
};

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The user list's page written by hand: the 20 best matches through the trigram index (the exact
 * email, then a name, email or company starting with the term, then the rest, newest first within
 * each) and the matches counted up to 10,001. The runner keeps the planner off sequential scans.
 */
function rawUsersPage(term: string): string[] {
  const lower = term.toLowerCase();
  const contains = quote(`%${lower}%`);
  const prefix = quote(`${lower}%`);
  const document = `(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(company, '') || ' ' || coalesce(employee_code, ''))`;
  return [
    `select * from users
      where deleted_at is null and ${document} ilike ${contains}
      order by case when lower(email) = ${quote(lower)} then 0
                    when lower(first_name) like ${prefix} or lower(last_name) like ${prefix}
                      or lower(first_name || ' ' || last_name) like ${prefix} or lower(email) like ${prefix}
                      or lower(coalesce(company, '')) like ${prefix} then 1
                    else 2 end,
               created_at desc, id desc
      limit 20`,
    `select count(*) from (select 1 from users where deleted_at is null and ${document} ilike ${contains} limit 10001) m`,
  ];
}

/** A user list search (issue 22): rare, medium and common terms over the same users. */
function userListCase(label: string, term: string, count = USER_COUNT): BenchCase {
  return {
    name: `list search: users ${label} (${count / 1000}k)`,
    goals: { p99OneConnectionMs: 50, p99OverRawSql: 1.5 },
    async prepare({ app }) {
      const token = await seed(app, count);
      return {
        path: `/api/admin/userlist?search=${encodeURIComponent(term)}&limit=20`,
        headers: { authorization: token },
      };
    },
    rawSql: async () => rawUsersPage(term),
    recordPlans: /from "users"/,
  };
}

/** Part of one email: a single user. */
export const userSearchRareCase = userListCase('rare ?search=person4322.', 'person4322.');
/** A surname: about 250 users. */
export const userSearchMediumCase = userListCase('medium ?search=kulkarni', 'kulkarni');
/** The email domains bench1 and bench10 to bench19: one user in nine, about 1,130. */
export const userSearchCommonCase = userListCase('common ?search=bench1', 'bench1');

/** The same terms at 100,000 users: one user, about 2,500, about 11,300 (past the cap). */
export const [userSearchRareLargeCase, userSearchMediumLargeCase, userSearchCommonLargeCase] = [
  userListCase('rare ?search=person4322.', 'person4322.', USER_COUNT_LARGE),
  userListCase('medium ?search=kulkarni', 'kulkarni', USER_COUNT_LARGE),
  userListCase('common ?search=bench1', 'bench1', USER_COUNT_LARGE),
];
