import { LIST_COUNT_CAP, type SiteSort, type SiteStatus, siteStatuses } from '@inspecta/contract';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import {
  countCapped,
  escapeLike,
  firstMatchesPage,
  onPageId,
  pageIds,
  pageIdsOrder,
} from '../../db/query-helpers.js';
import { assignments, equipment, inspections, sites, users } from '../../db/schema.js';
import {
  type MatchingClients,
  matchingClients,
  rankedPageIds,
  siteSearchCondition,
  siteSearchSample,
} from '../../db/search-conditions.js';
import { FEW_MATCHES, type SearchSample } from '../../db/search-sample.js';
import { asValue, type Bind, StatementsByShape } from '../../db/statements-by-shape.js';

export type SiteRow = typeof sites.$inferSelect;
/** A site as the answers read it: without `search_text` (the search index's column) and `created_by` (the detail joins the creator). */
export type SiteView = Omit<SiteRow, 'searchText' | 'createdBy'>;
export type SiteInsert = typeof sites.$inferInsert;
export type ClientRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'company' | 'email' | 'phone' | 'status' | 'userType' | 'deletedAt'
>;

export interface SiteWithClient {
  site: SiteView;
  client: ClientRow | null;
}

/** A row of the register's page: the site, its client and how many units it holds. */
export type SiteListRow = SiteWithClient & { equipmentCount: number };

export interface SiteListFilter {
  search?: string | undefined;
  status?: SiteStatus | undefined;
  clientId?: number | undefined;
  city?: string | undefined;
  /** Only these sites (an export of the selected rows). */
  ids?: number[] | undefined;
}

export interface EquipmentSummaryRow {
  total: number;
  inService: number;
  outOfService: number;
  retired: number;
  overdue: number;
  dueSoon: number;
  upToDate: number;
  notScheduled: number;
  nextDueOn: string | null;
}

const { searchText: _searchText, createdBy: _createdBy, ...siteColumns } = getTableColumns(sites);

export const clientColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  email: users.email,
  phone: users.phone,
  status: users.status,
  userType: users.userType,
  deletedAt: users.deletedAt,
};

/**
 * A page row's columns: the units are counted in the same statement (one count on the equipment's
 * site index per row) rather than in a statement of their own after the page, a round trip fewer.
 */
const listRowColumns = {
  site: siteColumns,
  client: clientColumns,
  equipmentCount: sql<number>`(select count(*)::int from ${equipment} where ${equipment.siteId} = ${sites.id})`,
};

/** A rare term's page: the list's columns, the matches' count and the count per status. */
const fewMatchesColumns = Object.assign({}, listRowColumns, {
  n: sql<number>`page_ids.n`,
  draft: sql<number>`page_ids.n_draft`,
  active: sql<number>`page_ids.n_active`,
  inactive: sql<number>`page_ids.n_inactive`,
});

/** Each status's count over a few-matches page's `first_matches`, as `fewMatchesColumns` reads them. */
const statusCounts = sql.join(
  siteStatuses.map((status) =>
    sql.raw(`(select count(*) from first_matches where status = '${status}')::int as n_${status}`),
  ),
  sql`, `,
);

/** Sites per status; `capped` when more than SITE_COUNT_CAP match (the figures are then lower bounds). */
export type SiteCounts = Record<SiteStatus, number> & { capped: boolean };

/** Searches count their matches exactly up to this many (contract: "10,000+" beyond). */
export const SITE_COUNT_CAP = LIST_COUNT_CAP;
const MAX_INT = 2_147_483_647;

export interface SearchPlan {
  filter: SiteListFilter;
  clientIds: MatchingClients;
}

const SORT_COLUMNS = {
  siteCode: sites.siteCode,
  name: sites.name,
  city: sites.city,
  status: sites.status,
  createdAt: sites.createdAt,
  updatedAt: sites.updatedAt,
} as const;

function orderBy(sort: SiteSort | undefined): SQL[] {
  // Relevance needs a term; without one the register's own order stands in.
  const value = !sort || sort === 'relevance' || sort === '-relevance' ? '-createdAt' : sort;
  const descending = value.startsWith('-');
  const column = SORT_COLUMNS[(descending ? value.slice(1) : value) as keyof typeof SORT_COLUMNS];
  const direction = descending ? desc : asc;
  // The id breaks ties, so paging is stable.
  return [direction(column), direction(sites.id)];
}

/**
 * The relevance ranks' tests for a term, without the list's filters: an exact SiteId no. (any case)
 * or id (rank 0), a SiteId no., name or city starting with the term (rank 1).
 */
function rankTests(search: string, bind: Bind = asValue): { exact: SQL; startsWith: SQL } {
  const term = search.trim().toLowerCase();
  const prefix = bind('prefix', `${escapeLike(term)}%`);
  const exactArms: SQL[] = [sql`lower(${sites.siteCode}) = ${bind('term', term)}`];
  const asId = term.replace(/^#/, '');
  if (/^[0-9]{1,10}$/.test(asId) && Number(asId) <= MAX_INT)
    exactArms.push(eq(sites.id, bind('exactId', Number(asId))));
  // A prefix of the code, name or city is a substring of search_text: the arms need no other test.
  const startsWith = or(
    sql`lower(${sites.siteCode}) like ${prefix}`,
    sql`lower(${sites.name}) like ${prefix}`,
    sql`lower(${sites.city}) like ${prefix}`,
  )!;
  return { exact: or(...exactArms)!, startsWith };
}

export class SitesRepository {
  private searchSample: SearchSample | undefined;
  /** The rare term's one statement, built once per shape of filter (`StatementsByShape`). */
  private readonly fewMatchesStatements = new StatementsByShape<
    Array<SiteListRow & { n: number; draft: number; active: number; inactive: number }>
  >();

  constructor(private readonly db: Executor) {}

  /**
   * Resolves the parts of a search that live in other tables: the clients whose name or company
   * match. Done first, so the site query gets a plain list of ids the planner can estimate.
   */
  async searchPlan(filter: SiteListFilter): Promise<SearchPlan> {
    if (!filter.search) return { filter, clientIds: [] };
    return { filter, clientIds: await matchingClients(this.db, filter.search) };
  }

  /** The register's filter; its search is the one the global search counts with too. */
  private conditions(plan: SearchPlan, withStatus: boolean, bind: Bind = asValue): SQL | undefined {
    const { filter } = plan;
    const search = filter.search
      ? siteSearchCondition(this.db, filter.search, plan.clientIds, bind)
      : undefined;
    const filters = this.filterConditions(filter, withStatus, bind);
    if (search && filters) return and(search, filters);
    return search ?? filters;
  }

  /** The client, city and (optionally) status filters, without the search. */
  private filterConditions(
    filter: SiteListFilter,
    withStatus: boolean,
    bind: Bind = asValue,
  ): SQL | undefined {
    const parts: SQL[] = [];
    if (filter.clientId !== undefined) parts.push(eq(sites.clientId, bind('clientId', filter.clientId)));
    if (filter.city) parts.push(sql`lower(${sites.city}) = ${bind('city', filter.city.toLowerCase())}`);
    if (withStatus && filter.status) parts.push(eq(sites.status, bind('status', filter.status)));
    if (filter.ids)
      parts.push(
        inArray(
          sites.id,
          filter.ids.map((id, i) => bind(`id${i}`, id)),
        ),
      );
    return parts.length ? and(...parts) : undefined;
  }

  async list(
    plan: SearchPlan,
    sort: SiteSort | undefined,
    offset: number,
    limit: number,
  ): Promise<SiteListRow[]> {
    return this.db
      .select(listRowColumns)
      .from(sites)
      .leftJoin(users, eq(users.id, sites.clientId))
      .where(this.conditions(plan, true))
      .orderBy(...orderBy(sort))
      .offset(offset)
      .limit(limit);
  }

  /** One batch of the filtered register in id order after `afterId` (keyset paging for exports). */
  async batchAfter(plan: SearchPlan, afterId: number, size: number): Promise<SiteWithClient[]> {
    const where = this.conditions(plan, true);
    return this.db
      .select({ site: siteColumns, client: clientColumns })
      .from(sites)
      .leftJoin(users, eq(users.id, sites.clientId))
      .where(where ? and(where, gt(sites.id, afterId)) : gt(sites.id, afterId))
      .orderBy(asc(sites.id))
      .limit(size);
  }

  /**
   * A search's page and its counts, in two statements run side by side (on PostgreSQL on two pool
   * connections) after the client match. Their cost follows the page and the count cap, not how
   * common the term is. The page's ids are chosen inside the rows' statement (`pageIds`), so the
   * rows need no third. A term the sample calls rare takes one statement instead, client match
   * included (`fewMatchesPage`). The plan comes back for the counts the caller may still need.
   */
  async searchPage(
    filter: SiteListFilter,
    sort: SiteSort,
    offset: number,
    limit: number,
  ): Promise<{ rows: SiteListRow[]; counts: SiteCounts; plan: SearchPlan }> {
    const relevance = sort === 'relevance' || sort === '-relevance';
    if (relevance) {
      const few = await this.fewMatchesPage({ filter, clientIds: 'in-statement' }, offset, limit);
      if (few) return few;
    }
    const plan = await this.searchPlan(filter);
    const ids = relevance
      ? this.relevancePageIds(plan, offset, limit)
      : this.sortedPageIds(plan, sort, offset, limit);
    const [rows, counts] = await Promise.all([
      this.db
        .select(listRowColumns)
        .from(sites)
        .innerJoin(pageIds(ids), onPageId(sites.id))
        .leftJoin(users, eq(users.id, sites.clientId))
        .orderBy(pageIdsOrder),
      this.countByStatusCapped(plan),
    ]);
    return { rows, counts, plan };
  }

  /**
   * The page in relevance order: an exact SiteId no. or id (rank 0), then a SiteId no., name or city
   * starting with the term (1), then every other match (2), newest first within a rank. Each rank is
   * its own arm, cut at offset + limit rows in its own order, so PostgreSQL can take each from the
   * index that fits: the unique code index and the primary key, the text_pattern_ops prefix
   * indexes, and for the rest either the trigram index (a rare term) or the creation index read
   * backwards until enough rows match (a common one, about 150 rows for "warehouse"). One statement
   * ranking every match instead read all 14,000 sites behind a common word.
   */
  private relevancePageIds(plan: SearchPlan, offset: number, limit: number): SQL {
    const filters = this.filterConditions(plan.filter, true);
    const within = (condition: SQL) => (filters ? and(condition, filters)! : condition);
    const { exact, startsWith } = rankTests(plan.filter.search ?? '');
    return rankedPageIds({
      table: sites,
      id: sites.id,
      sortKey: sites.createdAt,
      exact: within(exact),
      prefix: within(startsWith),
      rest: this.conditions(plan, true)!,
      armOrder: sql`${sites.createdAt} desc, ${sites.id} desc`,
      offset,
      limit,
    });
  }

  /**
   * A term the sample says is rare (issue 22, docs/search.md): its matches in every status ranked
   * as the arms rank them and counted per status, the page and the status tabs in one statement
   * (the client match inside it) instead of the client match, then the arms beside the counts.
   * Undefined when the estimate is over FEW_MATCHES (the sample holds each site's client name and
   * company, so a client match too wide to list is estimated so too), the statement found more (a
   * stale sample), or an empty page left the counts unknown (a status tab without matches, a page
   * past the last).
   */
  private async fewMatchesPage(
    plan: SearchPlan,
    offset: number,
    limit: number,
  ): Promise<{ rows: SiteListRow[]; counts: SiteCounts; plan: SearchPlan } | undefined> {
    const { search, status } = plan.filter;
    if (!search) return undefined;
    this.searchSample ??= siteSearchSample(this.db);
    if ((await this.searchSample.matchesAtMost([search.trim()])) > FEW_MATCHES) return undefined;
    // Built once per shape of filter (`StatementsByShape`): each value below is bound.
    const found = await this.fewMatchesStatements.run(
      (bind) => {
        const { exact, startsWith } = rankTests(search, bind);
        // The code, name, city and id tests are each implied by the search, so every arm's site is
        // among the matches; the status is a filter of the page, not of the counts.
        return firstMatchesPage({
          matched: sql`
        select ${sites.id} as id, ${sites.createdAt} as sort_at, ${sites.status} as status,
               case when ${exact} then 0 when ${startsWith} then 1 else 2 end as rank
        from ${sites} where ${this.conditions(plan, false, bind)}`,
          order: sql`rank, sort_at desc, id desc`,
          shown: status ? sql`status = ${bind('pageStatus', status)}` : undefined,
          carried: statusCounts,
          cap: FEW_MATCHES,
          limit: bind('limit', limit),
          offset: bind('offset', offset),
        });
      },
      (page) =>
        this.db
          .select(fewMatchesColumns)
          .from(sites)
          .innerJoin(page, onPageId(sites.id))
          .leftJoin(users, eq(users.id, sites.clientId))
          .orderBy(pageIdsOrder),
    );
    // A status tab's empty page leaves the other tabs' counts unknown.
    if (this.searchSample.fewMatchesTotal(found, offset === 0 && !status) === undefined) return undefined;
    const first = found[0];
    return {
      rows: found.map(({ site, client, equipmentCount }) => ({ site, client, equipmentCount })),
      counts: {
        draft: Number(first?.draft ?? 0),
        active: Number(first?.active ?? 0),
        inactive: Number(first?.inactive ?? 0),
        capped: false,
      },
      plan,
    };
  }

  /** The page in a chosen column order: PostgreSQL picks the trigram index or the sort column's. */
  private sortedPageIds(plan: SearchPlan, sort: SiteSort, offset: number, limit: number): SQL {
    return this.db
      .select({ id: sites.id })
      .from(sites)
      .where(this.conditions(plan, true))
      .orderBy(...orderBy(sort))
      .offset(offset)
      .limit(limit)
      .getSQL();
  }

  /**
   * Matches per status, exact up to SITE_COUNT_CAP. The scan is a materialized CTE so that it is
   * planned without the LIMIT: with it, PostgreSQL expected the first 10,001 matches early in the
   * table and read it sequentially (45 ms for "warehouse" against 6 ms through the trigram index).
   * Beyond the cap `all` is the cap and each status count a lower bound (`capped`).
   */
  private async countByStatusCapped(plan: SearchPlan): Promise<SiteCounts> {
    const where = this.conditions(plan, false);
    const result = await this.db.execute<{ status: SiteStatus; n: number }>(sql`
      with matched as materialized (
        select ${sites.status} as status from ${sites} ${where ? sql`where ${where}` : sql``}
      )
      select status, count(*)::int as n
      from (select status from matched limit ${SITE_COUNT_CAP + 1}) as first_matches
      group by status`);
    const counts: SiteCounts = { draft: 0, active: 0, inactive: 0, capped: false };
    let all = 0;
    for (const row of (result as unknown as { rows: Array<{ status: SiteStatus; n: number }> }).rows) {
      counts[row.status] = Number(row.n);
      all += Number(row.n);
    }
    counts.capped = all > SITE_COUNT_CAP;
    return counts;
  }

  /** The matches of one status, exact up to SITE_COUNT_CAP (the total of a status tab past the cap). */
  async countStatusCapped(plan: SearchPlan, status: SiteStatus): Promise<{ total: number; capped: boolean }> {
    const where = and(this.conditions(plan, false), eq(sites.status, status));
    return countCapped(this.db, sql`${sites}`, where, SITE_COUNT_CAP);
  }

  /** Sites per status for the filter, ignoring its status: the list's counts and its total. */
  async countByStatus(plan: SearchPlan): Promise<Record<SiteStatus, number>> {
    const rows = await this.db
      .select({ status: sites.status, n: count() })
      .from(sites)
      .where(this.conditions(plan, false))
      .groupBy(sites.status);
    const counts: Record<SiteStatus, number> = { draft: 0, active: 0, inactive: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  async equipmentCounts(siteIds: number[]): Promise<Map<number, number>> {
    if (siteIds.length === 0) return new Map();
    const rows = await this.db
      .select({ siteId: equipment.siteId, n: count() })
      .from(equipment)
      .where(inArray(equipment.siteId, siteIds))
      .groupBy(equipment.siteId);
    return new Map(rows.map((r) => [r.siteId, Number(r.n)]));
  }

  async cities(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ city: sites.city })
      .from(sites)
      .where(sql`${sites.city} is not null and ${sites.city} <> ''`)
      .orderBy(asc(sites.city))
      .limit(limit);
    return rows.map((r) => r.city!);
  }

  async findWithClient(id: number): Promise<SiteWithClient | undefined> {
    const [row] = await this.db
      .select({ site: siteColumns, client: clientColumns })
      .from(sites)
      .leftJoin(users, eq(users.id, sites.clientId))
      .where(eq(sites.id, id))
      .limit(1);
    return row;
  }

  async findDetails(
    id: number,
  ): Promise<
    (SiteWithClient & { creator: { id: number; firstName: string; lastName: string } | null }) | undefined
  > {
    const creator = alias(users, 'creator');
    const [row] = await this.db
      .select({
        site: siteColumns,
        client: clientColumns,
        creator: { id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
      })
      .from(sites)
      .leftJoin(users, eq(users.id, sites.clientId))
      .leftJoin(creator, eq(creator.id, sites.createdBy))
      .where(eq(sites.id, id))
      .limit(1);
    return row;
  }

  /** The site, locked until the transaction ends, so concurrent changes to it run one at a time. */
  async lockById(id: number): Promise<SiteRow | undefined> {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id)).for('update').limit(1);
    return row;
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: sites.id }).from(sites).where(eq(sites.id, id)).limit(1);
    return row !== undefined;
  }

  async findBySiteCode(code: string): Promise<Pick<SiteRow, 'id' | 'siteCode' | 'name'> | undefined> {
    const [row] = await this.db
      .select({ id: sites.id, siteCode: sites.siteCode, name: sites.name })
      .from(sites)
      .where(sql`lower(${sites.siteCode}) = ${code.toLowerCase()}`)
      .limit(1);
    return row;
  }

  /**
   * The next generated code, ST-000123. The sequence never hands one number out twice, even to
   * concurrent creates; a number whose code was already typed in by hand is skipped.
   */
  async nextGeneratedSiteCode(): Promise<string> {
    for (;;) {
      const result = await this.db.execute<{ n: string | number }>(sql`select nextval('site_code_seq') as n`);
      const n = Number((result as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);
      const code = `ST-${String(n).padStart(6, '0')}`;
      if (!(await this.findBySiteCode(code))) return code;
    }
  }

  async insert(values: SiteInsert): Promise<SiteRow> {
    const [row] = await this.db.insert(sites).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<SiteInsert>): Promise<SiteRow> {
    const [row] = await this.db.update(sites).set(values).where(eq(sites.id, id)).returning();
    return row!;
  }

  /** Deletes the site and the equipment registered at it; answers how many units went with it. */
  async deleteWithEquipment(id: number): Promise<number> {
    // Only cancelled assignments can remain here (open ones are refused first); they go with the site,
    // with an inspection one of them had started (never a completed one: those refuse the delete).
    await this.db.delete(inspections).where(eq(inspections.siteId, id));
    await this.db.delete(assignments).where(eq(assignments.siteId, id));
    const removed = await this.db
      .delete(equipment)
      .where(eq(equipment.siteId, id))
      .returning({ id: equipment.id });
    await this.db.delete(sites).where(eq(sites.id, id));
    return removed.length;
  }

  /** Units at the site by status and, for units not retired, by due state relative to `today`. */
  async equipmentSummary(siteId: number, today: string, soonUntil: string): Promise<EquipmentSummaryRow> {
    const live = sql`${equipment.status} <> 'retired'`;
    const [row] = await this.db
      .select({
        total: count(),
        inService: sql<number>`count(*) filter (where ${equipment.status} = 'in_service')`.mapWith(Number),
        outOfService: sql<number>`count(*) filter (where ${equipment.status} = 'out_of_service')`.mapWith(
          Number,
        ),
        retired: sql<number>`count(*) filter (where ${equipment.status} = 'retired')`.mapWith(Number),
        overdue:
          sql<number>`count(*) filter (where ${live} and ${equipment.nextDueOn} < ${today}::date)`.mapWith(
            Number,
          ),
        dueSoon:
          sql<number>`count(*) filter (where ${live} and ${equipment.nextDueOn} >= ${today}::date and ${equipment.nextDueOn} <= ${soonUntil}::date)`.mapWith(
            Number,
          ),
        upToDate:
          sql<number>`count(*) filter (where ${live} and ${equipment.nextDueOn} > ${soonUntil}::date)`.mapWith(
            Number,
          ),
        notScheduled: sql<number>`count(*) filter (where ${live} and ${equipment.nextDueOn} is null)`.mapWith(
          Number,
        ),
        nextDueOn: sql<string | null>`min(${equipment.nextDueOn}) filter (where ${live})`,
      })
      .from(equipment)
      .where(eq(equipment.siteId, siteId));
    return {
      total: Number(row?.total ?? 0),
      inService: row?.inService ?? 0,
      outOfService: row?.outOfService ?? 0,
      retired: row?.retired ?? 0,
      overdue: row?.overdue ?? 0,
      dueSoon: row?.dueSoon ?? 0,
      upToDate: row?.upToDate ?? 0,
      notScheduled: row?.notScheduled ?? 0,
      nextDueOn: row?.nextDueOn ? String(row.nextDueOn).slice(0, 10) : null,
    };
  }
}
