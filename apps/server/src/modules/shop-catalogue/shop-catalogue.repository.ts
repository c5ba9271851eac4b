import type {
  CategoryListQuery,
  categorySortFields,
  ProductListQuery,
  productSortFields,
  ShopStatus,
  StockState,
} from '@inspecta/contract';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import {
  cappedTotal,
  containsPattern,
  escapeLike,
  firstMatchesPage,
  onPageId,
  pageIds,
  pageIdsCount,
  pageIdsOrder,
  parseSort,
} from '../../db/query-helpers.js';
import {
  equipmentTypes,
  shopCategories,
  shopProductEquipmentTypes,
  shopProductImages,
  shopProducts,
} from '../../db/schema.js';
import { rankedPageIds } from '../../db/search-conditions.js';
import { FEW_MATCHES, SearchSample } from '../../db/search-sample.js';
import { asValue, type Bind, StatementsByShape } from '../../db/statements-by-shape.js';

export type CategoryRow = typeof shopCategories.$inferSelect;
export type CategoryView = CategoryRow & {
  parentName: string | null;
  productCount: number;
  childCount: number;
};
export type ProductRow = typeof shopProducts.$inferSelect;
export type ProductView = ProductRow & { categoryName: string };
/** A page's images and equipment types by product id. */
export interface ProductExtras {
  images: Map<number, Array<{ id: number; url: string }>>;
  equipmentTypes: Map<number, Array<{ id: number; name: string }>>;
}

function listOf<T>(map: Map<number, T[]>, key: number): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
export type ProductFilter = Pick<ProductListQuery, 'search' | 'category_id' | 'status' | 'stock'>;

/** The list counts matches exactly up to this many; beyond, it answers the cap with totalIsCapped. */
export const PRODUCT_COUNT_CAP = 10_000;
/**
 * A search with up to this many matches sorts them all (read through the trigram index); one with
 * more walks the name index until the page is full. Names sharing a word sit together in name order,
 * so a walk for a medium term read 55,000 of 100,000 products to find 20 (docs/search.md).
 */
const PRODUCT_NAME_WALK_MIN_MATCHES = 5_000;

const parent = alias(shopCategories, 'parent_category');
const productColumns = getTableColumns(shopProducts);

// Written out with table-qualified names: inside a sub-select drizzle would leave "id" ambiguous.
const productCount = sql<number>`(select count(*) from "shop_products" as "p" where "p"."category_id" = "shop_categories"."id")::int`;
const childCount = sql<number>`(select count(*) from "shop_categories" as "child" where "child"."parent_id" = "shop_categories"."id")::int`;

const categoryNameOf = sql<string>`case when ${parent.id} is null then ${shopCategories.name} else ${parent.name} || ' \u203A ' || ${shopCategories.name} end`;

const available = sql`(${shopProducts.onHand} - ${shopProducts.reserved})`;

/** The SQL form of `stockStateOf` (contract): out at 0 available, low at or below the reorder level. */
export function stockStateCondition(state: StockState): SQL {
  if (state === 'out') return sql`${available} <= 0`;
  if (state === 'low') return sql`${available} > 0 and ${available} <= ${shopProducts.reorderLevel}`;
  return sql`${available} > ${shopProducts.reorderLevel}`;
}

type ProductSortField = (typeof productSortFields)[number];
const PRODUCT_SORT: Record<ProductSortField, SQL> = {
  name: sql`lower(${shopProducts.name})`,
  sku: sql`lower(${shopProducts.sku})`,
  pricePaise: sql`${shopProducts.pricePaise}`,
  available,
  createdAt: sql`${shopProducts.createdAt}`,
  updatedAt: sql`${shopProducts.updatedAt}`,
};

type CategorySortField = (typeof categorySortFields)[number];
const CATEGORY_SORT: Record<CategorySortField, SQL> = {
  name: sql`lower(${shopCategories.name})`,
  productCount,
  createdAt: sql`${shopCategories.createdAt}`,
};

export interface CategoryMatch {
  id: number;
  name: string;
  parentId: number | null;
  parentName: string | null;
  status: ShopStatus;
}

/** Queries of categories and products (images and equipment-type links included). */
export class ShopCatalogueRepository {
  private productSample: SearchSample | undefined;
  /** The rare term's one statement, built once per shape of filter (`StatementsByShape`). */
  private readonly fewMatchesStatements = new StatementsByShape<Array<ProductView & { n: number }>>();
  /** A search's page in a column order, built once per shape of filter and order (`StatementsByShape`). */
  private readonly sortedSearchStatements = new StatementsByShape<Array<ProductView & { n: number }>>();
  /** A relevance page read rank by rank (`rankedPageIds`), built once per shape of filter. */
  private readonly relevanceStatements = new StatementsByShape<ProductView[]>();
  /** The capped count of a filter, built once per shape. */
  private readonly countStatements = new StatementsByShape<Array<{ total: number }>>();
  /** A page's images and equipment types (`extrasOf`). */
  private readonly extrasStatements = new StatementsByShape<
    Array<{ kind: 'image' | 'type'; productId: number; id: number; text: string }>
  >();

  constructor(private readonly db: Executor) {}

  // ------------------------------------------------------------ categories

  private selectCategories() {
    return this.db
      .select({ category: shopCategories, parentName: parent.name, productCount, childCount })
      .from(shopCategories)
      .leftJoin(parent, eq(parent.id, shopCategories.parentId));
  }

  private static categoryView(r: {
    category: CategoryRow;
    parentName: string | null;
    productCount: number;
    childCount: number;
  }): CategoryView {
    return withFields(r.category, {
      parentName: r.parentName,
      productCount: Number(r.productCount),
      childCount: Number(r.childCount),
    });
  }

  async listCategories(query: CategoryListQuery): Promise<{ rows: CategoryView[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(sql`(${shopCategories.name} ilike ${pattern} or ${parent.name} ilike ${pattern})`);
    }
    if (query.status) conditions.push(eq(shopCategories.status, query.status));
    if (query.parent_id) conditions.push(eq(shopCategories.parentId, query.parent_id));
    if (query.top_level === true) conditions.push(isNull(shopCategories.parentId));
    const where = conditions.length ? and(...conditions) : undefined;
    const order: SQL[] = [];
    if (query.sort) {
      const { field, desc: descending } = parseSort<CategorySortField>(query.sort, 'name');
      order.push(descending ? desc(CATEGORY_SORT[field]) : asc(CATEGORY_SORT[field]));
    } else {
      order.push(sql`lower(coalesce(${parent.name}, ${shopCategories.name}))`);
      order.push(sql`${shopCategories.parentId} is not null`);
      order.push(sql`lower(${shopCategories.name})`);
    }
    const [rows, [counted]] = await Promise.all([
      this.selectCategories()
        .where(where)
        .orderBy(...order, asc(shopCategories.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(shopCategories)
        .leftJoin(parent, eq(parent.id, shopCategories.parentId))
        .where(where),
    ]);
    return { rows: rows.map(ShopCatalogueRepository.categoryView), total: counted?.total ?? 0 };
  }

  async allCategories(includeArchived: boolean): Promise<CategoryView[]> {
    const rows = await this.selectCategories()
      .where(includeArchived ? undefined : eq(shopCategories.status, 'active'))
      .orderBy(asc(sql`lower(${shopCategories.name})`), asc(shopCategories.id));
    return rows.map(ShopCatalogueRepository.categoryView);
  }

  async categoryView(id: number): Promise<CategoryView | undefined> {
    const [row] = await this.selectCategories().where(eq(shopCategories.id, id)).limit(1);
    return row ? ShopCatalogueRepository.categoryView(row) : undefined;
  }

  async findCategory(id: number, options: { forUpdate?: boolean } = {}): Promise<CategoryRow | undefined> {
    const query = this.db.select().from(shopCategories).where(eq(shopCategories.id, id)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async insertCategory(values: typeof shopCategories.$inferInsert): Promise<CategoryRow> {
    const [row] = await this.db.insert(shopCategories).values(values).returning();
    return row!;
  }

  async updateCategory(
    id: number,
    values: Partial<typeof shopCategories.$inferInsert>,
  ): Promise<CategoryRow> {
    const [row] = await this.db
      .update(shopCategories)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(shopCategories.id, id))
      .returning();
    return row!;
  }

  async deleteCategory(id: number): Promise<void> {
    await this.db.delete(shopCategories).where(eq(shopCategories.id, id));
  }

  async countCategoryProducts(id: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopProducts)
      .where(eq(shopProducts.categoryId, id));
    return row?.n ?? 0;
  }

  async countChildren(id: number, status?: ShopStatus): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopCategories)
      .where(and(eq(shopCategories.parentId, id), status ? eq(shopCategories.status, status) : undefined));
    return row?.n ?? 0;
  }

  /** Every category with its parent's name, for the import's "Category" column. */
  async categoryMatches(): Promise<CategoryMatch[]> {
    return this.db
      .select({
        id: shopCategories.id,
        name: shopCategories.name,
        parentId: shopCategories.parentId,
        parentName: parent.name,
        status: shopCategories.status,
      })
      .from(shopCategories)
      .leftJoin(parent, eq(parent.id, shopCategories.parentId));
  }

  // ------------------------------------------------------------ products

  /**
   * A product's row and its category's name as one flat row (a `ProductView`): Drizzle maps a flat
   * selection without the nested object, and no copy per row is needed to add the name.
   */
  private selectProducts<Extra extends Record<string, SQL> = Record<never, SQL>>(extra?: Extra) {
    return this.db
      .select(Object.assign({}, productColumns, { categoryName: categoryNameOf }, extra as Extra))
      .from(shopProducts)
      .innerJoin(shopCategories, eq(shopCategories.id, shopProducts.categoryId))
      .leftJoin(parent, eq(parent.id, shopCategories.parentId));
  }

  /** The list's filters; the stock state's condition binds nothing (`StatementsByShape` fixedParts). */
  private productFilters(query: ProductFilter, bind: Bind = asValue): SQL[] {
    const conditions: SQL[] = [];
    if (query.search) {
      conditions.push(
        sql`${shopProducts.searchText} like ${bind('contains', containsPattern(query.search.toLowerCase()))}`,
      );
    }
    if (query.category_id) {
      const categoryId = bind('categoryId', query.category_id);
      conditions.push(
        sql`(${shopProducts.categoryId} = ${categoryId} or ${shopProducts.categoryId} in (select "sc"."id" from "shop_categories" as "sc" where "sc"."parent_id" = ${categoryId}))`,
      );
    }
    if (query.status) conditions.push(eq(shopProducts.status, bind('status', query.status)));
    if (query.stock) conditions.push(stockStateCondition(query.stock));
    return conditions;
  }

  /**
   * One page of the list. Without a search, the page is read in index order (name, or the asked
   * sort) and the total counted separately, capped. With a search in relevance order (no sort asked
   * for), an exact SKU first, then SKUs starting with the term, then every other match by name: each
   * rank is its own arm cut at the page (rankedPageIds), so a common word reads the name index a page
   * at a time instead of ranking every match; the total is counted first, capped, and decides it
   * (PRODUCT_NAME_WALK_MIN_MATCHES) (issue 22).
   * With a search and a column order, `sortedSearchPage`.
   */
  async listProducts(
    query: ProductListQuery,
  ): Promise<{ rows: ProductView[]; total: number; capped: boolean }> {
    const conditions = this.productFilters(query);
    const where = conditions.length ? and(...conditions) : undefined;
    const offset = (query.page - 1) * query.limit;
    const order: SQL[] = [];
    if (query.sort) {
      const { field, desc: descending } = parseSort<ProductSortField>(query.sort, 'name');
      order.push(descending ? desc(PRODUCT_SORT[field]) : asc(PRODUCT_SORT[field]));
    } else if (query.search) {
      const term = query.search.toLowerCase();
      order.push(sql`(lower(${shopProducts.sku}) = ${term}) desc`);
      order.push(sql`(lower(${shopProducts.sku}) like ${`${escapeLike(term)}%`}) desc`);
    }
    if (!query.sort) order.push(PRODUCT_SORT.name);

    if (query.search && !query.sort) {
      const few = await this.fewMatchesPage(query, offset);
      if (few) return few;
      // The count first: it says whether the matches are few enough to sort them all (see below).
      const total = await this.countCapped(query);
      const sortAllMatches = total <= PRODUCT_NAME_WALK_MIN_MATCHES;
      // Built once per shape (`StatementsByShape`): the term, the filters, the offset and the limit
      // are bound; the stock state's condition and how the rest arm is read are fixed parts.
      const rows = await this.relevanceStatements.run(
        (bind) =>
          this.relevancePageIds(
            query.search!,
            this.productFilters(withFields(query, { search: undefined }), bind),
            offset,
            query.limit,
            sortAllMatches,
            bind,
          ),
        (ids) =>
          this.selectProducts().innerJoin(pageIds(ids), onPageId(shopProducts.id)).orderBy(pageIdsOrder),
        `${query.stock ?? ''}|${sortAllMatches ? 'sorted' : 'walked'}`,
      );
      return { rows, ...cappedTotal(total, PRODUCT_COUNT_CAP) };
    }

    if (query.search) return this.sortedSearchPage(query, offset);

    const rows: ProductView[] = await this.selectProducts()
      .where(where)
      .orderBy(...order, asc(shopProducts.id))
      .limit(query.limit)
      .offset(offset);
    // A short page is the last one: the total is known without counting.
    if (rows.length > 0 && rows.length < query.limit)
      return { rows, total: offset + rows.length, capped: false };
    if (rows.length === 0 && offset === 0) return { rows, total: 0, capped: false };
    const total = await this.countCapped(query);
    return { rows, ...cappedTotal(total, PRODUCT_COUNT_CAP) };
  }

  /**
   * A search in a column order: one statement sorts the matches, counts them in the same pass
   * (`count(*) over ()`) and joins the page's rows. The sort reads every match whatever the count
   * (no index holds the search and a column's order together), so the count adds little: reading
   * the first 10,001 matches for a capped count and then the page cost twice as much for a common
   * word (docs/search.md). The page is numbered again after its LIMIT, so only its rows are sorted.
   */
  private async sortedSearchPage(
    query: ProductListQuery,
    offset: number,
  ): Promise<{ rows: ProductView[]; total: number; capped: boolean }> {
    const { field, desc: descending } = parseSort<ProductSortField>(query.sort, 'name');
    const direction = sql.raw(descending ? 'desc' : 'asc');
    // Built once per shape (`StatementsByShape`): the filters' values, the limit and the offset are
    // bound; the column, its direction and the stock state's condition are fixed parts of the shape.
    const found = await this.sortedSearchStatements.run(
      (bind) => sql`(
      select id, n, row_number() over (order by sort_key ${direction}, id asc) as ord from (
        select ${shopProducts.id} as id, ${PRODUCT_SORT[field]} as sort_key, count(*) over () as n
        from ${shopProducts} where ${and(...this.productFilters(query, bind))}
        order by sort_key ${direction}, id asc
        limit ${bind('limit', query.limit)} offset ${bind('offset', offset)}) as ranked) as page_ids`,
      (page) =>
        this.selectProducts({ n: pageIdsCount })
          .innerJoin(page, onPageId(shopProducts.id))
          .orderBy(pageIdsOrder),
      `${query.stock ?? ''}|${field}|${descending ? 'desc' : 'asc'}`,
    );
    const n = found.length ? Number(found[0]!.n) : offset > 0 ? await this.countCapped(query) : 0;
    return { rows: found, ...cappedTotal(n, PRODUCT_COUNT_CAP) };
  }

  /**
   * A term the sample says is rare (issue 22, docs/search.md): its matches ranked as the arms rank
   * them (the exact SKU, SKUs starting with the term, then the rest, each by name) and counted, in
   * one statement instead of a count and then the arms. Both SKU tests are substrings of
   * search_text, so every arm's row is among the matches. Undefined when the estimate is over
   * FEW_MATCHES, the statement found more (a stale sample), or a page past the last left the count
   * unknown.
   */
  private async fewMatchesPage(
    query: ProductListQuery,
    offset: number,
  ): Promise<{ rows: ProductView[]; total: number; capped: boolean } | undefined> {
    const term = (query.search ?? '').toLowerCase();
    this.productSample ??= new SearchSample(this.db, sql`${shopProducts}`, sql`${shopProducts.searchText}`);
    if ((await this.productSample.matchesAtMost([term])) > FEW_MATCHES) return undefined;
    const sku = sql`lower(${shopProducts.sku})`;
    // Built once per shape of filter (`StatementsByShape`): each value below is bound; the stock
    // state's condition binds none and is named as a fixed part.
    const found = await this.fewMatchesStatements.run(
      (bind) =>
        firstMatchesPage({
          matched: sql`
        select ${shopProducts.id} as id, lower(${shopProducts.name}) as name_key,
               case when ${sku} = ${bind('term', term)} then 0
                    when ${sku} like ${bind('prefix', `${escapeLike(term)}%`)} then 1 else 2 end as rank
        from ${shopProducts} where ${and(...this.productFilters(query, bind))}`,
          order: sql`rank, name_key, id`,
          cap: FEW_MATCHES,
          limit: bind('limit', query.limit),
          offset: bind('offset', offset),
        }),
      (page) =>
        this.selectProducts({ n: pageIdsCount })
          .innerJoin(page, onPageId(shopProducts.id))
          .orderBy(pageIdsOrder),
      query.stock ?? '',
    );
    const total = this.productSample.fewMatchesTotal(found, offset === 0);
    if (total === undefined) return undefined;
    return { rows: found, total, capped: false };
  }

  /**
   * The ids of a relevance page: the exact SKU (the unique index), SKUs starting with the term
   * (`shop_products_sku_prefix_idx`), then every match in name order (`shop_products_name_idx` read
   * until the page is full, or the trigram index for a rare term). `others` are the list's filters
   * besides the search, applied in every arm.
   */
  private relevancePageIds(
    search: string,
    others: SQL[],
    offset: number,
    limit: number,
    sortAllMatches: boolean,
    bind: Bind = asValue,
  ): SQL {
    const term = search.toLowerCase();
    const within = (condition: SQL) => and(condition, ...others)!;
    return rankedPageIds({
      table: shopProducts,
      id: shopProducts.id,
      sortKey: sql`lower(${shopProducts.name})`,
      ascending: true,
      exact: within(sql`lower(${shopProducts.sku}) = ${bind('term', term)}`),
      prefix: within(sql`lower(${shopProducts.sku}) like ${bind('prefix', `${escapeLike(term)}%`)}`),
      rest: within(sql`${shopProducts.searchText} like ${bind('contains', containsPattern(term))}`),
      armOrder: sql`lower(${shopProducts.name}), ${shopProducts.id}`,
      sortAllMatches,
      offset,
      limit,
      bind,
    });
  }

  /** Matches of the list's filters, counted up to one past the cap; built once per shape. */
  private async countCapped(query: ProductFilter): Promise<number> {
    const [row] = await this.countStatements.run(
      (bind) => this.productFilters(query, bind),
      (conditions) =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(
            sql`(select 1 from ${shopProducts} ${conditions.length ? sql`where ${and(...conditions)}` : sql``} limit ${PRODUCT_COUNT_CAP + 1}) as matched`,
          ),
      query.stock ?? '',
    );
    return Number(row?.total ?? 0);
  }

  async countProducts(query: ProductFilter): Promise<number> {
    const conditions = this.productFilters(query);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopProducts)
      .where(conditions.length ? and(...conditions) : undefined);
    return row?.n ?? 0;
  }

  /** One export batch of the filtered list in id order after `afterId`. */
  async productBatchAfter(query: ProductFilter, afterId: number, size: number): Promise<ProductView[]> {
    return this.selectProducts()
      .where(and(...this.productFilters(query), gt(shopProducts.id, afterId)))
      .orderBy(asc(shopProducts.id))
      .limit(size);
  }

  async productView(id: number): Promise<ProductView | undefined> {
    const [row] = await this.selectProducts().where(eq(shopProducts.id, id)).limit(1);
    return row;
  }

  async findProduct(id: number, options: { forUpdate?: boolean } = {}): Promise<ProductRow | undefined> {
    const query = this.db.select().from(shopProducts).where(eq(shopProducts.id, id)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  }

  async insertProduct(values: typeof shopProducts.$inferInsert): Promise<ProductRow> {
    const [row] = await this.db.insert(shopProducts).values(values).returning();
    return row!;
  }

  async updateProduct(id: number, values: Partial<typeof shopProducts.$inferInsert>): Promise<ProductRow> {
    const [row] = await this.db
      .update(shopProducts)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(shopProducts.id, id))
      .returning();
    return row!;
  }

  /** Lower-cased SKUs among `skus` that are already taken (the import checks its rows against them). */
  async takenSkus(skus: string[]): Promise<Set<string>> {
    if (!skus.length) return new Set();
    const lower = skus.map((s) => s.toLowerCase());
    const rows = await this.db
      .select({ sku: sql<string>`lower(${shopProducts.sku})` })
      .from(shopProducts)
      .where(inArray(sql`lower(${shopProducts.sku})`, lower));
    return new Set(rows.map((r) => r.sku));
  }

  // ------------------------------------------------------------ images and equipment types

  /**
   * A page's images (in upload order) and equipment types (by name), in one statement: the two
   * reads joined by `union all`, the page's ids bound as one array (`= any`), so every page runs the
   * same statement, built once. On the embedded database each statement is six calls into it
   * (parse, describe, bind, describe, execute, sync): a rare term's request now makes twelve such
   * calls instead of eighteen (docs/performance.md, "What a request allocates").
   */
  async extrasOf(productIds: number[]): Promise<ProductExtras> {
    const extras: ProductExtras = { images: new Map(), equipmentTypes: new Map() };
    if (!productIds.length) return extras;
    const rows = await this.extrasStatements.run(
      (bind) => bind('productIds', productIds),
      (ids) =>
        this.db
          .select({
            kind: sql<'image' | 'type'>`extras.kind`,
            productId: sql<number>`extras.product_id`,
            id: sql<number>`extras.id`,
            text: sql<string>`extras.text`,
          })
          .from(
            sql`(
              select 'image' as kind, ${shopProductImages.productId} as product_id, ${shopProductImages.id} as id,
                     ${shopProductImages.url} as text, '' as sort_key
              from ${shopProductImages} where ${shopProductImages.productId} = any(${ids})
              union all
              select 'type', ${shopProductEquipmentTypes.productId}, ${equipmentTypes.id}, ${equipmentTypes.name},
                     lower(${equipmentTypes.name})
              from ${shopProductEquipmentTypes}
              inner join ${equipmentTypes} on ${equipmentTypes.id} = ${shopProductEquipmentTypes.equipmentTypeId}
              where ${shopProductEquipmentTypes.productId} = any(${ids})) as extras`,
          )
          .orderBy(sql`extras.kind, extras.sort_key, extras.id`),
    );
    for (const r of rows) {
      if (r.kind === 'image') listOf(extras.images, r.productId).push({ id: r.id, url: r.text });
      else listOf(extras.equipmentTypes, r.productId).push({ id: r.id, name: r.text });
    }
    return extras;
  }

  async insertImage(productId: number, url: string): Promise<{ id: number; url: string }> {
    const [row] = await this.db
      .insert(shopProductImages)
      .values({ productId, url })
      .returning({ id: shopProductImages.id, url: shopProductImages.url });
    return row!;
  }

  async findImage(productId: number, imageId: number): Promise<{ id: number; url: string } | undefined> {
    const [row] = await this.db
      .select({ id: shopProductImages.id, url: shopProductImages.url })
      .from(shopProductImages)
      .where(and(eq(shopProductImages.id, imageId), eq(shopProductImages.productId, productId)))
      .limit(1);
    return row;
  }

  async deleteImage(imageId: number): Promise<void> {
    await this.db.delete(shopProductImages).where(eq(shopProductImages.id, imageId));
  }

  async countImages(productId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopProductImages)
      .where(eq(shopProductImages.productId, productId));
    return row?.n ?? 0;
  }

  async equipmentTypesOf(productIds: number[]): Promise<ProductExtras['equipmentTypes']> {
    return (await this.extrasOf(productIds)).equipmentTypes;
  }

  /** The ids among `ids` that are equipment types. */
  async existingEquipmentTypeIds(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: equipmentTypes.id })
      .from(equipmentTypes)
      .where(inArray(equipmentTypes.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async setEquipmentTypes(productId: number, ids: number[]): Promise<void> {
    await this.db.delete(shopProductEquipmentTypes).where(eq(shopProductEquipmentTypes.productId, productId));
    if (ids.length) {
      await this.db
        .insert(shopProductEquipmentTypes)
        .values(ids.map((equipmentTypeId) => ({ productId, equipmentTypeId })));
    }
  }
}
