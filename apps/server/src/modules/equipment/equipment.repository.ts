import {
  EQUIPMENT_LABELS_MAX,
  type EquipmentFilterQuery,
  type equipmentSortFields,
  LIST_COUNT_CAP,
} from '@inspecta/contract';
import { and, asc, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { dueFilterConditions } from '../../db/due-conditions.js';
import {
  containsPattern,
  countCapped,
  escapeLike,
  firstMatchesPage,
  onPageId,
  pageIds,
  pageIdsCount,
  pageIdsOrder,
  parseSort,
} from '../../db/query-helpers.js';
import {
  assignmentEquipment,
  assignments,
  auditEvents,
  equipment,
  equipmentSearchText,
  equipmentTypes,
  sites,
  users,
} from '../../db/schema.js';
import { asValue, type Bind, StatementsByShape } from '../../db/statements-by-shape.js';

/** The list counts exactly up to this many (contract: "10,000+" beyond). */
const EQUIPMENT_COUNT_CAP = LIST_COUNT_CAP;

/** The `installed` filter's statuses: constants, written into the statement. */
const INSTALLED_STATUSES = sql.raw(`'in_service', 'out_of_service'`);

/** Which of a term's matches a row of `resolveSearch` is: a site (name or code) or a type (name). */
type NamedKind = 'site' | 'type';

/** The part of a filter's statement that binds no value: the installed statuses' test. */
const fixedShape = (filters: ResolvedFilters) => (filters.status === 'installed' ? 'installed' : '');

export type EquipmentRow = typeof equipment.$inferSelect;
export type EquipmentInsert = typeof equipment.$inferInsert;

const siteRef = { id: sites.id, siteCode: sites.siteCode, name: sites.name, status: sites.status };
const typeRef = {
  id: equipmentTypes.id,
  name: equipmentTypes.name,
  category: equipmentTypes.category,
  inspectionIntervalDays: equipmentTypes.inspectionIntervalDays,
  status: equipmentTypes.status,
  defaultTemplateId: equipmentTypes.defaultTemplateId,
};

export interface EquipmentWithRefs {
  unit: EquipmentRow;
  site: { id: number; siteCode: string; name: string; status: 'draft' | 'active' | 'inactive' };
  type: {
    id: number;
    name: string;
    category: string;
    inspectionIntervalDays: number;
    status: 'active' | 'archived';
    defaultTemplateId: number | null;
  };
}

type SortField = (typeof equipmentSortFields)[number];

const SORT_COLUMNS: Record<SortField, SQL> = {
  nextDueOn: sql`${equipment.nextDueOn}`,
  assetTag: sql`${equipment.assetTag}`,
  name: sql`lower(${equipment.name})`,
  serialNumber: sql`${equipment.serialNumber}`,
  installedOn: sql`${equipment.installedOn}`,
  status: sql`${equipment.status}`,
  createdAt: sql`${equipment.createdAt}`,
  // Relevance needs a term (relevancePageIds); without one the register's own order stands in.
  relevance: sql`${equipment.nextDueOn}`,
};

/**
 * The SQL mirror of computeNextDueOn (packages/contract/src/equipment-due.ts): retired → null,
 * otherwise (UTC date of the last inspection, else install date, else UTC registration date) +
 * the type's interval. Used where whole sets change at once.
 */
const nextDueExpression = sql`case when ${equipment.status} = 'retired' then null else coalesce((${equipment.lastInspectedAt} at time zone 'UTC')::date, ${equipment.installedOn}, (${equipment.createdAt} at time zone 'UTC')::date) + ${equipmentTypes.inspectionIntervalDays} end`;

export interface ResolvedFilters extends EquipmentFilterQuery {
  /** Only these units (an export of the selected rows). */
  ids?: number[] | undefined;
  /** Sites and types whose name matches the search term, resolved beforehand (small tables). */
  searchSiteIds?: number[];
  searchTypeIds?: number[];
}

export class EquipmentRepository {
  /**
   * A search's statements, built once per shape of filter (`StatementsByShape`, issue 22): the
   * sites and types named by the term, and a term's first matches ranked with their rows. Made when
   * first used: most repositories live for one transaction and never search.
   */
  private namedStatements: StatementsByShape<Array<{ kind: NamedKind; id: number }>> | undefined;
  private firstMatchesStatements: StatementsByShape<Array<EquipmentWithRefs & { n: number }>> | undefined;

  constructor(private readonly db: Executor) {}

  /** Ids of sites (by name or code) and types (by name) matching a search term. */
  async resolveSearch(term: string): Promise<{ siteIds: number[]; typeIds: number[] }> {
    this.namedStatements ??= new StatementsByShape();
    // One statement for both (`union all`, each arm planned on its own): one round trip, where on
    // the embedded database two statements queue one after the other.
    const rows = await this.namedStatements.run(
      (bind) => ({
        lowered: bind('lowered', containsPattern(term.toLowerCase())),
        pattern: bind('pattern', containsPattern(term)),
      }),
      ({ lowered, pattern }) =>
        this.db
          .select({ kind: sql<NamedKind>`'site'`.as('kind'), id: sites.id })
          .from(sites)
          // The search_text condition is implied (it holds the code and the name, lower-cased) and
          // lets the sites' trigram index serve the match: alone, the two ilike tests read every
          // site (a sequential scan of 102,000 rows in the bench's plan record, on every search).
          .where(
            and(
              sql`${sites.searchText} like ${lowered}`,
              or(ilike(sites.name, pattern), ilike(sites.siteCode, pattern)),
            ),
          )
          .unionAll(
            this.db
              .select({ kind: sql<NamedKind>`'type'`.as('kind'), id: equipmentTypes.id })
              .from(equipmentTypes)
              .where(ilike(equipmentTypes.name, pattern)),
          ),
    );
    const siteIds: number[] = [];
    const typeIds: number[] = [];
    for (const row of rows) (row.kind === 'site' ? siteIds : typeIds).push(row.id);
    return { siteIds, typeIds };
  }

  /**
   * The list's filters. Each value goes through `bind`, so the rare term's statement can be built
   * once per shape; the installed statuses are the one part that binds nothing (`fixedShape`).
   */
  private where(filters: ResolvedFilters, today: string, bind: Bind = asValue): SQL | undefined {
    const conditions: SQL[] = [];
    if (filters.site_id) conditions.push(eq(equipment.siteId, bind('siteId', filters.site_id)));
    if (filters.ids) conditions.push(sql`${equipment.id} = any(${sql.param(bind('ids', filters.ids))})`);
    if (filters.equipment_type_id)
      conditions.push(eq(equipment.equipmentTypeId, bind('typeId', filters.equipment_type_id)));
    if (filters.status === 'installed') {
      conditions.push(sql`${equipment.status} in (${INSTALLED_STATUSES})`);
    } else if (filters.status) {
      conditions.push(eq(equipment.status, bind('status', filters.status)));
    }
    if (filters.due) conditions.push(...dueFilterConditions(filters.due, today, equipment.nextDueOn, bind));
    if (filters.search) {
      // Each arm can use its own index (trigram; site; type), combined with a BitmapOr.
      const arms: SQL[] = [
        sql`${equipmentSearchText(equipment)} ilike ${bind('searchPattern', containsPattern(filters.search))}`,
      ];
      // Each list is one array parameter (`= any`), whatever its length: as one parameter per id, a
      // word in more than 65,535 site names was more parameters than a statement can carry (a 500).
      if (filters.searchSiteIds?.length)
        arms.push(sql`${equipment.siteId} = any(${sql.param(bind('searchSiteIds', filters.searchSiteIds))})`);
      if (filters.searchTypeIds?.length)
        arms.push(
          sql`${equipment.equipmentTypeId} = any(${sql.param(bind('searchTypeIds', filters.searchTypeIds))})`,
        );
      conditions.push(arms.length === 1 ? arms[0]! : or(...arms)!);
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  async list(
    filters: ResolvedFilters,
    today: string,
    paging: { page: number; limit: number; sort?: string | undefined },
  ): Promise<{ rows: EquipmentWithRefs[]; total: number; capped: boolean }> {
    const where = this.where(filters, today);
    const sort = paging.sort ?? (filters.search?.trim() ? 'relevance' : undefined);
    const { field, desc: descending } = parseSort<SortField>(sort, 'nextDueOn');
    const offset = (paging.page - 1) * paging.limit;
    if (field === 'relevance' && filters.search?.trim()) {
      const ranked = await this.rankedFirstMatches(filters, today, offset, paging.limit);
      if (ranked) return ranked;
      // Past the cap: the total is known to be 10,000+, only the page remains.
      const rows = await this.relevancePage(filters, today, offset, paging.limit);
      return { rows, total: EQUIPMENT_COUNT_CAP, capped: true };
    }
    const rows = await this.db
      .select({ unit: equipment, site: siteRef, type: typeRef })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(where)
      .orderBy(
        descending ? desc(SORT_COLUMNS[field]) : asc(SORT_COLUMNS[field]),
        descending ? desc(equipment.id) : asc(equipment.id),
      )
      .limit(paging.limit)
      .offset(offset);
    // A short page is the last one: the total is known without counting (searches, small sites).
    if (rows.length > 0 && rows.length < paging.limit)
      return { rows, total: offset + rows.length, capped: false };
    if (rows.length === 0 && offset === 0) return { rows, total: 0, capped: false };
    // Counted up to the cap only: the unfiltered register of 1,000,000 units counts 10,001 rows, not all.
    return { rows, ...(await countCapped(this.db, sql`${equipment}`, where, EQUIPMENT_COUNT_CAP)) };
  }

  /** 0: the exact asset tag or serial; 1: one starting with the term; 2: any other match. */
  private rankOf(lowered: string, bind: Bind): SQL {
    const term = bind('term', lowered);
    const prefix = bind('prefix', `${escapeLike(lowered)}%`);
    return sql`case when lower(${equipment.assetTag}) = ${term} or lower(${equipment.serialNumber}) = ${term} then 0
      when lower(${equipment.assetTag}) like ${prefix} or lower(${equipment.serialNumber}) like ${prefix} then 1
      else 2 end`;
  }

  /**
   * A term with at most LIST_COUNT_CAP matches: its matches read once through the trigram index
   * (a materialized CTE, planned without the LIMIT and read only until cap + 1), ranked in memory,
   * and counted in the same statement: one read of the matches where the arms and the count read
   * them up to three times. Answers undefined past the cap (relevancePage then).
   */
  private async rankedFirstMatches(
    filters: ResolvedFilters,
    today: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: EquipmentWithRefs[]; total: number; capped: boolean } | undefined> {
    const term = (filters.search ?? '').trim().toLowerCase();
    this.firstMatchesStatements ??= new StatementsByShape();
    // Built once per shape of filter (`StatementsByShape`): each value below is bound.
    const found = await this.firstMatchesStatements.run(
      (bind) => ({
        rank: this.rankOf(term, bind),
        where: this.where(filters, today, bind),
        limit: bind('limit', limit),
        offset: bind('offset', offset),
      }),
      (parts) => {
        const page = firstMatchesPage({
          matched: sql`
        select ${equipment.id} as id, ${equipment.nextDueOn} as next_due_on, ${parts.rank} as rank
        from ${equipment} where ${parts.where}`,
          order: sql`rank, next_due_on asc nulls last, id asc`,
          cap: EQUIPMENT_COUNT_CAP,
          limit: parts.limit,
          offset: parts.offset,
        });
        return this.selectWithRefs({ n: pageIdsCount })
          .innerJoin(page, onPageId(equipment.id))
          .orderBy(pageIdsOrder);
      },
      fixedShape(filters),
    );
    const total = found.length
      ? Number(found[0]!.n)
      : offset > 0
        ? await this.countMatches(filters, today)
        : 0;
    if (total > EQUIPMENT_COUNT_CAP) return undefined;
    return { rows: found.map(({ unit, site, type }) => ({ unit, site, type })), total, capped: false };
  }

  /** The matches up to the cap + 1 (a page past the last one has no row to carry the count). */
  private async countMatches(filters: ResolvedFilters, today: string): Promise<number> {
    const { total, capped } = await countCapped(
      this.db,
      sql`${equipment}`,
      this.where(filters, today),
      EQUIPMENT_COUNT_CAP,
    );
    return capped ? total + 1 : total;
  }

  /** Units with their site and type (and `extra` columns), for a page's ids to be joined to. */
  private selectWithRefs<Extra extends Record<string, SQL.Aliased | SQL>>(extra: Extra) {
    return this.db
      .select({ unit: equipment, site: siteRef, type: typeRef, ...extra })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId));
  }

  /**
   * The page in relevance order past the cap: an exact asset tag or serial number (rank 0), then one starting
   * with the term (1), then every other match (2: a substring, the name, the site or the type),
   * most urgent first within a rank. Each rank is its own arm, cut at offset + limit rows in its own
   * order, so PostgreSQL takes each from the index that fits: the text_pattern_ops indexes on the
   * asset tag and the serial for the first two, and for the rest the trigram index (a rare term) or
   * the due-date index read until enough units match (a common one). One statement ranking every
   * match would read all of them: a site name alone matches 500 units each.
   */
  private async relevancePage(
    filters: ResolvedFilters,
    today: string,
    offset: number,
    limit: number,
  ): Promise<EquipmentWithRefs[]> {
    const term = (filters.search ?? '').trim().toLowerCase();
    const others = this.where(withFields(filters, { search: undefined }), today);
    const within = (condition: SQL) => (others ? and(condition, others)! : condition);
    const window = offset + limit;
    const prefix = `${escapeLike(term)}%`;
    // A tag or serial equal to, or starting with, the term contains it: these arms need no other test.
    const exact = or(
      sql`lower(${equipment.assetTag}) = ${term}`,
      sql`lower(${equipment.serialNumber}) = ${term}`,
    )!;
    const startsWith = or(
      sql`lower(${equipment.assetTag}) like ${prefix}`,
      sql`lower(${equipment.serialNumber}) like ${prefix}`,
    )!;
    const urgent = sql`${equipment.nextDueOn} asc nulls last, ${equipment.id} asc`;
    const ids = sql`
      with exact as (
        select ${equipment.id} as id, ${equipment.nextDueOn} as next_due_on, 0 as rank
        from ${equipment} where ${within(exact)}
        order by ${urgent} limit ${window}
      ), prefix as (
        select ${equipment.id} as id, ${equipment.nextDueOn} as next_due_on, 1 as rank
        from ${equipment} where ${within(startsWith)}
        order by ${urgent} limit ${window}
      ), rest as (
        select ${equipment.id} as id, ${equipment.nextDueOn} as next_due_on, 2 as rank
        from ${equipment} where ${this.where(filters, today)}
        order by ${urgent} limit ${window}
      )
      select id from (
        select id, min(rank) as rank, min(next_due_on) as next_due_on
        from (select * from exact union all select * from prefix union all select * from rest) as arms
        group by id
      ) as ranked
      order by rank, next_due_on asc nulls last, id asc
      limit ${limit} offset ${offset}`;
    // The ranked ids and their rows in one statement (`pageIds`).
    return this.selectWithRefs({}).innerJoin(pageIds(ids), onPageId(equipment.id)).orderBy(pageIdsOrder);
  }

  /** How many units match the filters, exactly (an export's row count). */
  async count(filters: ResolvedFilters, today: string): Promise<number> {
    return this.countWhere(this.where(filters, today));
  }

  private async countWhere(where: SQL | undefined): Promise<number> {
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(equipment)
      .where(where);
    return counted?.total ?? 0;
  }

  /** One batch of the filtered list in id order, after `afterId` (keyset paging for exports). */
  async batchAfter(
    filters: ResolvedFilters,
    today: string,
    afterId: number,
    size: number,
  ): Promise<EquipmentWithRefs[]> {
    const where = this.where(filters, today);
    return this.db
      .select({ unit: equipment, site: siteRef, type: typeRef })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(where ? and(where, gt(equipment.id, afterId)) : gt(equipment.id, afterId))
      .orderBy(asc(equipment.id))
      .limit(size);
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<EquipmentRow | undefined> {
    const query = this.db.select().from(equipment).where(eq(equipment.id, id)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async findWithRefs(id: number): Promise<EquipmentWithRefs | undefined> {
    const [row] = await this.db
      .select({ unit: equipment, site: siteRef, type: typeRef })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(eq(equipment.id, id))
      .limit(1);
    return row;
  }

  async insert(values: EquipmentInsert): Promise<EquipmentRow> {
    const [row] = await this.db.insert(equipment).values(values).returning();
    return row!;
  }

  async insertMany(values: EquipmentInsert[], batchSize = 500): Promise<EquipmentRow[]> {
    const inserted: EquipmentRow[] = [];
    for (let start = 0; start < values.length; start += batchSize) {
      inserted.push(
        ...(await this.db
          .insert(equipment)
          .values(values.slice(start, start + batchSize))
          .returning()),
      );
    }
    return inserted;
  }

  async update(id: number, values: Partial<EquipmentInsert>): Promise<EquipmentRow> {
    const [row] = await this.db
      .update(equipment)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(equipment.id, id))
      .returning();
    return row!;
  }

  async delete(id: number): Promise<void> {
    // Only closed (cancelled) assignments can still list the unit here; it leaves their unit lists.
    await this.db.delete(assignmentEquipment).where(eq(assignmentEquipment.equipmentId, id));
    await this.db.delete(equipment).where(eq(equipment.id, id));
  }

  /** Assigned or in-progress assignments that include the unit. */
  async openAssignmentCount(id: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(assignmentEquipment)
      .innerJoin(assignments, eq(assignments.id, assignmentEquipment.assignmentId))
      .where(
        and(
          eq(assignmentEquipment.equipmentId, id),
          sql`${assignments.status} in ('assigned', 'in_progress')`,
        ),
      );
    return row?.n ?? 0;
  }

  /** Re-derives nextDueOn for every unit of a type (its interval changed); answers how many. */
  async recomputeNextDueForType(typeId: number): Promise<number> {
    const rows = await this.db
      .update(equipment)
      .set({ nextDueOn: nextDueExpression })
      .from(equipmentTypes)
      .where(and(eq(equipmentTypes.id, equipment.equipmentTypeId), eq(equipment.equipmentTypeId, typeId)))
      .returning({ id: equipment.id });
    return rows.length;
  }

  /**
   * Re-derives nextDueOn for the given units. The inspections module calls this, in its own
   * transaction, after it sets lastInspectedAt on completed inspections.
   */
  async recomputeNextDue(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(equipment)
      .set({ nextDueOn: nextDueExpression })
      .from(equipmentTypes)
      .where(and(eq(equipmentTypes.id, equipment.equipmentTypeId), inArray(equipment.id, ids)));
  }

  /**
   * The units a label sheet prints: `ids` of the site (those not at the site are left out, the caller
   * compares), or one part of the units of the site that are not retired (`offset` of them skipped);
   * by asset tag, then id, so the parts neither overlap nor leave a unit out. At most one more than a
   * sheet holds, so the caller can tell "too many".
   */
  async labelUnits(siteId: number, ids: number[] | undefined, offset = 0) {
    const conditions: SQL[] = [eq(equipment.siteId, siteId)];
    if (ids) conditions.push(inArray(equipment.id, ids));
    else conditions.push(sql`${equipment.status} <> 'retired'`);
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
      .where(and(...conditions))
      .orderBy(asc(equipment.assetTag), asc(equipment.id))
      .offset(offset)
      .limit(EQUIPMENT_LABELS_MAX + 1);
  }

  /** How many units of the site "all units" labels (every one not retired), from the site's index. */
  async labelCount(siteId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .where(and(eq(equipment.siteId, siteId), sql`${equipment.status} <> 'retired'`));
    return row?.n ?? 0;
  }

  async findSite(id: number) {
    const [row] = await this.db.select(siteRef).from(sites).where(eq(sites.id, id)).limit(1);
    return row;
  }

  async findType(id: number) {
    const [row] = await this.db
      .select(typeRef)
      .from(equipmentTypes)
      .where(eq(equipmentTypes.id, id))
      .limit(1);
    return row;
  }

  async siteOptions(search: string | undefined, siteId: number | undefined) {
    const conditions: SQL[] = [];
    if (siteId) conditions.push(eq(sites.id, siteId));
    if (search) {
      const pattern = containsPattern(search);
      conditions.push(or(ilike(sites.name, pattern), ilike(sites.siteCode, pattern))!);
    }
    return this.db
      .select(siteRef)
      .from(sites)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(sites.siteCode))
      .limit(50);
  }

  /** Lower-cased asset tags already used at a site (the import checks rows against them). */
  async assetTagsAtSite(siteId: number): Promise<Set<string>> {
    const rows = await this.db
      .select({ tag: sql<string>`lower(${equipment.assetTag})` })
      .from(equipment)
      .where(eq(equipment.siteId, siteId));
    return new Set(rows.map((r) => r.tag));
  }

  /** Which of the given (type, serial) pairs are already registered; keys are `typeId:lower(serial)`. */
  async existingSerials(pairs: Array<{ typeId: number; serial: string }>): Promise<Set<string>> {
    const byType = new Map<number, string[]>();
    for (const { typeId, serial } of pairs) {
      const list = byType.get(typeId) ?? [];
      list.push(serial.toLowerCase());
      byType.set(typeId, list);
    }
    if (!byType.size) return new Set();
    const arms = [...byType].map(([typeId, serials]) =>
      and(eq(equipment.equipmentTypeId, typeId), inArray(sql`lower(${equipment.serialNumber})`, serials)),
    );
    const rows = await this.db
      .select({ typeId: equipment.equipmentTypeId, serial: sql<string>`lower(${equipment.serialNumber})` })
      .from(equipment)
      .where(or(...arms));
    return new Set(rows.map((r) => `${r.typeId}:${r.serial}`));
  }

  async history(id: number, limit = 20) {
    return this.db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        before: auditEvents.before,
        after: auditEvents.after,
        createdAt: auditEvents.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(and(eq(auditEvents.entityType, 'equipment'), eq(auditEvents.entityId, String(id))))
      .orderBy(desc(auditEvents.id))
      .limit(limit);
  }
}
