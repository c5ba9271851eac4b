import {
  type EquipmentTypeListQuery,
  type equipmentTypeSortFields,
  LIST_COUNT_CAP,
} from '@inspecta/contract';
import { and, asc, desc, eq, gt, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  cappedTotal,
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
import { equipment, equipmentTypeSearchText, equipmentTypes, templates } from '../../db/schema.js';

export type EquipmentTypeRow = typeof equipmentTypes.$inferSelect;
export type EquipmentTypeWithCount = EquipmentTypeRow & { installedCount: number };
export type EquipmentTypeExportRow = EquipmentTypeWithCount & { defaultTemplateName: string | null };
/** What the catalogue list and its export filter by. */
export type EquipmentTypeFilter = Pick<EquipmentTypeListQuery, 'search' | 'category' | 'status'>;

/** Units of the type still in the field (in service or out of service, not retired). */
// Written out with table-qualified names: inside a sub-select drizzle would leave "id" ambiguous.
const installedCount = sql<number>`(select count(*) from "equipment" as "unit" where "unit"."equipment_type_id" = "equipment_types"."id" and "unit"."status" <> 'retired')::int`;

type SortField = (typeof equipmentTypeSortFields)[number];

const SORT_COLUMNS: Record<SortField, SQL | typeof equipmentTypes.name> = {
  name: sql`lower(${equipmentTypes.name})`,
  category: sql`lower(${equipmentTypes.category})`,
  inspectionIntervalDays: sql`${equipmentTypes.inspectionIntervalDays}`,
  installedCount,
  createdAt: sql`${equipmentTypes.createdAt}`,
  // Relevance needs a term (list); without one the catalogue's own order (name) stands in.
  relevance: sql`lower(${equipmentTypes.name})`,
};

export class EquipmentTypesRepository {
  constructor(private readonly db: Executor) {}

  private filters(query: EquipmentTypeFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (query.search) {
      // One expression, so the trigram index serves it (four ilike tests read every type).
      conditions.push(sql`${equipmentTypeSearchText(equipmentTypes)} ilike ${containsPattern(query.search)}`);
    }
    if (query.category) conditions.push(sql`lower(${equipmentTypes.category}) = lower(${query.category})`);
    if (query.status) conditions.push(eq(equipmentTypes.status, query.status));
    return conditions.length ? and(...conditions) : undefined;
  }

  /**
   * One page and its total, exact up to LIST_COUNT_CAP. While searching with no sort asked, the
   * exact name comes first, then names starting with the term, then the rest, by name within each
   * (relevancePage).
   */
  async list(
    query: EquipmentTypeListQuery,
  ): Promise<{ rows: EquipmentTypeWithCount[]; total: number; capped: boolean }> {
    const where = this.filters(query);
    const term = query.search?.trim().toLowerCase();
    const sort = query.sort ?? (term ? 'relevance' : undefined);
    const { field, desc: descending } = parseSort<SortField>(sort, 'name');
    if (field === 'relevance' && term) return this.relevancePage(query, term);
    const [rows, counted] = await Promise.all([
      this.db
        .select({ type: equipmentTypes, installedCount })
        .from(equipmentTypes)
        .where(where)
        .orderBy(descending ? desc(SORT_COLUMNS[field]) : asc(SORT_COLUMNS[field]), asc(equipmentTypes.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      countCapped(this.db, sql`${equipmentTypes}`, where, LIST_COUNT_CAP),
    ]);
    return {
      rows: rows.map((r) => withFields(r.type, { installedCount: Number(r.installedCount) })),
      ...counted,
    };
  }

  /**
   * The page in relevance order, as the equipment list's: up to LIST_COUNT_CAP matches are read
   * once through the trigram index (a materialized CTE cut at cap + 1), ranked and counted in one
   * statement. Past the cap (the total is then "10,000+") each rank is its own arm cut at
   * offset + limit: the exact name (the unique name index), names starting with the term
   * (equipment_types_name_prefix_idx) and the rest from the name index read in order until enough
   * match; ranking 20,000 matches of a common word in one statement took 45 ms at 100,000 types.
   */
  private async relevancePage(
    query: EquipmentTypeListQuery,
    term: string,
  ): Promise<{ rows: EquipmentTypeWithCount[]; total: number; capped: boolean }> {
    const where = this.filters(query)!;
    const offset = (query.page - 1) * query.limit;
    const prefix = `${escapeLike(term)}%`;
    const name = sql`lower(${equipmentTypes.name})`;
    const firstPage = firstMatchesPage({
      matched: sql`
        select ${equipmentTypes.id} as id, ${name} as name_key,
               case when ${name} = ${term} then 0 when ${name} like ${prefix} then 1 else 2 end as rank
        from ${equipmentTypes} where ${where}`,
      order: sql`rank, name_key, id`,
      cap: LIST_COUNT_CAP,
      limit: query.limit,
      offset,
    });
    const found = await this.db
      .select({ type: equipmentTypes, installedCount, n: pageIdsCount })
      .from(equipmentTypes)
      .innerJoin(firstPage, onPageId(equipmentTypes.id))
      .orderBy(pageIdsOrder);
    const n = found.length ? Number(found[0]!.n) : 0;
    const counted =
      found.length || offset === 0
        ? cappedTotal(n, LIST_COUNT_CAP)
        : await countCapped(this.db, sql`${equipmentTypes}`, where, LIST_COUNT_CAP);
    const { total, capped } = counted;
    let rows: Array<{ type: EquipmentTypeRow; installedCount: number }> = found;
    if (capped) {
      const others = this.filters(withFields(query, { search: undefined }));
      const within = (condition: SQL) => (others ? and(condition, others)! : condition);
      const window = offset + query.limit;
      // A name equal to or starting with the term contains it: these arms need no other test.
      const arms = sql`
        with exact as (
          select ${equipmentTypes.id} as id, ${name} as name_key, 0 as rank
          from ${equipmentTypes} where ${within(sql`${name} = ${term}`)}
        ), prefix as (
          select ${equipmentTypes.id} as id, ${name} as name_key, 1 as rank
          from ${equipmentTypes} where ${within(sql`${name} like ${prefix}`)}
          order by ${name}, ${equipmentTypes.id} limit ${window}
        ), rest as (
          select ${equipmentTypes.id} as id, ${name} as name_key, 2 as rank
          from ${equipmentTypes} where ${where}
          order by ${name}, ${equipmentTypes.id} limit ${window}
        )
        select id from (
          select id, min(rank) as rank, min(name_key) as name_key
          from (select * from exact union all select * from prefix union all select * from rest) as arms
          group by id
        ) as ranked
        order by rank, name_key, id
        limit ${query.limit} offset ${offset}`;
      rows = await this.db
        .select({ type: equipmentTypes, installedCount })
        .from(equipmentTypes)
        .innerJoin(pageIds(arms), onPageId(equipmentTypes.id))
        .orderBy(pageIdsOrder);
    }
    return {
      rows: rows.map((r) => withFields(r.type, { installedCount: Number(r.installedCount) })),
      total,
      capped,
    };
  }

  async count(query: EquipmentTypeFilter): Promise<number> {
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(equipmentTypes)
      .where(this.filters(query));
    return counted?.total ?? 0;
  }

  /** One batch of the filtered catalogue in id order after `afterId`, with the default template's name. */
  async batchAfter(
    query: EquipmentTypeFilter,
    afterId: number,
    size: number,
  ): Promise<EquipmentTypeExportRow[]> {
    const where = this.filters(query);
    const rows = await this.db
      .select({ type: equipmentTypes, installedCount, defaultTemplateName: templates.name })
      .from(equipmentTypes)
      .leftJoin(templates, eq(templates.id, equipmentTypes.defaultTemplateId))
      .where(where ? and(where, gt(equipmentTypes.id, afterId)) : gt(equipmentTypes.id, afterId))
      .orderBy(asc(equipmentTypes.id))
      .limit(size);
    return rows.map((r) =>
      withFields(r.type, {
        installedCount: Number(r.installedCount),
        defaultTemplateName: r.defaultTemplateName,
      }),
    );
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<EquipmentTypeRow | undefined> {
    const query = this.db.select().from(equipmentTypes).where(eq(equipmentTypes.id, id)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async findWithCount(id: number): Promise<EquipmentTypeWithCount | undefined> {
    const [row] = await this.db
      .select({ type: equipmentTypes, installedCount })
      .from(equipmentTypes)
      .where(eq(equipmentTypes.id, id))
      .limit(1);
    return row ? withFields(row.type, { installedCount: Number(row.installedCount) }) : undefined;
  }

  async insert(values: typeof equipmentTypes.$inferInsert): Promise<EquipmentTypeRow> {
    const [row] = await this.db.insert(equipmentTypes).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof equipmentTypes.$inferInsert>): Promise<EquipmentTypeRow> {
    const [row] = await this.db
      .update(equipmentTypes)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(equipmentTypes.id, id))
      .returning();
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(equipmentTypes).where(eq(equipmentTypes.id, id));
  }

  /** Every unit of the type, retired ones included: any of them keeps the type from being deleted. */
  async countUnits(id: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .where(eq(equipment.equipmentTypeId, id));
    return row?.n ?? 0;
  }

  async categories(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ category: equipmentTypes.category })
      .from(equipmentTypes)
      .orderBy(asc(equipmentTypes.category));
    return rows.map((r) => r.category);
  }

  async isPublishedTemplate(templateId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.id, templateId),
          isNotNull(templates.publishedVersion),
          ne(templates.status, 'archived'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async options(search: string | undefined, includeArchived: boolean) {
    const conditions: SQL[] = [];
    if (!includeArchived) conditions.push(ne(equipmentTypes.status, 'archived'));
    if (search) {
      const pattern = containsPattern(search);
      conditions.push(or(ilike(equipmentTypes.name, pattern), ilike(equipmentTypes.category, pattern))!);
    }
    return this.db
      .select({
        id: equipmentTypes.id,
        name: equipmentTypes.name,
        category: equipmentTypes.category,
        inspectionIntervalDays: equipmentTypes.inspectionIntervalDays,
        status: equipmentTypes.status,
        defaultTemplateId: equipmentTypes.defaultTemplateId,
      })
      .from(equipmentTypes)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(sql`lower(${equipmentTypes.name})`))
      .limit(200);
  }

  /** Types by lower-cased name, for the import's "Equipment type" column. */
  async byLowerName(): Promise<Map<string, EquipmentTypeRow>> {
    const rows = await this.db.select().from(equipmentTypes);
    return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r]));
  }
}
