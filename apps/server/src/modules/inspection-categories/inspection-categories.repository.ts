import { LIST_COUNT_CAP } from '@inspecta/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { containsPattern, countCapped } from '../../db/query-helpers.js';
import { inspectionCategories, templates } from '../../db/schema.js';

export type InspectionCategoryRow = typeof inspectionCategories.$inferSelect;
export type InspectionCategoryWithUsage = InspectionCategoryRow & { templateCount: number };

export interface CategoryListFilter {
  search?: string | undefined;
  status: 'active' | 'inactive' | 'all';
  sort?: string | undefined;
  offset: number;
  limit: number;
}

// Written out with the outer table's name: in a single-table select Drizzle leaves columns unqualified.
const templateCount = sql<number>`(select count(*)::int from ${templates} t where t.category_id = ${inspectionCategories}.id)`;

export class InspectionCategoriesRepository {
  constructor(private readonly db: Executor) {}

  private where(filter: Pick<CategoryListFilter, 'search' | 'status'>): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        or(ilike(inspectionCategories.name, pattern), ilike(inspectionCategories.description, pattern))!,
      );
    }
    if (filter.status !== 'all') conditions.push(eq(inspectionCategories.active, filter.status === 'active'));
    return conditions.length ? and(...conditions) : undefined;
  }

  async list(
    filter: CategoryListFilter,
  ): Promise<{ rows: InspectionCategoryWithUsage[]; total: number; capped: boolean }> {
    const where = this.where(filter);
    const sortField = filter.sort?.replace(/^-/, '') ?? 'name';
    const direction = filter.sort?.startsWith('-') ? desc : asc;
    const column =
      sortField === 'createdAt'
        ? inspectionCategories.createdAt
        : sortField === 'updatedAt'
          ? inspectionCategories.updatedAt
          : sql`lower(${inspectionCategories.name})`;
    const [rows, totals] = await Promise.all([
      this.db
        .select({ category: inspectionCategories, templateCount })
        .from(inspectionCategories)
        .where(where)
        .orderBy(direction(column), asc(inspectionCategories.id))
        .offset(filter.offset)
        .limit(filter.limit),
      countCapped(this.db, sql`${inspectionCategories}`, where, LIST_COUNT_CAP),
    ]);
    return { rows: rows.map((r) => withFields(r.category, { templateCount: r.templateCount })), ...totals };
  }

  async findById(id: number): Promise<InspectionCategoryWithUsage | undefined> {
    const [row] = await this.db
      .select({ category: inspectionCategories, templateCount })
      .from(inspectionCategories)
      .where(eq(inspectionCategories.id, id))
      .limit(1);
    return row ? withFields(row.category, { templateCount: row.templateCount }) : undefined;
  }

  /** Locks the row for the rest of the transaction (update, delete). */
  async lockById(id: number): Promise<InspectionCategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(inspectionCategories)
      .where(eq(inspectionCategories.id, id))
      .for('update')
      .limit(1);
    return row;
  }

  async insert(values: typeof inspectionCategories.$inferInsert): Promise<InspectionCategoryRow> {
    const [row] = await this.db.insert(inspectionCategories).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof inspectionCategories.$inferInsert>): Promise<void> {
    await this.db
      .update(inspectionCategories)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(inspectionCategories.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(inspectionCategories).where(eq(inspectionCategories.id, id));
  }

  async countTemplatesUsing(id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(templates).where(eq(templates.categoryId, id));
    return row?.n ?? 0;
  }
}
