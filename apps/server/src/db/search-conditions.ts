import { type AnyColumn, and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';
import { anyId, containsPattern, escapeLike } from './query-helpers.js';
import { sites, users } from './schema.js';
import { SearchSample } from './search-sample.js';
import { asValue, type Bind } from './statements-by-shape.js';

// The registers' search conditions live below the modules so that the global search counts exactly
// what the user list and the site register show for the same term, without reaching into them.

/**
 * What the user list searches, exactly as the trigram index `users_search_trgm_idx` is built
 * (db/schema.ts): PostgreSQL serves an `ilike` from the index only when the expression matches.
 */
const USER_SEARCH_DOCUMENT = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, '') || ' ' || coalesce(${users.company}, '') || ' ' || coalesce(${users.employeeCode}, ''))`;

/** What a user's search document must contain to match `term`: the term, or a phone's digits typed with spaces or dashes. */
export function userSearchSubstrings(term: string): string[] {
  const patterns = new Set([term.trim()]);
  if (/^[\d\s()+.-]+$/.test(term.trim())) {
    const digits = term.trim().replace(/[\s().-]/g, '');
    if (digits.length >= 3) patterns.add(digits);
  }
  return [...patterns];
}

/** The user list's sample of search documents, for the matches a term is estimated to have. */
export function userSearchSample(db: Executor): SearchSample {
  return new SearchSample(db, sql`${users}`, USER_SEARCH_DOCUMENT);
}

/**
 * The user list's search: a substring of the search document (case-insensitive, from the trigram
 * index), a phone typed with spaces or dashes, or the exact Id.
 */
export function userSearchCondition(search: string, bind: Bind = asValue): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  const conditions: SQL[] = userSearchSubstrings(term).map(
    (p, i) => sql`${USER_SEARCH_DOCUMENT} ilike ${bind(`contains${i}`, containsPattern(p))}`,
  );
  const id = /^#?(\d{1,9})$/.exec(term)?.[1];
  if (id) conditions.push(eq(users.id, bind('searchId', Number(id))));
  return or(...conditions);
}

const MAX_INT = 2_147_483_647;
/** Up to this many matching clients are passed as a list; beyond, the query asks the users table itself. */
const MAX_CLIENT_IDS = 500;

/**
 * Clients whose name or company contains the search term: their ids, 'many' when there are too many
 * to list, or 'in-statement' when the site statement matches them itself (one round trip instead of
 * two, for a term the site register's sample calls rare).
 */
export type MatchingClients = number[] | 'many' | 'in-statement';

function clientMatch(pattern: string): SQL {
  return and(
    // A literal, not a parameter: a statement built once per shape keeps it (`StatementsByShape`).
    sql`${users.userType} = 'client'`,
    // Implied by either arm below (the search document holds the full name and the company), and
    // served by users_search_trgm_idx: without it every site search read the whole users table
    // (5 ms at 10,000 users, on every request).
    sql`${USER_SEARCH_DOCUMENT} ilike ${pattern}`,
    or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.company, pattern)),
  )!;
}

/**
 * The part of a site search that lives in another table: the clients whose name or company match.
 * Resolved first, so the site query gets a plain list of ids the planner can estimate.
 */
export async function matchingClients(db: Executor, search: string): Promise<MatchingClients> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(clientMatch(containsPattern(search)))
    .limit(MAX_CLIENT_IDS + 1);
  return rows.length > MAX_CLIENT_IDS ? 'many' : rows.map((r) => r.id);
}

/**
 * The site register's sample of search documents: a site's own (SiteId no., name, city) and its
 * client's name and company, which a search also matches (`matchingClients`).
 */
export function siteSearchSample(db: Executor): SearchSample {
  return new SearchSample(
    db,
    sql`${sites}`,
    sql`${sites.searchText} || ' ' || coalesce(${users.firstName} || ' ' || ${users.lastName}, '') || ' ' || coalesce(${users.company}, '')`,
    { joins: sql`left join ${users} on ${users.id} = ${sites.clientId}` },
  );
}

/**
 * The site register's search: one trigram-indexed condition on the lower-cased search_text
 * (SiteId no., name, city), or'ed with the matching clients and, for a number, the id: every arm
 * has an index, so PostgreSQL answers with a bitmap OR instead of reading every site.
 */
export function siteSearchCondition(
  db: Executor,
  search: string,
  clients: MatchingClients,
  bind: Bind = asValue,
): SQL {
  const arms: SQL[] = [
    sql`${sites.searchText} like ${bind('contains', containsPattern(search.toLowerCase()))}`,
  ];
  if (clients === 'many') {
    const pattern = bind('clientContains', containsPattern(search));
    arms.push(inArray(sites.clientId, db.select({ id: users.id }).from(users).where(clientMatch(pattern))));
  } else if (clients === 'in-statement') {
    // An array read before the sites (an init plan), so the client test is an index condition on
    // sites_client_idx beside the trigram one, as a list of ids would be.
    const matched = db
      .select({ id: users.id })
      .from(users)
      .where(clientMatch(bind('clientContains', containsPattern(search))));
    arms.push(sql`${sites.clientId} = any(array(${matched}))`);
  } else if (clients.length) {
    arms.push(
      inArray(
        sites.clientId,
        clients.map((id, i) => bind(`client${i}`, id)),
      ),
    );
  }
  const asId = search.replace(/^#/, '');
  if (/^[0-9]{1,10}$/.test(asId) && Number(asId) <= MAX_INT)
    arms.push(eq(sites.id, bind('searchId', Number(asId))));
  return arms.length === 1 ? arms[0]! : or(...arms)!;
}

/** A site or inspector a term matches: 0 exact, 1 starts with the term, 2 contains it. */
export interface RankedId {
  id: number;
  rank: number;
}

/** The closest `limit` of ranked ids, each id once at its best rank, in rank then id order. */
function closestFirst(rows: Array<{ id: number; rank: number }>, limit: number): RankedId[] {
  const best = new Map<number, number>();
  for (const row of rows) {
    const id = Number(row.id);
    const rank = Number(row.rank);
    const known = best.get(id);
    if (known === undefined || rank < known) best.set(id, rank);
  }
  return [...best]
    .map(([id, rank]) => ({ id, rank }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(0, limit);
}

/**
 * Sites whose SiteId no., name or city contain the term, at most `limit`, the closest first (the
 * inspection history's and the assignment list's search, issue 22): the exact SiteId no. (0, the
 * unique `lower(site_code)` index), a SiteId no., name or city starting with the term (1, the
 * `text_pattern_ops` prefix indexes), then the rest (2, the trigram-indexed `search_text`). Each arm
 * stops at `limit`, so a word in thousands of site names reads no more than that.
 */
export async function rankedSitesMatching(db: Executor, term: string, limit: number): Promise<SiteMatches> {
  const lower = term.trim().toLowerCase();
  const prefix = `${escapeLike(lower)}%`;
  const result = await db.execute<{ id: number; rank: number }>(sql`
    (select ${sites.id} as id, 0 as rank from ${sites} where lower(${sites.siteCode}) = ${lower})
    union all
    (select ${sites.id}, 1 from ${sites}
      where lower(${sites.siteCode}) like ${prefix} or lower(${sites.name}) like ${prefix} or lower(${sites.city}) like ${prefix}
      limit ${limit})
    union all
    (select ${sites.id}, 2 from ${sites} where ${sites.searchText} like ${containsPattern(lower)} limit ${limit})`);
  const ranked = closestFirst(
    (result as unknown as { rows: Array<{ id: number; rank: number }> }).rows,
    limit,
  );
  return { ranked, beyondIds: ranked.length >= limit ? term : null };
}

/** A term's sites: the closest, and the term itself when more sites match than those ids. */
export interface SiteMatches {
  ranked: RankedId[];
  /**
   * Set (to the term) when `ranked` reached its limit: the ids past the exact and prefix ones are
   * then an arbitrary few hundred of the matching sites, which may hold none of a list's rows (the
   * history found nothing for "warehouse" and read its whole date index doing so), so
   * `siteCondition` matches every site containing the term instead (docs/search.md).
   */
  beyondIds: string | null;
}

/**
 * `column` is one of the term's sites: one of `ids` (all the ranked ones, or those of one rank), or,
 * past the ranked ids (`beyondIds` set), any site whose SiteId no., name or city contain the term,
 * as a sub-select through `sites_search_trgm`.
 */
export function siteCondition(column: AnyColumn, ids: number[], beyondIds: string | null): SQL {
  if (beyondIds === null) return anyId(column, ids);
  return sql`${column} in (select ${sites.id} from ${sites} where ${sites.searchText} like ${containsPattern(beyondIds.trim().toLowerCase())})`;
}

/**
 * Inspectors (live or not: history keeps former staff) whose full name contains the term, at most
 * `limit`: those whose first name, last name or full name starts with it first (rank 1, else 2).
 */
export async function rankedInspectorsMatching(
  db: Executor,
  term: string,
  limit: number,
): Promise<RankedId[]> {
  const prefix = `${escapeLike(term.trim().toLowerCase())}%`;
  const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db
    .select({
      id: users.id,
      rank: sql<number>`case when lower(${users.firstName}) like ${prefix} or lower(${users.lastName}) like ${prefix}
        or lower(${fullName}) like ${prefix} then 1 else 2 end`,
    })
    .from(users)
    .where(
      and(
        eq(users.userType, 'inspector'),
        // Implied by the full name (the search document starts with it): served by users_search_trgm_idx.
        sql`${USER_SEARCH_DOCUMENT} ilike ${containsPattern(term.trim())}`,
        ilike(fullName, containsPattern(term.trim())),
      ),
    )
    .orderBy(sql`2`, users.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, rank: Number(r.rank) }));
}

/** The three arms of a list's relevance page (`rankedPageIds`), each a full condition on `table`. */
export interface RelevancePage {
  table: AnyPgTable;
  id: AnyColumn;
  /** The order within a rank: the list's date newest first, or with `ascending` a key A to Z. */
  sortKey: AnyColumn | SQL;
  /** Within a rank, `date` ascending and then id ascending (a list in name order). */
  ascending?: boolean;
  /**
   * Read every match of `rest` (through its own index, a trigram index) and sort them, instead of
   * walking `armOrder`'s index until the page is full. For a list whose order follows its text (a
   * name), the matches of a term sit together in that order, and the walk can read most of the table
   * to find them; the caller knows from its capped count when the matches are few enough.
   */
  sortAllMatches?: boolean;
  /** Rank 0: the exact number or code (read whole: an equality on a unique index). */
  exact: SQL;
  /** Rank 1: starting with the term, read at most offset + limit rows in `armOrder`. */
  prefix: SQL;
  /** Rank 2: every match, read at most offset + limit rows in `armOrder`. */
  rest: SQL;
  /** The order each capped arm is read in: the list's date index, newest first. */
  armOrder: SQL;
  offset: number;
  limit: number;
  /**
   * How the page's numbers go into the statement: as themselves (the default), or as placeholders
   * of a statement built once per shape (`StatementsByShape`), named `offset`, `limit` and `window`.
   */
  bind?: Bind | undefined;
}

/**
 * The ids of one relevance page (issue 22): each rank is its own arm cut at offset + limit rows in
 * its own order, so PostgreSQL takes each from the index that fits; the arms are merged, each id
 * kept once at its best rank, and ordered by rank, then the list's date newest first, then id (or
 * its key ascending). A select, not run on its own: the site register, the user list and the shop's
 * product, order and bill lists join their rows to it (`pageIds`), so a relevance page is one
 * statement.
 */
export function rankedPageIds(page: RelevancePage): SQL {
  const { table, id, sortKey, armOrder } = page;
  const bind = page.bind ?? asValue;
  const offset = bind('offset', page.offset);
  const limit = bind('limit', page.limit);
  const window = bind('window', page.offset + page.limit);
  const within = page.ascending ? sql`sort_at asc, id asc` : sql`sort_at desc, id desc`;
  return sql`
      with exact as (
        select ${id} as id, ${sortKey} as sort_at, 0 as rank
        from ${table} where ${page.exact}
      ), prefix as (
        select ${id} as id, ${sortKey} as sort_at, 1 as rank
        from ${table} where ${page.prefix}
        order by ${armOrder} limit ${window}
      ), ${
        page.sortAllMatches
          ? // Materialized: planned without the limit, so the matches come from the trigram index.
            sql`rest_matches as materialized (
        select ${id} as id, ${sortKey} as sort_at from ${table} where ${page.rest}
      ), rest as (
        select id, sort_at, 2 as rank from rest_matches order by ${within} limit ${window}
      )`
          : sql`rest as (
        select ${id} as id, ${sortKey} as sort_at, 2 as rank
        from ${table} where ${page.rest}
        order by ${armOrder} limit ${window}
      )`
      }
      select id from (
        select id, min(rank) as rank, max(sort_at) as sort_at
        from (select * from exact union all select * from prefix union all select * from rest) as arms
        group by id
      ) as ranked
      order by rank, ${within}
      limit ${limit} offset ${offset}`;
}
