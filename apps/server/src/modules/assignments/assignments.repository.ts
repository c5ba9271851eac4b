import { LIST_COUNT_CAP } from '@inspecta/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  anyId,
  containsPattern,
  countCappedInOrder,
  escapeLike,
  firstRowsPerKey,
  onPageId,
  pageIds,
  pageIdsOrder,
  perKeyCount,
} from '../../db/query-helpers.js';
import {
  assignmentEquipment,
  assignments,
  equipment,
  inspectionCategories,
  sites,
  templates,
  users,
} from '../../db/schema.js';
import {
  type RankedId,
  rankedInspectorsMatching,
  rankedSitesMatching,
  siteCondition,
} from '../../db/search-conditions.js';

export type AssignmentRow = typeof assignments.$inferSelect;

export interface AssignmentWithRefs {
  assignment: AssignmentRow;
  site: { id: number; name: string; siteCode: string; city: string | null };
  inspector: { id: number; firstName: string; lastName: string; email: string };
  category: { id: number; name: string; colour: string };
  template: { id: number; name: string };
  equipment: { id: number; name: string; assetTag: string }[];
}

/** What the assignment list and its export filter by. */
export interface AssignmentFilter {
  search?: string | undefined;
  status: 'active' | 'assigned' | 'in_progress' | 'completed' | 'cancelled' | 'all';
  inspectorId?: number | undefined;
  siteId?: number | undefined;
  overdue?: boolean | undefined;
  /** Only these assignments (an export of the selected rows). */
  ids?: number[] | undefined;
  today: string;
}

export interface AssignmentListFilter extends AssignmentFilter {
  sort?: string | undefined;
  offset: number;
  limit: number;
}

const OPEN = ['assigned', 'in_progress'] as const;

/** The list counts exactly up to this many (contract: "10,000+" beyond). */
const ASSIGNMENT_COUNT_CAP = LIST_COUNT_CAP;
/** A search looks in at most this many matching sites, inspectors and templates, the closest first. */
const SEARCH_SITE_LIMIT = 500;
const SEARCH_INSPECTOR_LIMIT = 200;
const SEARCH_TEMPLATE_LIMIT = 200;

/**
 * A search resolved to ids before the list reads `assignments` (so every condition is on that table
 * and its indexes, and PostgreSQL estimates each id list from its statistics): the matching sites,
 * inspectors and templates, the assignment id, and which match closely (relevance order).
 */
interface ResolvedSearch {
  siteIds: number[];
  /** Set when more sites match than `siteIds` holds: every site containing this term (a sub-select). */
  sitesBeyondIds: string | null;
  inspectorIds: number[];
  templateIds: number[];
  assignmentId: number | null;
  /** Rank 0: the id or an exact SiteId no. */
  exactSiteIds: number[];
  /** Rank 1: a SiteId no., site name, city, inspector name or template name starting with the term. */
  prefixSiteIds: number[];
  prefixInspectorIds: number[];
  prefixTemplateIds: number[];
}

/** Matches of a resolved search: a matching site, inspector or template, or the assignment id. */
function matchCondition(search: ResolvedSearch): SQL {
  return or(
    siteCondition(assignments.siteId, search.siteIds, search.sitesBeyondIds),
    anyId(assignments.inspectorId, search.inspectorIds),
    anyId(assignments.templateId, search.templateIds),
    search.assignmentId !== null ? eq(assignments.id, search.assignmentId) : sql`false`,
  )!;
}

export function isOpenStatus(status: string): boolean {
  return (OPEN as readonly string[]).includes(status);
}

const priorityRank = sql`case ${assignments.priority} when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;

export class AssignmentsRepository {
  constructor(private readonly db: Executor) {}

  /** The search's sites, inspectors and templates, resolved to ids (db/search-conditions.ts). */
  private async resolveSearch(term: string | undefined): Promise<ResolvedSearch | undefined> {
    const search = term?.trim();
    if (!search) return undefined;
    const prefix = `${escapeLike(search.toLowerCase())}%`;
    const [matchedSites, matchedInspectors, matchedTemplates] = await Promise.all([
      rankedSitesMatching(this.db, search, SEARCH_SITE_LIMIT),
      rankedInspectorsMatching(this.db, search, SEARCH_INSPECTOR_LIMIT),
      this.db
        .select({ id: templates.id, prefix: sql<boolean>`lower(${templates.name}) like ${prefix}` })
        .from(templates)
        .where(ilike(templates.name, containsPattern(search)))
        .orderBy(sql`2 desc`, asc(templates.id))
        .limit(SEARCH_TEMPLATE_LIMIT),
    ]);
    const ranked = (ids: RankedId[], rank: number) => ids.filter((r) => r.rank === rank).map((r) => r.id);
    const id = /^#?(\d{1,9})$/.exec(search)?.[1];
    return {
      siteIds: matchedSites.ranked.map((r) => r.id),
      sitesBeyondIds: matchedSites.beyondIds,
      inspectorIds: matchedInspectors.map((r) => r.id),
      templateIds: matchedTemplates.map((r) => r.id),
      assignmentId: id ? Number(id) : null,
      exactSiteIds: ranked(matchedSites.ranked, 0),
      prefixSiteIds: ranked(matchedSites.ranked, 1),
      prefixInspectorIds: ranked(matchedInspectors, 1),
      prefixTemplateIds: matchedTemplates.filter((t) => t.prefix).map((t) => t.id),
    };
  }

  private async where(filter: AssignmentFilter): Promise<SQL | undefined> {
    return this.conditions(filter, await this.resolveSearch(filter.search));
  }

  /** The filter's conditions, all on `assignments` itself (no join needed to count). */
  private conditions(filter: AssignmentFilter, search: ResolvedSearch | undefined): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.status === 'active') conditions.push(inArray(assignments.status, [...OPEN]));
    else if (filter.status !== 'all') conditions.push(eq(assignments.status, filter.status));
    if (filter.overdue === true)
      conditions.push(inArray(assignments.status, [...OPEN]), lt(assignments.dueOn, filter.today));
    if (filter.overdue === false)
      conditions.push(
        or(
          sql`${assignments.status} not in ('assigned', 'in_progress')`,
          sql`${assignments.dueOn} >= ${filter.today}::date`,
        )!,
      );
    if (filter.inspectorId) conditions.push(eq(assignments.inspectorId, filter.inspectorId));
    if (filter.siteId) conditions.push(eq(assignments.siteId, filter.siteId));
    if (filter.ids) conditions.push(inArray(assignments.id, filter.ids));
    if (search) conditions.push(matchCondition(search));
    return conditions.length ? and(...conditions) : undefined;
  }

  private orderBy(sort: string | undefined): SQL[] {
    const field = sort?.replace(/^-/, '') ?? 'dueOn';
    const dir = sort?.startsWith('-') ? desc : asc;
    const column =
      field === 'scheduledFor'
        ? assignments.scheduledFor
        : field === 'priority'
          ? priorityRank
          : field === 'createdAt'
            ? assignments.createdAt
            : field === 'site'
              ? sql`lower(${sites.name})`
              : field === 'inspector'
                ? sql`lower(${users.firstName} || ' ' || ${users.lastName})`
                : assignments.dueOn;
    return [dir(column), dir(assignments.id)];
  }

  private selectWithRefs() {
    return this.db
      .select({
        assignment: assignments,
        site: { id: sites.id, name: sites.name, siteCode: sites.siteCode, city: sites.city },
        inspector: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        category: {
          id: inspectionCategories.id,
          name: inspectionCategories.name,
          colour: inspectionCategories.colour,
        },
        template: { id: templates.id, name: templates.name },
      })
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .innerJoin(inspectionCategories, eq(inspectionCategories.id, assignments.categoryId))
      .innerJoin(templates, eq(templates.id, assignments.templateId));
  }

  private async withEquipment(rows: Omit<AssignmentWithRefs, 'equipment'>[]): Promise<AssignmentWithRefs[]> {
    if (!rows.length) return [];
    const units = await this.db
      .select({
        assignmentId: assignmentEquipment.assignmentId,
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
      })
      .from(assignmentEquipment)
      .innerJoin(equipment, eq(equipment.id, assignmentEquipment.equipmentId))
      .where(
        inArray(
          assignmentEquipment.assignmentId,
          rows.map((r) => r.assignment.id),
        ),
      )
      .orderBy(asc(equipment.assetTag));
    const byAssignment = new Map<number, AssignmentWithRefs['equipment']>();
    for (const unit of units) {
      const list = byAssignment.get(unit.assignmentId) ?? [];
      list.push({ id: unit.id, name: unit.name, assetTag: unit.assetTag });
      byAssignment.set(unit.assignmentId, list);
    }
    return rows.map((r) => withFields(r, { equipment: byAssignment.get(r.assignment.id) ?? [] }));
  }

  /**
   * A page and the matches, counted exactly up to ASSIGNMENT_COUNT_CAP (`capped` beyond). While
   * searching with no column sort the page is in relevance order (`relevancePageIds`).
   */
  async list(
    filter: AssignmentListFilter,
  ): Promise<{ rows: AssignmentWithRefs[]; total: number; capped: boolean }> {
    const search = await this.resolveSearch(filter.search);
    const where = this.conditions(filter, search);
    const relevance = search && (!filter.sort || filter.sort.replace(/^-/, '') === 'relevance');
    const sort = filter.sort?.replace(/^-/, '') === 'relevance' ? undefined : filter.sort;
    const page = relevance
      ? // The ranked ids and their rows in one statement (`pageIds`).
        this.selectWithRefs()
          .innerJoin(
            pageIds(this.relevancePageIds(filter, search, filter.offset, filter.limit)),
            onPageId(assignments.id),
          )
          .orderBy(pageIdsOrder)
      : this.selectWithRefs()
          .where(where)
          .orderBy(...this.orderBy(sort))
          .offset(filter.offset)
          .limit(filter.limit);
    const [rows, counted] = await Promise.all([
      page,
      // Not materialized and, with a search, unordered: the id lists are estimated well, so PostgreSQL
      // reads a rare term's rows by site or inspector and stops a common term's scan at the cap. (In
      // due-date order it read the due index and fetched every row it skipped: 50,000 for a word in
      // 400 of 2,000 sites.) Without a search, in `assignments_due_idx` order as before.
      countCappedInOrder(
        this.db,
        sql`${assignments}`,
        where,
        search ? undefined : sql`${assignments.dueOn}, ${assignments.id}`,
        ASSIGNMENT_COUNT_CAP,
      ),
    ]);
    return { rows: await this.withEquipment(rows), ...counted };
  }

  /**
   * The page in relevance order: the assignment id or an exact SiteId no. (rank 0), then a site,
   * inspector or template starting with the term (1), then every other match (2); due first within
   * a rank (the list's default order). The ranks are disjoint conditions on `assignments` alone,
   * each its own arm cut at offset + limit, so none ranks every match.
   */
  private relevancePageIds(
    filter: AssignmentFilter,
    search: ResolvedSearch,
    offset: number,
    limit: number,
  ): SQL {
    const filters = this.conditions(filter, undefined);
    const window = offset + limit;
    const exact = or(
      anyId(assignments.siteId, search.exactSiteIds),
      search.assignmentId !== null ? eq(assignments.id, search.assignmentId) : sql`false`,
    )!;
    const prefix = or(
      anyId(assignments.siteId, search.prefixSiteIds),
      anyId(assignments.inspectorId, search.prefixInspectorIds),
      anyId(assignments.templateId, search.prefixTemplateIds),
    )!;
    // The rest: the sites, inspectors and templates not already ranked, so a prefix term reads its
    // rows once (an assignment there can still have a closer site or inspector: the `not` tests).
    const without = (ids: number[], ranked: number[]) => ids.filter((id) => !ranked.includes(id));
    const restSiteIds = without(search.siteIds, [...search.exactSiteIds, ...search.prefixSiteIds]);
    const restInspectorIds = without(search.inspectorIds, search.prefixInspectorIds);
    const restTemplateIds = without(search.templateIds, search.prefixTemplateIds);
    // Past the resolved ids, the rest is every site containing the term (the `not` tests keep the
    // closer ones out), read in due order: no per-site read then.
    const beyond = search.sitesBeyondIds;
    const rest = or(
      siteCondition(assignments.siteId, restSiteIds, beyond),
      anyId(assignments.inspectorId, restInspectorIds),
      anyId(assignments.templateId, restTemplateIds),
    )!;
    const arm = (
      rank: number,
      condition: SQL,
      keys: { sites: number[]; inspectors: number[]; templates: number[] } | null,
    ) => {
      const where = and(filters, condition);
      const perKey = keys
        ? [
            { column: assignments.siteId, ids: keys.sites },
            { column: assignments.inspectorId, ids: keys.inspectors },
            { column: assignments.templateId, ids: keys.templates },
          ]
        : null;
      if (perKeyCount(perKey) === 0)
        return sql`(
      select ${assignments.id} as id, ${assignments.dueOn} as due_on, ${rank}::int as rank
      from ${assignments} where ${where}
      order by ${assignments.dueOn}, ${assignments.id} limit ${window})`;
      // A few sites, inspectors or templates: each one's first `window` rows off its own due index
      // (`assignments_site_due_idx`, `…_inspector_due_idx`, `…_template_due_idx`), merged. Read in
      // `assignments_due_idx` order instead, one inspector's work (1% of a million rows) took 2,000
      // rows to find 20.
      return firstRowsPerKey({
        from: assignments,
        columns: [
          ['id', assignments.id],
          ['due_on', assignments.dueOn],
        ],
        where,
        keys: perKey!,
        order: [sql`${assignments.dueOn}`, sql`${assignments.id}`],
        mergedOrder: sql`due_on, id`,
        window,
        rank,
      });
    };
    return sql`
      select id from (
        ${arm(0, exact, search.assignmentId === null ? { sites: search.exactSiteIds, inspectors: [], templates: [] } : null)}
        union all ${arm(1, and(prefix, sql`not (${exact})`)!, { sites: search.prefixSiteIds, inspectors: search.prefixInspectorIds, templates: search.prefixTemplateIds })}
        union all ${arm(2, and(rest, sql`not (${exact})`, sql`not (${prefix})`)!, beyond === null ? { sites: restSiteIds, inspectors: restInspectorIds, templates: restTemplateIds } : null)}
      ) as arms
      order by rank, due_on, id
      limit ${limit} offset ${offset}`;
  }

  /** Every match, exactly (an export's row count). */
  async count(filter: AssignmentFilter): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .innerJoin(templates, eq(templates.id, assignments.templateId))
      .where(await this.where(filter));
    return row?.total ?? 0;
  }

  /** One batch of the filtered list in id order after `afterId`, with its units (exports). */
  async batchAfter(filter: AssignmentFilter, afterId: number, size: number): Promise<AssignmentWithRefs[]> {
    const where = await this.where(filter);
    const rows = await this.selectWithRefs()
      .where(where ? and(where, gt(assignments.id, afterId)) : gt(assignments.id, afterId))
      .orderBy(asc(assignments.id))
      .limit(size);
    return this.withEquipment(rows);
  }

  async findById(id: number): Promise<AssignmentWithRefs | undefined> {
    const rows = await this.selectWithRefs().where(eq(assignments.id, id)).limit(1);
    const [row] = await this.withEquipment(rows);
    return row;
  }

  async lockById(id: number): Promise<AssignmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assignments)
      .where(eq(assignments.id, id))
      .for('update')
      .limit(1);
    return row;
  }

  async equipmentIdsOf(id: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: assignmentEquipment.equipmentId })
      .from(assignmentEquipment)
      .where(eq(assignmentEquipment.assignmentId, id))
      .orderBy(asc(assignmentEquipment.equipmentId));
    return rows.map((r) => r.id);
  }

  async insert(values: typeof assignments.$inferInsert, equipmentIds: number[]): Promise<AssignmentRow> {
    const [row] = await this.db.insert(assignments).values(values).returning();
    await this.replaceEquipment(row!.id, equipmentIds);
    return row!;
  }

  async update(id: number, values: Partial<typeof assignments.$inferInsert>): Promise<void> {
    await this.db
      .update(assignments)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(assignments.id, id));
  }

  async replaceEquipment(id: number, equipmentIds: number[]): Promise<void> {
    await this.db.delete(assignmentEquipment).where(eq(assignmentEquipment.assignmentId, id));
    if (equipmentIds.length)
      await this.db
        .insert(assignmentEquipment)
        .values(equipmentIds.map((equipmentId) => ({ assignmentId: id, equipmentId })));
  }

  /** Active inspectors with their open-assignment counts, least busy first. */
  async inspectorsWithWorkload(search: string | undefined) {
    const open = sql<number>`(select count(*)::int from ${assignments} a where a.inspector_id = ${users}.id and a.status in ('assigned', 'in_progress'))`;
    const conditions: SQL[] = [
      eq(users.userType, 'inspector'),
      eq(users.status, 'active'),
      sql`${users.deletedAt} is null`,
    ];
    if (search) {
      const pattern = containsPattern(search);
      conditions.push(
        or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern))!,
      );
    }
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        openAssignments: open,
      })
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(open), asc(users.firstName), asc(users.lastName))
      .limit(200);
  }

  async findInspector(id: number) {
    const [row] = await this.db
      .select({ id: users.id, userType: users.userType, status: users.status, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async findSite(id: number) {
    const [row] = await this.db
      .select({ id: sites.id, status: sites.status, name: sites.name })
      .from(sites)
      .where(eq(sites.id, id))
      .limit(1);
    return row;
  }

  async findCategory(id: number) {
    const [row] = await this.db
      .select({ id: inspectionCategories.id, active: inspectionCategories.active })
      .from(inspectionCategories)
      .where(eq(inspectionCategories.id, id))
      .limit(1);
    return row;
  }

  async findTemplate(id: number) {
    const [row] = await this.db
      .select({
        id: templates.id,
        status: templates.status,
        publishedVersion: templates.publishedVersion,
        categoryId: templates.categoryId,
        archivedAt: templates.archivedAt,
      })
      .from(templates)
      .where(eq(templates.id, id))
      .limit(1);
    return row;
  }

  /** The site's units that an inspection covers (not retired), by asset tag. */
  async siteEquipmentIds(siteId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.siteId, siteId), sql`${equipment.status} <> 'retired'`))
      .orderBy(asc(equipment.assetTag));
    return rows.map((r) => r.id);
  }

  /** Which of these units are at the site (the rest belong elsewhere or do not exist). */
  async unitsAtSite(siteId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.siteId, siteId), inArray(equipment.id, ids)));
    return new Set(rows.map((r) => r.id));
  }
}
