import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  anyId,
  cappedTotal,
  firstRowsPerKey,
  onPageId,
  pageIds,
  pageIdsOrder,
  parseSort,
  perKeyCount,
} from '../../db/query-helpers.js';
import {
  assignments,
  equipment,
  equipmentTypes,
  inspectionCategories,
  inspections,
  inspectionUnits,
  sites,
  templates,
  templateVersions,
  users,
} from '../../db/schema.js';
import {
  type RankedId,
  rankedInspectorsMatching,
  rankedSitesMatching,
  type SiteMatches,
  siteCondition,
} from '../../db/search-conditions.js';

/** The filters of the history list, already resolved to ids (search: matching sites and inspectors). */
export interface HistoryFilter {
  siteId?: number | undefined;
  inspectorId?: number | undefined;
  categoryId?: number | undefined;
  /** Only inspections that covered this unit (inspection_units, indexed by equipment). */
  equipmentId?: number | undefined;
  result?: 'pass' | 'fail' | undefined;
  /** Completed on or after this UTC day. */
  from?: string | undefined;
  /** Completed on or before this UTC day. */
  to?: string | undefined;
  search?: HistorySearch | undefined;
}

/**
 * A history search resolved to ids: every matching site and inspector, and which of them match
 * closely (relevance order: the inspection id or an exact SiteId no. first, then a SiteId no., site
 * name, city or inspector name starting with the term, then the rest).
 */
export interface HistorySearch {
  siteIds: number[];
  /**
   * Set when more sites match than the search resolves to ids: every site containing this term is
   * matched through a sub-select instead of `siteIds` (the ranked ids still say which are closer).
   */
  sitesBeyondIds: string | null;
  inspectorIds: number[];
  inspectionId: number | null;
  exactSiteIds: number[];
  prefixSiteIds: number[];
  prefixInspectorIds: number[];
}

export type HistorySortField = 'completedAt' | 'site' | 'inspector' | 'result' | 'relevance';

/**
 * Counting every match of a broad filter (a million rows) costs far more than the page itself, for a
 * number nobody pages through; the total is therefore exact up to this many matches and says this
 * many beyond (docs/inspections.md, "History").
 */
export const HISTORY_COUNT_CAP = 10_000;

/*
 * The partial history indexes are `completed_at DESC NULLS LAST, id DESC NULLS LAST` (drizzle's
 * `.desc()`); a plain `ORDER BY … DESC` means NULLS FIRST and cannot be read off them, so the
 * default order says NULLS LAST (completed rows have no nulls: the same order). Oldest first is the
 * same index read backwards.
 */

const newestFirst = [sql`${inspections.completedAt} desc nulls last`, sql`${inspections.id} desc nulls last`];
const oldestFirst = [sql`${inspections.completedAt} asc nulls first`, sql`${inspections.id} asc nulls first`];

const client = alias(users, 'client');
const inspector = alias(users, 'inspector');

const summaryColumns = {
  inspection: {
    id: inspections.id,
    assignmentId: inspections.assignmentId,
    result: inspections.result,
    failedItems: inspections.failedItems,
    totalItems: inspections.totalItems,
    unitCount: inspections.unitCount,
    templateVersion: inspections.templateVersion,
    startedAt: inspections.startedAt,
    completedAt: inspections.completedAt,
    remarks: inspections.remarks,
  },
  site: {
    id: sites.id,
    name: sites.name,
    siteCode: sites.siteCode,
    city: sites.city,
    addressLine1: sites.addressLine1,
    addressLine2: sites.addressLine2,
    state: sites.state,
    pincode: sites.pincode,
  },
  client: { firstName: client.firstName, lastName: client.lastName, company: client.company },
  inspector: { id: inspector.id, firstName: inspector.firstName, lastName: inspector.lastName },
  category: {
    id: inspectionCategories.id,
    name: inspectionCategories.name,
    colour: inspectionCategories.colour,
  },
  template: { id: templates.id, name: templates.name },
};

export interface SummaryRow {
  inspection: {
    id: number;
    assignmentId: number;
    result: 'pass' | 'fail' | null;
    failedItems: number;
    totalItems: number;
    unitCount: number;
    templateVersion: number;
    startedAt: Date;
    completedAt: Date | null;
    remarks: string | null;
  };
  site: {
    id: number;
    name: string;
    siteCode: string;
    city: string | null;
    addressLine1: string | null;
    addressLine2: string | null;
    state: string | null;
    pincode: string | null;
  };
  client: { firstName: string; lastName: string; company: string | null } | null;
  inspector: { id: number; firstName: string; lastName: string };
  category: { id: number; name: string; colour: string };
  template: { id: number; name: string };
}

export interface DetailRow extends SummaryRow {
  answers: unknown;
  results: unknown;
  content: unknown;
  scheduledFor: string;
  dueOn: string;
}

function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The history conditions, all on `inspections` itself so the count needs no join. */
export function historyWhere(filter: HistoryFilter): SQL {
  const search = filter.search ? [searchCondition(filter.search)] : [];
  return and(filtersWithoutSearch(filter), ...search)!;
}

/** Matches of the search: a matching site or inspector, or the inspection id. */
function searchCondition(search: HistorySearch): SQL {
  const arms: SQL[] = [];
  if (search.siteIds.length)
    arms.push(siteCondition(inspections.siteId, search.siteIds, search.sitesBeyondIds));
  if (search.inspectorIds.length) arms.push(anyId(inspections.inspectorId, search.inspectorIds));
  if (search.inspectionId !== null) arms.push(eq(inspections.id, search.inspectionId));
  return arms.length ? (arms.length === 1 ? arms[0]! : or(...arms)!) : sql`false`;
}

function filtersWithoutSearch(filter: HistoryFilter): SQL {
  const conditions: SQL[] = [eq(inspections.status, 'completed')];
  if (filter.siteId) conditions.push(eq(inspections.siteId, filter.siteId));
  if (filter.inspectorId) conditions.push(eq(inspections.inspectorId, filter.inspectorId));
  if (filter.categoryId) conditions.push(eq(inspections.categoryId, filter.categoryId));
  if (filter.equipmentId) {
    conditions.push(
      inArray(
        inspections.id,
        sql`(select ${inspectionUnits.inspectionId} from ${inspectionUnits} where ${inspectionUnits.equipmentId} = ${filter.equipmentId})`,
      ),
    );
  }
  if (filter.result) conditions.push(eq(inspections.result, filter.result));
  if (filter.from) conditions.push(gte(inspections.completedAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(inspections.completedAt, new Date(`${nextDay(filter.to)}T00:00:00Z`)));
  return and(...conditions)!;
}

/** Completed inspections (history, detail, report, export): reads only, the inspector's side writes. */
export class InspectionsRepository {
  constructor(private readonly db: Executor) {}

  /** Sites whose code, name or city contain the term, the closest first (db/search-conditions.ts). */
  sitesMatching(term: string, limit: number): Promise<SiteMatches> {
    return rankedSitesMatching(this.db, term, limit);
  }

  /** Inspectors (live or not: history keeps former staff) whose full name contains the term. */
  inspectorsMatching(term: string, limit: number): Promise<RankedId[]> {
    return rankedInspectorsMatching(this.db, term, limit);
  }

  private selectSummary() {
    return this.db
      .select(summaryColumns)
      .from(inspections)
      .innerJoin(sites, eq(sites.id, inspections.siteId))
      .leftJoin(client, eq(client.id, sites.clientId))
      .innerJoin(inspector, eq(inspector.id, inspections.inspectorId))
      .innerJoin(inspectionCategories, eq(inspectionCategories.id, inspections.categoryId))
      .innerJoin(templates, eq(templates.id, inspections.templateId));
  }

  private orderBy(sort: string | undefined): SQL[] {
    // Default newest first: (completed_at desc, id desc) is the order of every partial history index.
    const { field, desc: descending } = sort
      ? parseSort<HistorySortField>(sort, 'completedAt')
      : { field: 'completedAt' as const, desc: true };
    const dir = descending ? desc : asc;
    switch (field) {
      case 'site':
        return [dir(sql`lower(${sites.name})`), ...newestFirst];
      case 'inspector':
        return [dir(sql`lower(${inspector.firstName} || ' ' || ${inspector.lastName})`), ...newestFirst];
      case 'result':
        return [dir(inspections.result), ...newestFirst];
      default:
        return descending ? newestFirst : oldestFirst;
    }
  }

  async history(
    filter: HistoryFilter,
    paging: { offset: number; limit: number; sort?: string | undefined },
  ): Promise<{ rows: SummaryRow[]; total: number; capped: boolean }> {
    const where = historyWhere(filter);
    const relevance = filter.search && (!paging.sort || paging.sort.replace(/^-/, '') === 'relevance');
    // Relevance means nothing without a term: newest first then.
    const sort = paging.sort?.replace(/^-/, '') === 'relevance' ? undefined : paging.sort;
    const order = this.orderBy(sort);
    const field = sort?.replace(/^-/, '') ?? 'completedAt';
    let rows: SummaryRow[];
    if (relevance && filter.search) {
      rows = await this.summariesOfPage(
        this.relevancePageIds(filter, filter.search, paging.offset, paging.limit),
      );
    } else if (field === 'completedAt' || field === 'result') {
      // The page's ids first, from `inspections` alone: an ordered range of a partial index that stops
      // after `limit` rows. Joined to the names as tables, PostgreSQL would rather hash-join every
      // match and sort (3 s for an unfiltered first page at a million rows); as `pageIds`' array
      // they are a plan of their own, run before the join.
      rows = await this.summariesOfPage(
        this.db
          .select({ id: inspections.id })
          .from(inspections)
          .where(where)
          .orderBy(...order)
          .offset(paging.offset)
          .limit(paging.limit)
          .getSQL(),
      );
    } else {
      rows = (await this.selectSummary()
        .where(where)
        .orderBy(...order)
        .offset(paging.offset)
        .limit(paging.limit)) as SummaryRow[];
    }
    // A short page is the last one: the total is known without counting (a site, a search).
    if (rows.length > 0 && rows.length < paging.limit) {
      return { rows, total: paging.offset + rows.length, capped: false };
    }
    if (rows.length === 0 && paging.offset === 0) return { rows, total: 0, capped: false };
    return { rows, ...(await this.countCapped(where, !filter.search)) };
  }

  /**
   * The page in relevance order: the inspection id or an exact SiteId no. (rank 0), then a site or
   * inspector that starts with the term (1), then every other match (2), newest first within a rank.
   * The ranks are disjoint conditions on `inspections` alone, each its own arm cut at offset + limit
   * in the order of the partial history indexes, so each is read off `inspections_site_completed_idx`
   * / `inspections_inspector_completed_idx` (a few sites: their newest rows) or off
   * `inspections_completed_idx` backwards until enough match (a word in hundreds of sites: a few
   * hundred rows), never by ranking every match.
   */
  private relevancePageIds(filter: HistoryFilter, search: HistorySearch, offset: number, limit: number): SQL {
    const filters = filtersWithoutSearch(filter);
    const window = offset + limit;
    const exact = or(
      anyId(inspections.siteId, search.exactSiteIds),
      search.inspectionId !== null ? eq(inspections.id, search.inspectionId) : sql`false`,
    )!;
    const prefix = or(
      anyId(inspections.siteId, search.prefixSiteIds),
      anyId(inspections.inspectorId, search.prefixInspectorIds),
    )!;
    // The rest: the sites and inspectors not already ranked (an inspection there can still have a
    // closer site or inspector, hence the `not` tests), so a prefix term reads its rows only once.
    const closer = new Set([...search.exactSiteIds, ...search.prefixSiteIds]);
    const prefixInspectors = new Set(search.prefixInspectorIds);
    const restSiteIds = search.siteIds.filter((id) => !closer.has(id));
    const restInspectorIds = search.inspectorIds.filter((id) => !prefixInspectors.has(id));
    // Past the resolved ids, the rest is every site containing the term (the `not` tests below keep
    // the closer ones out), read in date order: no per-site read then.
    const beyond = search.sitesBeyondIds;
    const rest = or(
      siteCondition(inspections.siteId, restSiteIds, beyond),
      anyId(inspections.inspectorId, restInspectorIds),
    )!;
    const arm = (rank: number, condition: SQL, keys: { sites: number[]; inspectors: number[] } | null) => {
      const perKey = keys
        ? [
            { column: inspections.siteId, ids: keys.sites },
            { column: inspections.inspectorId, ids: keys.inspectors },
          ]
        : null;
      if (perKeyCount(perKey) === 0)
        return sql`(
      select ${inspections.id} as id, ${inspections.completedAt} as completed_at, ${rank}::int as rank
      from ${inspections} where ${and(filters, condition)}
      order by ${sql.join(newestFirst, sql`, `)} limit ${window})`;
      // A few sites or inspectors: each one's newest `window` rows off its own history index, merged.
      return firstRowsPerKey({
        from: inspections,
        columns: [
          ['id', inspections.id],
          ['completed_at', inspections.completedAt],
        ],
        where: and(filters, condition),
        keys: perKey!,
        order: newestFirst,
        mergedOrder: sql`completed_at desc nulls last, id desc nulls last`,
        window,
        rank,
      });
    };
    return sql`
      select id from (
        ${arm(0, exact, search.inspectionId === null ? { sites: search.exactSiteIds, inspectors: [] } : null)}
        union all ${arm(1, and(prefix, sql`not (${exact})`)!, { sites: search.prefixSiteIds, inspectors: search.prefixInspectorIds })}
        union all ${arm(2, and(rest, sql`not (${exact})`, sql`not (${prefix})`)!, beyond === null ? { sites: restSiteIds, inspectors: restInspectorIds } : null)}
      ) as arms
      order by rank, completed_at desc, id desc
      limit ${limit} offset ${offset}`;
  }

  /**
   * Matches of `where`, exact up to HISTORY_COUNT_CAP (an index-only scan that stops one row past
   * it, so "exactly the cap" and "more than the cap" stay apart).
   */
  async countCapped(where: SQL, inIndexOrder = true): Promise<{ total: number; capped: boolean }> {
    const result = await this.db.execute<{ total: number }>(
      // Without a search: ordered like the partial indexes, so the count is an index-only scan of
      // `inspections_completed_idx` (or the result's, site's…) that stops at the cap. With a search
      // (id lists): unordered, so the matching sites' and inspectors' own indexes are read index-only
      // until the cap; in that order PostgreSQL read the newest-first index and fetched every row it
      // skipped (52,000 rows, 560 ms for a word in 400 of 2,000 sites, against 9 ms).
      inIndexOrder
        ? sql`select count(*)::int as total from (select 1 from ${inspections} where ${where} order by ${sql.join(newestFirst, sql`, `)} limit ${HISTORY_COUNT_CAP + 1}) as matched`
        : sql`select count(*)::int as total from (select 1 from ${inspections} where ${where} limit ${HISTORY_COUNT_CAP + 1}) as matched`,
    );
    const [row] = (result as unknown as { rows: Array<{ total: number }> }).rows;
    return cappedTotal(Number(row?.total ?? 0), HISTORY_COUNT_CAP);
  }

  /** Every match of the filter, exactly (exports: the audited row count). */
  async count(filter: HistoryFilter): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(inspections)
      .where(historyWhere(filter));
    return Number(row?.total ?? 0);
  }

  /** One batch of the filtered history in its default order, after a keyset position (exports). */
  async historyBatchAfter(
    filter: HistoryFilter,
    after: { completedAt: Date; id: number } | null,
    limit: number,
  ): Promise<SummaryRow[]> {
    const where = after
      ? and(
          historyWhere(filter),
          sql`(${inspections.completedAt}, ${inspections.id}) < (${after.completedAt.toISOString()}::timestamptz, ${after.id})`,
        )
      : historyWhere(filter);
    // As the history's page: the batch's ids off the index, then their names.
    return this.summariesOfPage(
      this.db
        .select({ id: inspections.id })
        .from(inspections)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .getSQL(),
    );
  }

  /**
   * The summaries of a page whose ids `ids` selects (off an index, in the wanted order), joined for
   * their names, in that order: one statement (`pageIds`).
   */
  private async summariesOfPage(ids: SQL): Promise<SummaryRow[]> {
    return (await this.selectSummary()
      .innerJoin(pageIds(ids), onPageId(inspections.id))
      .orderBy(pageIdsOrder)) as SummaryRow[];
  }

  /** A completed inspection with what its detail and report show; undefined when none or not completed. */
  async findCompleted(id: number): Promise<DetailRow | undefined> {
    const [row] = await this.db
      .select(
        withFields(summaryColumns, {
          answers: inspections.answers,
          results: inspections.results,
          content: templateVersions.content,
          scheduledFor: assignments.scheduledFor,
          dueOn: assignments.dueOn,
        }),
      )
      .from(inspections)
      .innerJoin(sites, eq(sites.id, inspections.siteId))
      .leftJoin(client, eq(client.id, sites.clientId))
      .innerJoin(inspector, eq(inspector.id, inspections.inspectorId))
      .innerJoin(inspectionCategories, eq(inspectionCategories.id, inspections.categoryId))
      .innerJoin(templates, eq(templates.id, inspections.templateId))
      .innerJoin(assignments, eq(assignments.id, inspections.assignmentId))
      .innerJoin(
        templateVersions,
        and(
          eq(templateVersions.templateId, inspections.templateId),
          eq(templateVersions.version, inspections.templateVersion),
        ),
      )
      .where(and(eq(inspections.id, id), eq(inspections.status, 'completed')))
      .limit(1);
    return row as DetailRow | undefined;
  }

  /** The units an inspection covered, as they are now (name, tag, serial, type). */
  async unitsByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
        serialNumber: equipment.serialNumber,
        type: equipmentTypes.name,
      })
      .from(equipment)
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(inArray(equipment.id, ids));
  }

  /** Completed inspections at a site, newest first (the partial site index), and how many. */
  async siteHistory(siteId: number, offset: number, limit: number) {
    return this.history({ siteId }, { offset, limit });
  }
}
