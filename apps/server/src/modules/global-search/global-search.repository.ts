import { GLOBAL_SEARCH_COUNT_CAP, type GlobalSearchMatch } from '@inspecta/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { containsPattern, escapeLike, inIdOrder } from '../../db/query-helpers.js';
import {
  assignments,
  equipment,
  equipmentSearchText,
  equipmentTypeSearchText,
  equipmentTypes,
  inspections,
  shopCategories,
  shopProductImages,
  shopProducts,
  sites,
  templates,
  users,
} from '../../db/schema.js';
import { matchingClients, siteSearchCondition, userSearchCondition } from '../../db/search-conditions.js';

/** What one search looks for, worked out once from the term. */
export interface SearchTerm {
  /** As typed (trimmed). */
  text: string;
  lower: string;
  /** `term%`, lower-cased, wildcards escaped. */
  prefix: string;
  /** The id the term names (`42` or `#42`), when it is one. */
  id: number | null;
}

export function searchTermOf(text: string): SearchTerm {
  const lower = text.toLowerCase();
  const id = /^#?(\d{1,9})$/.exec(text)?.[1];
  return { text, lower, prefix: `${escapeLike(lower)}%`, id: id ? Number(id) : null };
}

/** One group's ranked ids (best first) with their match level and the capped count of matches. */
export interface RankedIds {
  ids: Array<{ id: number; match: GlobalSearchMatch }>;
  total: number;
  totalCapped: boolean;
}

const MATCHES: GlobalSearchMatch[] = ['exact', 'prefix', 'contains'];

/** The candidate scan stops here: enough to count "1000+" and to rank among. */
const CANDIDATE_LIMIT = GLOBAL_SEARCH_COUNT_CAP + 1;

const client = alias(users, 'client');
const inspector = alias(users, 'inspector');

type Row = { id: number | string; rank: number | string; total: number | string };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Ranks one kind. `candidates` selects at most 1,001 ids through the list's own indexed condition
 * (so the count is the list's count, capped). `extra` adds the exact matches, which the capped scan
 * may have stopped before: it only runs when the scan was capped (a one-time filter). Only this pool
 * is ranked (0 exact, 1 prefix, 2+ contains; then trigram similarity; then `tieBreak`), its rows read
 * by primary key (`= any(array(…))` keeps PostgreSQL on the index instead of joining the whole table).
 */
async function rank(
  db: Executor,
  parts: {
    table: SQL;
    candidates: SQL;
    extra: SQL | null;
    rank: SQL;
    score: SQL;
    tieBreak: SQL;
    limit: number;
  },
): Promise<RankedIds> {
  const result = await db.execute(sql`
    with candidates as materialized (${parts.candidates}),
    pool as materialized (
      select id from candidates
      ${parts.extra ? sql`union select x.id from (${parts.extra}) x where (select count(*) from candidates) >= ${CANDIDATE_LIMIT}` : sql``}
    )
    select t.id, ${parts.rank} as rank, (select count(*) from candidates) as total
    from ${parts.table} t
    where t.id = any(array(select id from pool))
    order by 2, ${parts.score} desc, ${parts.tieBreak}, t.id
    limit ${parts.limit}`);
  const rows = rowsOf(result);
  const counted = Number(rows[0]?.total ?? 0);
  return {
    ids: rows.map((r) => ({ id: Number(r.id), match: MATCHES[Math.min(Number(r.rank), 2)]! })),
    total: Math.min(counted, GLOBAL_SEARCH_COUNT_CAP),
    totalCapped: counted > GLOBAL_SEARCH_COUNT_CAP,
  };
}

/** Keeps rows in the order of `ids` (the ranking), whatever order the database read them in. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  return inIdOrder(ids, rows, (r) => r.id);
}

export class GlobalSearchRepository {
  constructor(private readonly db: Executor) {}

  /** Sites: exactly the register's search (id, SiteId no., name, city, client), every status. */
  async rankSites(term: SearchTerm, limit: number): Promise<RankedIds> {
    const where = siteSearchCondition(this.db, term.text, await matchingClients(this.db, term.text));
    const exact = or(
      sql`lower(t.site_code) = ${term.lower}`,
      term.id !== null ? sql`t.id = ${term.id}` : undefined,
    )!;
    return rank(this.db, {
      table: sql`${sites}`,
      candidates: sql`select ${sites.id} as id from ${sites} where ${where} limit ${CANDIDATE_LIMIT}`,
      // The unique index on lower(site_code) and the primary key find these whatever the scan saw.
      extra: sql`select t.id from ${sites} t where ${exact}`,
      rank: sql`case when ${exact} then 0
        when lower(t.site_code) like ${term.prefix} or lower(t.name) like ${term.prefix}
          or lower(coalesce(t.city, '')) like ${term.prefix} then 1
        else 2 end`,
      score: sql`similarity(t.search_text, ${term.lower})`,
      tieBreak: sql`lower(t.name)`,
      limit,
    });
  }

  /**
   * Shop products: the product list's search (SKU and name under one trigram index), every status;
   * an exact SKU first, then a SKU or name starting with the term.
   */
  async rankProducts(term: SearchTerm, limit: number): Promise<RankedIds> {
    const exact = sql`lower(t.sku) = ${term.lower}`;
    return rank(this.db, {
      table: sql`${shopProducts}`,
      candidates: sql`select ${shopProducts.id} as id from ${shopProducts} where ${shopProducts.searchText} like ${containsPattern(term.lower)} limit ${CANDIDATE_LIMIT}`,
      // The unique index on lower(sku) finds it whatever the scan saw.
      extra: sql`select t.id from ${shopProducts} t where ${exact}`,
      rank: sql`case when ${exact} then 0
        when lower(t.sku) like ${term.prefix} or lower(t.name) like ${term.prefix} then 1
        else 2 end`,
      score: sql`similarity(t.search_text, ${term.lower})`,
      tieBreak: sql`lower(t.name)`,
      limit,
    });
  }

  async productsByIds(ids: number[]) {
    if (!ids.length) return [];
    const parent = alias(shopCategories, 'parent_category');
    const rows = await this.db
      .select({
        id: shopProducts.id,
        sku: shopProducts.sku,
        name: shopProducts.name,
        categoryName: sql<string>`case when ${parent.id} is null then ${shopCategories.name} else ${parent.name} || ' \u203A ' || ${shopCategories.name} end`,
        status: shopProducts.status,
        onHand: shopProducts.onHand,
        reserved: shopProducts.reserved,
        reorderLevel: shopProducts.reorderLevel,
        imageUrl: sql<
          string | null
        >`(select "i"."url" from ${shopProductImages} as "i" where "i"."product_id" = ${shopProducts.id} order by "i"."id" limit 1)`,
      })
      .from(shopProducts)
      .innerJoin(shopCategories, eq(shopCategories.id, shopProducts.categoryId))
      .leftJoin(parent, eq(parent.id, shopCategories.parentId))
      .where(inArray(shopProducts.id, ids));
    return inOrder(ids, rows);
  }

  async sitesByIds(ids: number[]) {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        id: sites.id,
        siteCode: sites.siteCode,
        name: sites.name,
        city: sites.city,
        status: sites.status,
        clientCompany: client.company,
        clientFirstName: client.firstName,
        clientLastName: client.lastName,
      })
      .from(sites)
      .leftJoin(client, eq(client.id, sites.clientId))
      .where(inArray(sites.id, ids));
    return inOrder(ids, rows);
  }

  /**
   * Equipment: the equipment list's search (asset tag, serial number and name through the trigram
   * index, or the unit's site by name or code, or its type by name). Units matching by their own
   * text rank above units that match through their site or type.
   */
  async rankEquipment(term: SearchTerm, limit: number): Promise<RankedIds> {
    const ownText = sql`${equipmentSearchText(equipment)} ilike ${containsPattern(term.text)}`;
    // Each arm on its own index, each stopping at 1,001: the trigram index for the unit's own text;
    // for matching sites and types, one index probe per site (type) rather than one OR'ed
    // condition, for which PostgreSQL may choose to read every unit when it misjudges the count.
    // The sites and types are a sub-select of the same statement, read only until the arm has its
    // 1,001 units: fetched first into the process, a common word's 5,000 site ids were most of the
    // search's allocation on the embedded database (docs/performance.md, "What a request allocates").
    const arms: SQL[] = [
      sql`(select ${equipment.id} as id from ${equipment} where ${ownText} limit ${CANDIDATE_LIMIT})`,
      sql`(select u.id from (${this.sitesNamed(term)}) as s
        cross join lateral (select ${equipment.id} as id from ${equipment} where ${equipment.siteId} = s.id limit ${CANDIDATE_LIMIT}) u
        limit ${CANDIDATE_LIMIT})`,
      sql`(select u.id from (${this.typesNamed(term)}) as k
        cross join lateral (select ${equipment.id} as id from ${equipment} where ${equipment.equipmentTypeId} = k.id limit ${CANDIDATE_LIMIT}) u
        limit ${CANDIDATE_LIMIT})`,
    ];
    const exact = sql`(lower(t.asset_tag) = ${term.lower} or lower(t.serial_number) = ${term.lower})`;
    return rank(this.db, {
      table: sql`${equipment}`,
      candidates: sql`select id from (${sql.join(arms, sql` union `)}) a limit ${CANDIDATE_LIMIT}`,
      // An exact tag or serial is inside the unit's own text: the trigram index finds it.
      extra: sql`select ${equipment.id} as id from ${equipment} where ${ownText}
        and (lower(${equipment.assetTag}) = ${term.lower} or lower(${equipment.serialNumber}) = ${term.lower})`,
      rank: sql`case when ${exact} then 0
        when lower(t.asset_tag) like ${term.prefix} or lower(coalesce(t.serial_number, '')) like ${term.prefix}
          or lower(t.name) like ${term.prefix} then 1
        when (t.asset_tag || ' ' || coalesce(t.serial_number, '') || ' ' || t.name) ilike ${containsPattern(term.text)} then 2
        else 3 end`,
      score: sql`similarity(t.asset_tag || ' ' || coalesce(t.serial_number, ''), ${term.lower})`,
      tieBreak: sql`t.asset_tag`,
      limit,
    });
  }

  /**
   * Sites whose name or SiteId no. contains the term (what the equipment list matches units by),
   * found through the sites' trigram index (`search_text` holds both, lower-cased), as a sub-select
   * of their ids. Beyond 5,000 such sites the units found are far past the count's cap anyway.
   */
  private sitesNamed(term: SearchTerm): SQL {
    const pattern = containsPattern(term.text);
    return sql`select ${sites.id} as id from ${sites}
      where ${sites.searchText} like ${containsPattern(term.lower)}
        and (${sites.name} ilike ${pattern} or ${sites.siteCode} ilike ${pattern})
      limit 5000`;
  }

  /**
   * Equipment types whose name contains the term, as a sub-select of their ids. The catalogue's
   * text (name, category, maker, model) holds the name, so testing it too changes nothing but lets
   * its trigram index (`equipment_types_search_trgm_idx`) find them: the name alone read every type
   * (100,000 in the catalogue bench) on every global search. At most 5,000, as the sites: the units
   * found through them are past the count's cap long before.
   */
  private typesNamed(term: SearchTerm): SQL {
    const pattern = containsPattern(term.text);
    return sql`select ${equipmentTypes.id} as id from ${equipmentTypes}
      where ${equipmentTypeSearchText(equipmentTypes)} ilike ${pattern} and ${equipmentTypes.name} ilike ${pattern}
      limit 5000`;
  }

  async equipmentByIds(ids: number[]) {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        id: equipment.id,
        assetTag: equipment.assetTag,
        serialNumber: equipment.serialNumber,
        name: equipment.name,
        status: equipment.status,
        typeName: equipmentTypes.name,
        site: { id: sites.id, siteCode: sites.siteCode, name: sites.name },
      })
      .from(equipment)
      .innerJoin(sites, eq(sites.id, equipment.siteId))
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
      .where(inArray(equipment.id, ids));
    return inOrder(ids, rows);
  }

  /** Users: the user list's search (name, email, phone, company, employee code, id), live users only. */
  async rankUsers(term: SearchTerm, limit: number): Promise<RankedIds> {
    const where = and(isNull(users.deletedAt), userSearchCondition(term.text));
    const digits = /^[\d\s()+.-]+$/.test(term.text) ? term.text.replace(/[\s().-]/g, '') : null;
    const exact = or(
      sql`lower(t.email) = ${term.lower}`,
      term.id !== null ? sql`t.id = ${term.id}` : undefined,
      digits && digits.length >= 8 ? sql`t.phone in (${digits}, ${`+91${digits}`})` : undefined,
    )!;
    const document = sql`(t.first_name || ' ' || t.last_name || ' ' || t.email || ' ' || coalesce(t.phone, '') || ' ' || coalesce(t.company, '') || ' ' || coalesce(t.employee_code, ''))`;
    return rank(this.db, {
      table: sql`${users}`,
      candidates: sql`select ${users.id} as id from ${users} where ${where} limit ${CANDIDATE_LIMIT}`,
      extra: sql`select t.id from ${users} t where t.deleted_at is null and ${exact}`,
      rank: sql`case when ${exact} then 0
        when lower(t.first_name) like ${term.prefix} or lower(t.last_name) like ${term.prefix}
          or lower(t.first_name || ' ' || t.last_name) like ${term.prefix} or lower(t.email) like ${term.prefix}
          or lower(coalesce(t.company, '')) like ${term.prefix} then 1
        else 2 end`,
      score: sql`similarity(${document}, ${term.lower})`,
      tieBreak: sql`lower(t.first_name), lower(t.last_name)`,
      limit,
    });
  }

  async usersByIds(ids: number[]) {
    if (!ids.length) return [];
    const rows = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        company: users.company,
        userType: users.userType,
        status: users.status,
      })
      .from(users)
      .where(inArray(users.id, ids));
    return inOrder(ids, rows);
  }

  /** Assignments are found by their id (`42` or `#42`). */
  async assignmentById(id: number) {
    return this.db
      .select({
        id: assignments.id,
        status: assignments.status,
        dueOn: assignments.dueOn,
        site: { id: sites.id, siteCode: sites.siteCode, name: sites.name },
        inspectorFirstName: inspector.firstName,
        inspectorLastName: inspector.lastName,
        templateName: templates.name,
      })
      .from(assignments)
      .innerJoin(sites, eq(sites.id, assignments.siteId))
      .innerJoin(inspector, eq(inspector.id, assignments.inspectorId))
      .innerJoin(templates, eq(templates.id, assignments.templateId))
      .where(eq(assignments.id, id));
  }

  /** Completed inspections are found by their id; one still in progress is reached through its assignment. */
  async completedInspectionById(id: number) {
    return this.db
      .select({
        id: inspections.id,
        assignmentId: inspections.assignmentId,
        result: inspections.result,
        completedAt: inspections.completedAt,
        site: { id: sites.id, siteCode: sites.siteCode, name: sites.name },
        inspectorFirstName: inspector.firstName,
        inspectorLastName: inspector.lastName,
      })
      .from(inspections)
      .innerJoin(sites, eq(sites.id, inspections.siteId))
      .innerJoin(inspector, eq(inspector.id, inspections.inspectorId))
      .where(and(eq(inspections.id, id), eq(inspections.status, 'completed')));
  }
}
