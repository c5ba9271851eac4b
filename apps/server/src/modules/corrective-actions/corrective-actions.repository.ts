import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { anyId, containsPattern, escapeLike } from '../../db/query-helpers.js';
import {
  assignments,
  correctiveActionComments,
  correctiveActionEvents,
  correctiveActionReinspections,
  correctiveActionSearchText,
  correctiveActions,
  equipment,
  equipmentSearchText,
  inspections,
  shopProductEquipmentTypes,
  shopProducts,
  sites,
  templates,
  templateVersions,
  users,
} from '../../db/schema.js';
import { rankedSitesMatching, siteCondition } from '../../db/search-conditions.js';

export type ActionRow = typeof correctiveActions.$inferSelect;
export type NewActionRow = typeof correctiveActions.$inferInsert;
const OPEN = ['open', 'in_progress'] as const;
const DONE = ['resolved', 'verified'] as const;
/** How many matches (in due order) a relevance-ordered search ranks. */
const RELEVANCE_WINDOW = 2_000;
/** How many prefix matches (in due order) are ranked besides that window, wherever they fall. */
const PREFIX_WINDOW = 200;
/** How many sites and units a term is resolved to before the actions are read (the history's 500). */
const SEARCH_IDS = 500;

export interface ActionFilter {
  search?: string | undefined;
  view: 'all' | 'open' | 'overdue' | 'mine' | 'resolved';
  status?: ActionRow['status'] | undefined;
  priority?: ActionRow['priority'] | undefined;
  siteId?: number | undefined;
  equipmentId?: number | undefined;
  ownerId?: number | undefined;
  inspectionId?: number | undefined;
  /** Only the actions at this client's sites (the client portal). */
  clientId?: number | undefined;
  /** The caller, for `mine`; an inspector's list is always limited to their own. */
  me: number;
  today: string;
}

const owner = alias(users, 'owner');

/** What a term names besides the actions' own text (issue 22): every id, and the exact and prefix ones. */
interface SearchIds {
  siteIds: number[];
  /** Set when more sites match than `siteIds` holds: every site containing this term is matched. */
  sitesBeyondIds: string | null;
  unitIds: number[];
  exact: { siteIds: number[]; unitIds: number[] };
  prefix: { siteIds: number[]; unitIds: number[] };
}

/** The columns a list row needs. */
function rowColumns() {
  return {
    action: correctiveActions,
    site: { id: sites.id, name: sites.name, siteCode: sites.siteCode, clientId: sites.clientId },
    equipment: {
      id: equipment.id,
      name: equipment.name,
      assetTag: equipment.assetTag,
      equipmentTypeId: equipment.equipmentTypeId,
    },
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, userType: owner.userType },
  };
}
export type ActionWithRefs = {
  action: ActionRow;
  site: { id: number; name: string; siteCode: string; clientId: number | null };
  equipment: { id: number; name: string; assetTag: string; equipmentTypeId: number } | null;
  owner: {
    id: number;
    firstName: string;
    lastName: string;
    userType: 'admin' | 'inspector' | 'client';
  } | null;
};

export class CorrectiveActionsRepository {
  constructor(private readonly db: Executor) {}

  /** The filter's conditions; `withSearch: false` leaves out the term's (an arm states its own). */
  private conditions(f: ActionFilter, withSearch = true): SQL[] {
    const where: SQL[] = [];
    const a = correctiveActions;
    if (f.view === 'open') where.push(inArray(a.status, [...OPEN]));
    if (f.view === 'overdue') where.push(inArray(a.status, [...OPEN]), lt(a.dueOn, f.today));
    if (f.view === 'resolved') where.push(inArray(a.status, [...DONE]));
    if (f.view === 'mine') where.push(eq(a.ownerId, f.me));
    if (f.status) where.push(eq(a.status, f.status));
    if (f.priority) where.push(eq(a.priority, f.priority));
    if (f.siteId) where.push(eq(a.siteId, f.siteId));
    if (f.equipmentId) where.push(eq(a.equipmentId, f.equipmentId));
    if (f.ownerId) where.push(eq(a.ownerId, f.ownerId));
    if (f.inspectionId) where.push(eq(a.inspectionId, f.inspectionId));
    if (f.clientId)
      where.push(
        sql`${a.siteId} in (select ${sites.id} from ${sites} where ${sites.clientId} = ${f.clientId})`,
      );
    if (f.search && withSearch) {
      const pattern = containsPattern(f.search);
      const found = this.resolvedFor(f);
      // Every arm on an index (the trigram index, the site and the unit indexes), so PostgreSQL can
      // OR them as bitmaps: an `in (select …)` arm made it read every action and test each. Past 500
      // sites it is that sub-select all the same: the 500 ids were an arbitrary few of the sites (no
      // action found at the others), and so many sites' actions are read early in due order anyway
      // (an `= any(array(select …))` arm, still a bitmap, took 2.5 s for a term in all 2,000 sites).
      const either: SQL[] = [
        sql`${correctiveActionSearchText(a)} ilike ${pattern}`,
        siteCondition(a.siteId, found.siteIds, found.sitesBeyondIds),
        anyId(a.equipmentId, found.unitIds),
      ];
      const id = /^#?(\d{1,9})$/.exec(f.search.trim());
      if (id) either.push(eq(a.id, Number(id[1])));
      where.push(or(...either)!);
    }
    return where;
  }

  /** The sites and units a filter's term names, worked out once per filter object. */
  private readonly resolved = new WeakMap<ActionFilter, SearchIds>();
  private readonly resolving = new WeakMap<ActionFilter, Promise<void>>();

  /**
   * Resolves the term to the sites (SiteId no., name or city, closest first) and units (asset tag)
   * it names, at most SEARCH_IDS each, before the actions are read (issue 22, as the inspection
   * history). Units are found through the equipment trigram index (their text holds the asset tag);
   * `asset_tag ilike` alone read every unit. The page and the count share one resolution.
   */
  private resolveSearch(f: ActionFilter): Promise<void> {
    if (!f.search) return Promise.resolve();
    let pending = this.resolving.get(f);
    if (!pending) {
      pending = this.findSearchIds(f.search).then((found) => {
        this.resolved.set(f, found);
      });
      this.resolving.set(f, pending);
    }
    return pending;
  }

  /** What `resolveSearch` found for this filter; a caller that did not await it is a bug. */
  private resolvedFor(f: ActionFilter): SearchIds {
    const found = this.resolved.get(f);
    if (!found) throw new Error('the search was not resolved (call resolveSearch first)');
    return found;
  }

  private async findSearchIds(search: string): Promise<SearchIds> {
    const pattern = containsPattern(search);
    const lower = search.trim().toLowerCase();
    const prefix = `${escapeLike(lower)}%`;
    const [sitesFound, units] = await Promise.all([
      rankedSitesMatching(this.db, search, SEARCH_IDS),
      this.db
        .select({
          id: equipment.id,
          rank: sql<number>`case when lower(${equipment.assetTag}) = ${lower} then 0
            when lower(${equipment.assetTag}) like ${prefix} then 1 else 2 end`,
        })
        .from(equipment)
        .where(
          and(sql`${equipmentSearchText(equipment)} ilike ${pattern}`, ilike(equipment.assetTag, pattern)),
        )
        .orderBy(sql`2`, equipment.id)
        .limit(SEARCH_IDS),
    ]);
    const ranked = (rows: Array<{ id: number; rank: number }>, rank: number) =>
      rows.filter((r) => Number(r.rank) === rank).map((r) => Number(r.id));
    return {
      siteIds: sitesFound.ranked.map((r) => r.id),
      sitesBeyondIds: sitesFound.beyondIds,
      unitIds: units.map((u) => u.id),
      exact: { siteIds: ranked(sitesFound.ranked, 0), unitIds: ranked(units, 0) },
      prefix: { siteIds: ranked(sitesFound.ranked, 1), unitIds: ranked(units, 1) },
    };
  }

  /** The action's id, or at the exact SiteId no. or asset tag: rank 0. Undefined when nothing is exact. */
  private exactMatch(f: ActionFilter, search: string): SQL | undefined {
    const a = correctiveActions;
    const found = this.resolvedFor(f);
    const id = /^#?(\d{1,9})$/.exec(search.trim());
    const arms: SQL[] = [];
    if (id) arms.push(eq(a.id, Number(id[1])));
    if (found.exact.siteIds.length) arms.push(anyId(a.siteId, found.exact.siteIds));
    if (found.exact.unitIds.length) arms.push(anyId(a.equipmentId, found.exact.unitIds));
    return arms.length ? or(...arms) : undefined;
  }

  /**
   * A title or item starting with the term (through their prefix indexes), or at a site or unit
   * whose code, name or city (tag) starts with it (through the site and unit indexes).
   */
  private prefixMatch(f: ActionFilter, search: string): SQL {
    const a = correctiveActions;
    const found = this.resolvedFor(f);
    const prefix = `${escapeLike(search.trim().toLowerCase())}%`;
    return or(
      sql`lower(${a.title}) like ${prefix}`,
      sql`lower(coalesce(${a.itemLabel}, '')) like ${prefix}`,
      anyId(a.siteId, found.prefix.siteIds),
      anyId(a.equipmentId, found.prefix.unitIds),
    )!;
  }

  /**
   * 0: the action's id, or at the exact SiteId no. or asset tag; 1: `prefixMatch`; 2: the rest.
   * The caller works `exact` (`exactMatch`) and `prefix` out once: each also selects its own arm.
   */
  private matchRank(exact: SQL | undefined, prefix: SQL): SQL {
    return sql`case when ${exact ?? sql`false`} then 0
      when ${prefix} then 1
      else 2 end`;
  }

  async list(
    f: ActionFilter,
    sort: { field: string; desc: boolean },
    offset: number,
    limit: number,
  ): Promise<ActionWithRefs[]> {
    await this.resolveSearch(f);
    const a = correctiveActions;
    const dir = sort.desc ? desc : asc;
    if (sort.field === 'relevance' && f.search) {
      // The matches are ranked among the first RELEVANCE_WINDOW in due order, so a broad term
      // ("seal" in a million actions) stays an index walk. The exact ones (the id, the exact SiteId
      // no. or asset tag: one site's or unit's actions, through their indexes) are all read
      // besides, so they lead wherever their due dates fall; rank 0 is then whole in the pool, and
      // paging through it stays in one order. The first PREFIX_WINDOW prefix matches in due order
      // are read besides too (through the title, item, site and unit indexes), so a title starting
      // with the term is ranked ahead of the rest even behind thousands of earlier-due matches.
      // The pool is the same for every page, so paging keeps one order.
      const where = and(...this.conditions(f));
      const exact = this.exactMatch(f, f.search);
      const prefix = this.prefixMatch(f, f.search);
      const ranked = {
        id: a.id,
        dueOn: a.dueOn,
        tier: this.matchRank(exact, prefix).as('tier'),
        rank: sql<number>`similarity(${correctiveActionSearchText(a)}, ${f.search})`.as('rank'),
      };
      const inWindow = this.db
        .select(ranked)
        .from(a)
        .where(where)
        .orderBy(asc(a.dueOn), asc(a.id))
        .limit(RELEVANCE_WINDOW);
      const prefixed = this.db
        .select(ranked)
        .from(a)
        .where(and(...this.conditions(f, false), prefix))
        .orderBy(asc(a.dueOn), asc(a.id))
        .limit(PREFIX_WINDOW);
      const withPrefixed = inWindow.union(prefixed);
      const candidates = (
        exact ? withPrefixed.union(this.db.select(ranked).from(a).where(and(where, exact))) : withPrefixed
      ).as('candidates');
      // The page is cut from the candidates (they carry the due date) before any row is read, so only
      // its rows are joined to the table: joining all 2,000–2,200 first let PGlite hash the whole table.
      const order = [asc(candidates.tier), desc(candidates.rank), asc(candidates.dueOn), asc(candidates.id)];
      const page = this.db
        .select({ id: candidates.id, tier: candidates.tier, rank: candidates.rank, dueOn: candidates.dueOn })
        .from(candidates)
        .orderBy(...order)
        .offset(offset)
        .limit(limit)
        .as('page');
      const rows = await this.db
        .select(rowColumns())
        .from(page)
        .innerJoin(a, eq(a.id, page.id))
        .innerJoin(sites, eq(sites.id, a.siteId))
        .leftJoin(equipment, eq(equipment.id, a.equipmentId))
        .leftJoin(owner, eq(owner.id, a.ownerId))
        .orderBy(asc(page.tier), desc(page.rank), asc(page.dueOn), asc(page.id));
      return rows as ActionWithRefs[];
    }
    const order: SQL[] =
      sort.field === 'priority'
        ? [dir(a.priority), asc(a.dueOn), asc(a.id)]
        : sort.field === 'createdAt'
          ? [dir(a.createdAt), dir(a.id)]
          : sort.field === 'status'
            ? [dir(a.status), asc(a.dueOn), asc(a.id)]
            : [dir(a.dueOn), dir(a.id)];
    const rows = await this.db
      .select(rowColumns())
      .from(a)
      .innerJoin(sites, eq(sites.id, a.siteId))
      .leftJoin(equipment, eq(equipment.id, a.equipmentId))
      .leftJoin(owner, eq(owner.id, a.ownerId))
      .where(and(...this.conditions(f)))
      .orderBy(...order)
      .offset(offset)
      .limit(limit);
    return rows as ActionWithRefs[];
  }

  /** How many match, up to `cap` + 1 (the caller reports "cap+" beyond). */
  async countCapped(f: ActionFilter, cap: number): Promise<number> {
    await this.resolveSearch(f);
    const inner = this.db
      .select({ one: sql`1` })
      .from(correctiveActions)
      .where(and(...this.conditions(f)))
      .limit(cap + 1)
      .as('capped');
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(inner);
    return Number(row?.n ?? 0);
  }

  async batchAfter(f: ActionFilter, afterId: number, size: number): Promise<ActionWithRefs[]> {
    await this.resolveSearch(f);
    const a = correctiveActions;
    const rows = await this.db
      .select(rowColumns())
      .from(a)
      .innerJoin(sites, eq(sites.id, a.siteId))
      .leftJoin(equipment, eq(equipment.id, a.equipmentId))
      .leftJoin(owner, eq(owner.id, a.ownerId))
      .where(and(gt(a.id, afterId), ...this.conditions(f)))
      .orderBy(asc(a.id))
      .limit(size);
    return rows as ActionWithRefs[];
  }

  async findById(id: number): Promise<ActionWithRefs | undefined> {
    const a = correctiveActions;
    const [row] = await this.db
      .select(rowColumns())
      .from(a)
      .innerJoin(sites, eq(sites.id, a.siteId))
      .leftJoin(equipment, eq(equipment.id, a.equipmentId))
      .leftJoin(owner, eq(owner.id, a.ownerId))
      .where(eq(a.id, id));
    return row as ActionWithRefs | undefined;
  }

  async lock(id: number): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(correctiveActions)
      .where(eq(correctiveActions.id, id))
      .for('update');
    return row;
  }

  async insertMany(values: NewActionRow[]): Promise<ActionRow[]> {
    if (!values.length) return [];
    return this.db.insert(correctiveActions).values(values).returning();
  }

  async update(id: number, values: Partial<NewActionRow>): Promise<ActionRow> {
    const [row] = await this.db
      .update(correctiveActions)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(correctiveActions.id, id))
      .returning();
    return row!;
  }

  async insertEvents(values: (typeof correctiveActionEvents.$inferInsert)[]): Promise<void> {
    if (values.length) await this.db.insert(correctiveActionEvents).values(values);
  }

  async insertComment(values: typeof correctiveActionComments.$inferInsert) {
    const [row] = await this.db.insert(correctiveActionComments).values(values).returning();
    return row!;
  }

  /** A site's client, for the owner check and the client's notifications. */
  async siteClient(siteId: number): Promise<number | null> {
    const [row] = await this.db.select({ clientId: sites.clientId }).from(sites).where(eq(sites.id, siteId));
    return row?.clientId ?? null;
  }

  /** The site's name and code and its client (the client's notices name the site). */
  async siteWithClient(siteId: number) {
    const [row] = await this.db
      .select({ clientId: sites.clientId, name: sites.name, siteCode: sites.siteCode })
      .from(sites)
      .where(eq(sites.id, siteId));
    return row;
  }

  async comments(actionId: number) {
    return this.db
      .select({
        comment: correctiveActionComments,
        author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(correctiveActionComments)
      .leftJoin(users, eq(users.id, correctiveActionComments.authorId))
      .where(eq(correctiveActionComments.actionId, actionId))
      .orderBy(asc(correctiveActionComments.id));
  }

  async events(actionId: number) {
    return this.db
      .select({
        event: correctiveActionEvents,
        actor: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(correctiveActionEvents)
      .leftJoin(users, eq(users.id, correctiveActionEvents.actorId))
      .where(eq(correctiveActionEvents.actionId, actionId))
      .orderBy(asc(correctiveActionEvents.id));
  }

  async reinspections(actionId: number) {
    return this.db
      .select({
        link: correctiveActionReinspections,
        assignment: {
          id: assignments.id,
          status: assignments.status,
          dueOn: assignments.dueOn,
          completedAt: assignments.completedAt,
        },
        inspector: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(correctiveActionReinspections)
      .innerJoin(assignments, eq(assignments.id, correctiveActionReinspections.assignmentId))
      .innerJoin(users, eq(users.id, assignments.inspectorId))
      .where(eq(correctiveActionReinspections.actionId, actionId))
      .orderBy(desc(correctiveActionReinspections.createdAt), desc(assignments.id));
  }

  /** Open (assigned or in progress) re-inspections of an action. */
  async openReinspection(actionId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: assignments.id })
      .from(correctiveActionReinspections)
      .innerJoin(assignments, eq(assignments.id, correctiveActionReinspections.assignmentId))
      .where(
        and(
          eq(correctiveActionReinspections.actionId, actionId),
          inArray(assignments.status, ['assigned', 'in_progress']),
        ),
      )
      .limit(1);
    return row?.id;
  }

  async insertReinspection(actionId: number, assignmentId: number): Promise<void> {
    await this.db.insert(correctiveActionReinspections).values({ actionId, assignmentId });
  }

  /** The actions a re-inspection assignment was requested for. */
  async reinspectionsOfAssignment(assignmentId: number) {
    return this.db
      .select({ action: correctiveActions })
      .from(correctiveActionReinspections)
      .innerJoin(correctiveActions, eq(correctiveActions.id, correctiveActionReinspections.actionId))
      .where(eq(correctiveActionReinspections.assignmentId, assignmentId))
      .for('update', { of: correctiveActions });
  }

  async setReinspectionResult(
    actionId: number,
    assignmentId: number,
    result: 'pass' | 'fail',
    inspectionId: number,
  ) {
    await this.db
      .update(correctiveActionReinspections)
      .set({ result, inspectionId })
      .where(
        and(
          eq(correctiveActionReinspections.actionId, actionId),
          eq(correctiveActionReinspections.assignmentId, assignmentId),
        ),
      );
  }

  async inspectionRefs(inspectionId: number) {
    const [row] = await this.db
      .select({
        inspection: inspections,
        templateName: templates.name,
        inspector: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(inspections)
      .innerJoin(templates, eq(templates.id, inspections.templateId))
      .innerJoin(users, eq(users.id, inspections.inspectorId))
      .where(eq(inspections.id, inspectionId));
    return row;
  }

  async templateContent(templateId: number, version: number): Promise<unknown> {
    const [row] = await this.db
      .select({ content: templateVersions.content })
      .from(templateVersions)
      .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, version)));
    return row?.content;
  }

  async unitsByIds(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
        isCritical: equipment.isCritical,
        siteId: equipment.siteId,
      })
      .from(equipment)
      .where(inArray(equipment.id, ids));
  }

  async personOf(id: number) {
    const [row] = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  async findAssignee(id: number) {
    const [row] = await this.db
      .select({ id: users.id, userType: users.userType, status: users.status, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** The action id of each (unit, item) of an inspection: `${equipmentId ?? 0}:${itemKey}`. */
  async actionIdsOf(inspectionId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .select({
        id: correctiveActions.id,
        equipmentId: correctiveActions.equipmentId,
        itemKey: correctiveActions.itemKey,
      })
      .from(correctiveActions)
      .where(and(eq(correctiveActions.inspectionId, inspectionId), isNotNull(correctiveActions.itemKey)));
    return new Map(rows.map((r) => [`${r.equipmentId ?? 0}:${r.itemKey}`, r.id]));
  }

  async counts(siteId: number | undefined, equipmentId: number | undefined, today: string) {
    const where: SQL[] = [inArray(correctiveActions.status, [...OPEN])];
    if (siteId) where.push(eq(correctiveActions.siteId, siteId));
    if (equipmentId) where.push(eq(correctiveActions.equipmentId, equipmentId));
    const [row] = await this.db
      .select({
        open: sql<number>`count(*)::int`,
        overdue: sql<number>`count(*) filter (where ${correctiveActions.dueOn} < ${today}::date)::int`,
      })
      .from(correctiveActions)
      .where(and(...where));
    return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
  }

  /** Active shop products linked to an equipment type (the action's "Order parts"). */
  async suggestedProducts(equipmentTypeId: number) {
    return this.db
      .select({ id: shopProducts.id, sku: shopProducts.sku, name: shopProducts.name })
      .from(shopProductEquipmentTypes)
      .innerJoin(shopProducts, eq(shopProducts.id, shopProductEquipmentTypes.productId))
      .where(
        and(
          eq(shopProductEquipmentTypes.equipmentTypeId, equipmentTypeId),
          eq(shopProducts.status, 'active'),
        ),
      )
      .orderBy(asc(shopProducts.name))
      .limit(20);
  }
}
