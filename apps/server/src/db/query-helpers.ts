import { utcDateOf } from '@inspecta/contract';
import { type AnyColumn, type SQL, sql, type Table } from 'drizzle-orm';
import type { Clock } from '../core/clock.js';
import type { Executor } from './database.js';

/**
 * One ORDER BY term in the null order of Drizzle's `.desc()` indexes (DESC NULLS LAST; ascending
 * is that index read backwards, ASC NULLS FIRST). PostgreSQL reads an index in order only for the
 * same null order; a bare `desc` sorts every match instead. For NOT NULL columns the rows come out
 * as with a bare desc/asc.
 */
export function indexOrder(column: AnyColumn | SQL, descending: boolean): SQL {
  return descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
}

/** `%`, `_` and `\` typed by a user are literal characters, not wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for (i)like, with the pattern characters of the term itself escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * `column = any('{1,2,3}'::int[])`: an id list as one array parameter, whatever its length (`false`
 * for none). PostgreSQL estimates it per element from the column's statistics, as an IN list.
 */
export function anyId(column: AnyColumn | SQL, ids: number[]): SQL {
  return ids.length ? sql`${column} = any(${`{${ids.join(',')}}`}::int[])` : sql`false`;
}

/**
 * A relevance arm over at most this many sites (or inspectors) reads each one's first rows off its own
 * ordered index and merges them; over it (a word in hundreds of sites) it reads the list's ordered
 * index until enough match. Shared by the history's and the assignments' arms.
 */
const PER_KEY_ARM_MAX = 50;

/** The ids of one column whose rows an arm reads one key at a time (`firstRowsPerKey`). */
export interface KeyIds {
  column: AnyColumn;
  ids: number[];
}

/**
 * A relevance arm over a few sites, inspectors or templates: for each key, its first `window` rows
 * matching `where` in `order` (one range of the key's own `(key, order…)` index), merged into the
 * arm's first `window` in `mergedOrder` and tagged with `rank`. One read of `key = any(…)` fetched
 * every row of those keys and sorted them, since PostgreSQL 15 does not merge ordered index ranges
 * (5,000 rows for a SiteId no. prefix of ten sites, to keep 20: issue 22). A row found under two
 * keys (a site and an inspector) is kept once (`union`). `columns` are the arm's output, by alias;
 * `mergedOrder` orders by those aliases.
 */
export function firstRowsPerKey(arm: {
  from: Table;
  columns: Array<[alias: string, column: AnyColumn]>;
  where: SQL | undefined;
  keys: KeyIds[];
  order: SQL[];
  mergedOrder: SQL;
  window: number;
  rank: number;
}): SQL {
  const aliases = arm.columns.map(([name]) => sql.raw(name));
  const selected = arm.columns.map(([name, column]) => sql`${column} as ${sql.raw(name)}`);
  const probes = arm.keys
    .filter((key) => key.ids.length > 0)
    .map(
      ({ column, ids }) => sql`
        select ${sql.join(
          aliases.map((name) => sql`keyed.${name}`),
          sql`, `,
        )} from unnest(${`{${ids.join(',')}}`}::int[]) as k(v)
        cross join lateral (
          select ${sql.join(selected, sql`, `)} from ${arm.from}
          where ${arm.where ? sql`(${arm.where}) and ` : sql``}${column} = k.v
          order by ${sql.join(arm.order, sql`, `)} limit ${arm.window}) as keyed`,
    );
  return sql`(
      select ${sql.join(aliases, sql`, `)}, ${arm.rank}::int as rank from (${sql.join(probes, sql` union `)}) as per_key
      order by ${arm.mergedOrder} limit ${arm.window})`;
}

/** How many keys an arm would read one by one: 0 when it cannot (none, or over PER_KEY_ARM_MAX). */
export function perKeyCount(keys: KeyIds[] | null): number {
  const n = keys ? keys.reduce((sum, key) => sum + key.ids.length, 0) : 0;
  return n <= PER_KEY_ARM_MAX ? n : 0;
}

/** Today's date for due-status decisions: the UTC calendar date of the clock (docs/equipment.md). */
export function todayOf(clock: Clock): string {
  return utcDateOf(clock.now());
}

/** `field` / `-field` → the field and its direction. */
export function parseSort<F extends string>(
  sort: string | undefined,
  fallback: F,
): { field: F; desc: boolean } {
  if (!sort) return { field: fallback, desc: false };
  return sort.startsWith('-') ? { field: sort.slice(1) as F, desc: true } : { field: sort as F, desc: false };
}

/**
 * A count read up to cap + 1 as a list's total: exact up to `cap`, else `cap` and `capped` (the
 * screens show "10,000+").
 */
export function cappedTotal(counted: number, cap: number): { total: number; capped: boolean } {
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

/**
 * How many rows of `from` match `where`, exact up to `cap`, and whether there are more. The scan is
 * a materialized CTE so PostgreSQL plans it without the LIMIT: with the LIMIT it expected the first
 * matches early in the table and read it sequentially (45 ms for a word in one site name in seven,
 * against 6 ms through the trigram index); the CTE is still read only until cap + 1 rows.
 */
export async function countCapped(
  db: Executor,
  from: SQL,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute<{ n: number }>(sql`
    with matched as materialized (select 1 from ${from} ${where ? sql`where ${where}` : sql``})
    select count(*)::int as n from (select 1 from matched limit ${cap + 1}) as first_matches`);
  return cappedTotal(Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0), cap);
}

/**
 * `countCapped` as a select that can be prepared, for a count built once per shape
 * (`StatementsByShape`): the same materialized scan, inside the counted sub-select. Its one row's
 * `n` goes to `cappedTotal`.
 */
export function countCappedSelect(db: Executor, from: SQL, where: SQL | undefined, cap: number) {
  return db.select({ n: sql<number>`count(*)::int` }).from(sql`(
    with matched as materialized (select 1 from ${from} ${where ? sql`where ${where}` : sql``})
    select 1 from matched limit ${cap + 1}) as first_matches`);
}

/**
 * As `countCapped`, for conditions PostgreSQL estimates well (id lists, equalities): the first
 * cap + 1 matches (in `order`, an index's order, when given), not materialized, so the planner weighs reading
 * that index until the cap against fetching the few matches through another index. Used where a
 * materialized scan would be planned as a read of every match (a common term in a million rows).
 */
export async function countCappedInOrder(
  db: Executor,
  from: SQL,
  where: SQL | undefined,
  order: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${from} ${where ? sql`where ${where}` : sql``} ${order ? sql`order by ${order}` : sql``} limit ${cap + 1}
    ) as first_matches`);
  return cappedTotal(Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0), cap);
}

/**
 * A page's ids as a table the rows' own select joins: `ids` is a select of one column, the page's
 * ids in page order. `array(…)` keeps that order and `with ordinality` numbers it, so the rows come
 * in page order from the same statement as their ids: one round trip to the database instead of
 * the ids' and then the rows' (docs/search.md, "Where a rare term's request goes"). Join it with
 * `onPageId(table.id)` and order by `pageIdsOrder`.
 */
export function pageIds(ids: SQL): SQL {
  return sql`unnest(array(${ids})) with ordinality as page_ids(id, ord)`;
}

/**
 * A relevance page taken from a term's first `cap + 1` matches, as the table the rows join (with
 * `onPageId` and `pageIdsOrder`, as `pageIds`). `matched` selects `id` and the columns `order`
 * ranks by; it is a materialized CTE, so PostgreSQL plans it without the LIMIT (through the trigram
 * index) and still reads it only until cap + 1 rows. Those are ranked in memory, numbered in page
 * order, and every row carries their count (`pageIdsCount`): the page, its rows and the
 * total in one statement. A count above `cap` means the matches go on past it.
 */
export function firstMatchesPage(page: {
  matched: SQL;
  order: SQL;
  cap: number;
  limit: number;
  offset: number;
  /**
   * Which of the first matches the page shows (a status tab), over `matched`'s columns; `n` still
   * counts them all, so a list can total every tab from the same matches.
   */
  shown?: SQL | undefined;
  /** More columns every page row carries, computed once over all of `first_matches` (totals). */
  carried?: SQL | undefined;
}): SQL {
  return sql`(
      with matched as materialized (${page.matched}),
      first_matches as (select * from matched limit ${page.cap + 1})
      select id, (select count(*) from first_matches)::int as n,${page.carried ? sql` ${page.carried},` : sql``}
        row_number() over (order by ${page.order}) as ord
      from first_matches${page.shown ? sql` where ${page.shown}` : sql``}
      order by ord
      limit ${page.limit} offset ${page.offset}) as page_ids`;
}

/**
 * The count a counted `page_ids` table carries on each of its rows, as `n`: `firstMatchesPage`'s
 * first matches (up to cap + 1), or a sorted search's `count(*) over ()`.
 */
export const pageIdsCount = sql<number>`page_ids.n`;

/** The join condition of `pageIds` on the rows' primary key. */
export function onPageId(id: AnyColumn): SQL {
  return sql`page_ids.id = ${id}`;
}

/** The page's order, for the select that joins `pageIds`. */
export const pageIdsOrder = sql`page_ids.ord`;

/**
 * `rows` in the order of `ids`: a page whose ids were ranked first and whose rows were then read by
 * primary key (`where id in (…)` answers in no particular order). An id without a row is left out.
 */
export function inIdOrder<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
