import type { SiteSort, SiteStatus } from '@inspecta/contract';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { assignments, equipment, inspections, sites, users } from '../../db/schema.js';
import { type MatchingClients, matchingClients, siteSearchCondition } from '../../db/search-conditions.js';

export type SiteRow = typeof sites.$inferSelect;
export type SiteInsert = typeof sites.$inferInsert;
export type ClientRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'company' | 'email' | 'phone' | 'status' | 'userType' | 'deletedAt'
>;

export interface SiteWithClient {
  site: SiteRow;
  client: ClientRow | null;
}

export interface SiteListFilter {
  search?: string | undefined;
  status?: SiteStatus | undefined;
  clientId?: number | undefined;
  city?: string | undefined;
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
  const value = sort ?? '-createdAt';
  const descending = value.startsWith('-');
  const column = SORT_COLUMNS[(descending ? value.slice(1) : value) as keyof typeof SORT_COLUMNS];
  const direction = descending ? desc : asc;
  // The id breaks ties, so paging is stable.
  return [direction(column), direction(sites.id)];
}

export class SitesRepository {
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
  private conditions(plan: SearchPlan, withStatus: boolean): SQL | undefined {
    const { filter } = plan;
    const parts: SQL[] = [];
    if (filter.search) parts.push(siteSearchCondition(this.db, filter.search, plan.clientIds));
    if (filter.clientId !== undefined) parts.push(eq(sites.clientId, filter.clientId));
    if (filter.city) parts.push(sql`lower(${sites.city}) = ${filter.city.toLowerCase()}`);
    if (withStatus && filter.status) parts.push(eq(sites.status, filter.status));
    return parts.length ? and(...parts) : undefined;
  }

  async list(
    plan: SearchPlan,
    sort: SiteSort | undefined,
    offset: number,
    limit: number,
  ): Promise<SiteWithClient[]> {
    return this.db
      .select({ site: sites, client: clientColumns })
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
      .select({ site: sites, client: clientColumns })
      .from(sites)
      .leftJoin(users, eq(users.id, sites.clientId))
      .where(where ? and(where, gt(sites.id, afterId)) : gt(sites.id, afterId))
      .orderBy(asc(sites.id))
      .limit(size);
  }

  /**
   * A search's page and counts from one pass over the matches: the trigram scan runs once, into a
   * materialized set holding just id, status and the sort key; the counts and the page's ids come
   * from it, and the page's rows are then read by primary key. (Without a search term the plain
   * `list` + `countByStatus` are cheaper: the page then comes straight off an ordered index.)
   */
  async searchPage(
    plan: SearchPlan,
    sort: SiteSort | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: SiteWithClient[]; counts: Record<SiteStatus, number> }> {
    const value = sort ?? '-createdAt';
    const descending = value.startsWith('-');
    const sortColumn = SORT_COLUMNS[(descending ? value.slice(1) : value) as keyof typeof SORT_COLUMNS];
    const direction = sql.raw(descending ? 'desc' : 'asc');
    const where = this.conditions(plan, false);
    const status = plan.filter.status;
    const result = await this.db.execute<{ counts: unknown; ids: unknown }>(sql`
      with matched as materialized (
        select ${sites.id} as id, ${sites.status} as status, ${sortColumn} as sort_key
        from ${sites} ${where ? sql`where ${where}` : sql``}
      )
      select
        (select coalesce(json_agg(json_build_array(c.status, c.n)), '[]'::json)
           from (select status, count(*)::int as n from matched group by status) c) as counts,
        (select coalesce(json_agg(p.id order by p.sort_key ${direction}, p.id ${direction}), '[]'::json)
           from (select id, sort_key from matched
                 ${status ? sql`where status = ${status}` : sql``}
                 order by sort_key ${direction}, id ${direction}
                 limit ${limit} offset ${offset}) p) as ids`);
    const [row] = (result as unknown as { rows: Array<{ counts: unknown; ids: unknown }> }).rows;
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    const counts: Record<SiteStatus, number> = { draft: 0, active: 0, inactive: 0 };
    for (const [key, n] of parse(row?.counts ?? []) as Array<[SiteStatus, number]>) counts[key] = Number(n);
    const ids = (parse(row?.ids ?? []) as number[]).map(Number);
    if (ids.length === 0) return { rows: [], counts };
    const found = await this.db
      .select({ site: sites, client: clientColumns })
      .from(sites)
      .leftJoin(users, eq(users.id, sites.clientId))
      .where(inArray(sites.id, ids));
    const byId = new Map(found.map((r) => [r.site.id, r]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), counts };
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
      .select({ site: sites, client: clientColumns })
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
        site: sites,
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
