import { LIST_COUNT_CAP } from '@inspecta/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  max,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { containsPattern, countCapped, escapeLike } from '../../db/query-helpers.js';
import {
  equipmentTypes,
  inspectionCategories,
  templateEquipmentTypes,
  templates,
  templateVersions,
  users,
} from '../../db/schema.js';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateVersionRow = typeof templateVersions.$inferSelect;
export type CategoryRow = typeof inspectionCategories.$inferSelect;

/** What the template list and its export filter by. */
export interface TemplateFilter {
  search?: string | undefined;
  categoryId?: number | undefined;
  status?: TemplateRow['status'] | undefined;
  equipmentTypeId?: number | undefined;
}

export interface TemplateListFilter extends TemplateFilter {
  sort?: string | undefined;
  offset: number;
  limit: number;
}

/** A template with what its summary shows: category, the version in use and the draft. */
export interface TemplateListRow {
  template: TemplateRow;
  category: Pick<CategoryRow, 'id' | 'name' | 'colour' | 'active'> | null;
  draftVersion: number | null;
  latestVersion: number;
  publishedAt: Date | null;
  sectionCount: number;
  itemCount: number;
}

/** A template as its export writes it: the summary and the names of its equipment types. */
export type TemplateExportRow = TemplateListRow & { equipmentTypes: string[] };

export interface EquipmentTypeLink {
  templateId: number;
  id: number;
  name: string;
  category: string;
  defaultTemplateId: number | null;
}

const published = alias(templateVersions, 'published_version');
const draft = alias(templateVersions, 'draft_version');

/** Sections and items of a content document, counted in SQL so lists do not carry the content. */
function sectionCountOf(content: SQL) {
  return sql<number>`coalesce(jsonb_array_length(${content}->'sections'), 0)::int`;
}
function itemCountOf(content: SQL) {
  return sql<number>`(select coalesce(sum(jsonb_array_length(s->'items')), 0)::int from jsonb_array_elements(${content}->'sections') s)`;
}

export class TemplatesRepository {
  constructor(private readonly db: Executor) {}

  private listWhere(filter: TemplateFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(or(ilike(templates.name, pattern), ilike(templates.description, pattern))!);
    }
    if (filter.categoryId) conditions.push(eq(templates.categoryId, filter.categoryId));
    if (filter.status) conditions.push(eq(templates.status, filter.status));
    if (filter.equipmentTypeId) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(templateEquipmentTypes)
            .where(
              and(
                eq(templateEquipmentTypes.templateId, templates.id),
                eq(templateEquipmentTypes.equipmentTypeId, filter.equipmentTypeId),
              ),
            ),
        ),
      );
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  private summarySelect() {
    const shown = sql`coalesce(${published.content}, ${draft.content})`;
    return this.db
      .select({
        template: templates,
        categoryId: inspectionCategories.id,
        categoryName: inspectionCategories.name,
        categoryColour: inspectionCategories.colour,
        categoryActive: inspectionCategories.active,
        draftVersion: draft.version,
        latestVersion: sql<number>`(select max(v.version)::int from ${templateVersions} v where v.template_id = ${templates}.id)`,
        publishedAt: published.publishedAt,
        sectionCount: sectionCountOf(shown),
        itemCount: itemCountOf(shown),
      })
      .from(templates)
      .leftJoin(inspectionCategories, eq(inspectionCategories.id, templates.categoryId))
      .leftJoin(
        published,
        and(eq(published.templateId, templates.id), eq(published.version, templates.publishedVersion)),
      )
      .leftJoin(draft, and(eq(draft.templateId, templates.id), eq(draft.status, 'draft')));
  }

  private static toListRow(
    row: Awaited<ReturnType<TemplatesRepository['summarySelect']>>[number],
  ): TemplateListRow {
    return {
      template: row.template,
      category:
        row.categoryId === null
          ? null
          : {
              id: row.categoryId,
              name: row.categoryName!,
              colour: row.categoryColour!,
              active: row.categoryActive!,
            },
      draftVersion: row.draftVersion,
      latestVersion: row.latestVersion ?? 0,
      publishedAt: row.publishedAt,
      sectionCount: row.sectionCount,
      itemCount: row.itemCount,
    };
  }

  async list(
    filter: TemplateListFilter,
  ): Promise<{ rows: TemplateListRow[]; total: number; capped: boolean }> {
    const where = this.listWhere(filter);
    const field = filter.sort?.replace(/^-/, '') ?? 'updatedAt';
    const direction = (filter.sort ?? '-updatedAt').startsWith('-') ? desc : asc;
    const column =
      field === 'name'
        ? sql`lower(${templates.name})`
        : field === 'createdAt'
          ? templates.createdAt
          : templates.updatedAt;
    // Counted as every list counts (up to LIST_COUNT_CAP, "10,000+" beyond), however few there are today.
    const [rows, totals] = await Promise.all([
      this.summarySelect()
        .where(where)
        .orderBy(direction(column), desc(templates.id))
        .offset(filter.offset)
        .limit(filter.limit),
      countCapped(this.db, sql`${templates}`, where, LIST_COUNT_CAP),
    ]);
    return { rows: rows.map(TemplatesRepository.toListRow), ...totals };
  }

  async count(filter: TemplateFilter): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(templates).where(this.listWhere(filter));
    return row?.total ?? 0;
  }

  /** One batch of the filtered list in id order after `afterId` (keyset paging for exports). */
  async batchAfter(filter: TemplateFilter, afterId: number, size: number): Promise<TemplateListRow[]> {
    const where = this.listWhere(filter);
    const rows = await this.summarySelect()
      .where(where ? and(where, gt(templates.id, afterId)) : gt(templates.id, afterId))
      .orderBy(asc(templates.id))
      .limit(size);
    return rows.map(TemplatesRepository.toListRow);
  }

  async findSummary(id: number): Promise<TemplateListRow | undefined> {
    const [row] = await this.summarySelect().where(eq(templates.id, id)).limit(1);
    return row ? TemplatesRepository.toListRow(row) : undefined;
  }

  /** Locks the template for the rest of the transaction: changes to one template are serialised. */
  async lock(id: number): Promise<TemplateRow | undefined> {
    const [row] = await this.db.select().from(templates).where(eq(templates.id, id)).for('update').limit(1);
    return row;
  }

  async insert(values: typeof templates.$inferInsert): Promise<TemplateRow> {
    const [row] = await this.db.insert(templates).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<typeof templates.$inferInsert>): Promise<void> {
    await this.db
      .update(templates)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(templates.id, id));
  }

  async namesLike(base: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: templates.name })
      .from(templates)
      .where(ilike(templates.name, `${escapeLike(base)}%`));
    return rows.map((r) => r.name);
  }

  // --- categories and equipment types -------------------------------------------------------

  async findCategory(id: number): Promise<CategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(inspectionCategories)
      .where(eq(inspectionCategories.id, id))
      .limit(1);
    return row;
  }

  async existingEquipmentTypeIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: equipmentTypes.id })
      .from(equipmentTypes)
      .where(inArray(equipmentTypes.id, ids));
    return rows.map((r) => r.id);
  }

  async equipmentTypesOf(templateIds: number[]): Promise<EquipmentTypeLink[]> {
    if (templateIds.length === 0) return [];
    return this.db
      .select({
        templateId: templateEquipmentTypes.templateId,
        id: equipmentTypes.id,
        name: equipmentTypes.name,
        category: equipmentTypes.category,
        defaultTemplateId: equipmentTypes.defaultTemplateId,
      })
      .from(templateEquipmentTypes)
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, templateEquipmentTypes.equipmentTypeId))
      .where(inArray(templateEquipmentTypes.templateId, templateIds))
      .orderBy(asc(equipmentTypes.name));
  }

  /** Links exactly `ids`, and makes the template the default of exactly `defaultIds` among them. */
  async setEquipmentTypes(templateId: number, ids: number[], defaultIds: number[]): Promise<void> {
    await this.db
      .delete(templateEquipmentTypes)
      .where(
        and(
          eq(templateEquipmentTypes.templateId, templateId),
          ids.length ? notInArray(templateEquipmentTypes.equipmentTypeId, ids) : undefined,
        ),
      );
    if (ids.length) {
      await this.db
        .insert(templateEquipmentTypes)
        .values(ids.map((equipmentTypeId) => ({ templateId, equipmentTypeId })))
        .onConflictDoNothing();
    }
    await this.db
      .update(equipmentTypes)
      .set({ defaultTemplateId: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(equipmentTypes.defaultTemplateId, templateId),
          defaultIds.length ? notInArray(equipmentTypes.id, defaultIds) : undefined,
        ),
      );
    if (defaultIds.length) {
      await this.db
        .update(equipmentTypes)
        .set({ defaultTemplateId: templateId, updatedAt: sql`now()` })
        .where(inArray(equipmentTypes.id, defaultIds));
    }
  }

  /** Stops being any type's default (archiving); answers the types it was the default for. */
  async clearDefaults(templateId: number): Promise<number[]> {
    const rows = await this.db
      .update(equipmentTypes)
      .set({ defaultTemplateId: null, updatedAt: sql`now()` })
      .where(eq(equipmentTypes.defaultTemplateId, templateId))
      .returning({ id: equipmentTypes.id });
    return rows.map((r) => r.id);
  }

  // --- versions ------------------------------------------------------------------------------

  async versions(templateId: number) {
    return this.db
      .select({
        version: templateVersions.version,
        status: templateVersions.status,
        changeNote: templateVersions.changeNote,
        revision: templateVersions.revision,
        createdAt: templateVersions.createdAt,
        createdBy: templateVersions.createdBy,
        updatedAt: templateVersions.updatedAt,
        updatedBy: templateVersions.updatedBy,
        publishedAt: templateVersions.publishedAt,
        publishedBy: templateVersions.publishedBy,
        sectionCount: sectionCountOf(sql`${templateVersions.content}`),
        itemCount: itemCountOf(sql`${templateVersions.content}`),
      })
      .from(templateVersions)
      .where(eq(templateVersions.templateId, templateId))
      .orderBy(desc(templateVersions.version));
  }

  async findVersion(templateId: number, version: number): Promise<TemplateVersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(templateVersions)
      .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, version)))
      .limit(1);
    return row;
  }

  async findDraft(templateId: number): Promise<TemplateVersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(templateVersions)
      .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.status, 'draft')))
      .limit(1);
    return row;
  }

  async latestVersionNumber(templateId: number): Promise<number> {
    const [row] = await this.db
      .select({ latest: max(templateVersions.version) })
      .from(templateVersions)
      .where(eq(templateVersions.templateId, templateId));
    return row?.latest ?? 0;
  }

  async insertVersion(values: typeof templateVersions.$inferInsert): Promise<TemplateVersionRow> {
    const [row] = await this.db.insert(templateVersions).values(values).returning();
    return row!;
  }

  /** Saves a draft's content; only a draft at the expected revision is touched (else undefined). */
  async updateDraft(
    id: number,
    expectedRevision: number,
    content: unknown,
    userId: number,
  ): Promise<TemplateVersionRow | undefined> {
    const [row] = await this.db
      .update(templateVersions)
      .set({
        content,
        revision: sql`${templateVersions.revision} + 1`,
        updatedBy: userId,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(templateVersions.id, id),
          eq(templateVersions.status, 'draft'),
          eq(templateVersions.revision, expectedRevision),
        ),
      )
      .returning();
    return row;
  }

  /** Turns a draft into a published version; a version that is not a draft is never touched. */
  async publishDraft(
    id: number,
    expectedRevision: number,
    userId: number,
    changeNote: string | null,
  ): Promise<TemplateVersionRow | undefined> {
    const [row] = await this.db
      .update(templateVersions)
      .set({ status: 'published', publishedAt: sql`now()`, publishedBy: userId, changeNote })
      .where(
        and(
          eq(templateVersions.id, id),
          eq(templateVersions.status, 'draft'),
          eq(templateVersions.revision, expectedRevision),
        ),
      )
      .returning();
    return row;
  }

  async deleteDraft(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(templateVersions)
      .where(and(eq(templateVersions.id, id), eq(templateVersions.status, 'draft')))
      .returning({ id: templateVersions.id });
    return rows.length > 0;
  }

  async userNames(ids: Array<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
  }
}
