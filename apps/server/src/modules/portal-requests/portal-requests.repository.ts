import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { containsPattern } from '../../db/query-helpers.js';
import {
  equipment,
  inspectionCategories,
  inspectionRequestEquipment,
  inspectionRequests,
  sites,
  users,
} from '../../db/schema.js';

export type RequestRow = typeof inspectionRequests.$inferSelect;
type NewRequestRow = typeof inspectionRequests.$inferInsert;
type RequestStatus = RequestRow['status'];

/** A request with what its screens show: the site, the category and who asked. */
export interface RequestWithRefs {
  request: RequestRow;
  site: { id: number; name: string; siteCode: string };
  category: { id: number; name: string } | null;
  requester: { id: number; firstName: string; lastName: string; email: string };
}

function rowColumns() {
  return {
    request: inspectionRequests,
    site: { id: sites.id, name: sites.name, siteCode: sites.siteCode },
    category: { id: inspectionCategories.id, name: inspectionCategories.name },
    requester: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  };
}

export class PortalRequestsRepository {
  constructor(private readonly db: Executor) {}

  private select() {
    return this.db
      .select(rowColumns())
      .from(inspectionRequests)
      .innerJoin(sites, eq(sites.id, inspectionRequests.siteId))
      .innerJoin(users, eq(users.id, inspectionRequests.clientId))
      .leftJoin(inspectionCategories, eq(inspectionCategories.id, inspectionRequests.categoryId));
  }

  // ---------------------------------------------------------------- the form's choices

  /** The client's sites by name (at most `limit`), optionally matching `search`. */
  async clientSites(clientId: number, search: string | undefined, limit: number) {
    const where: SQL[] = [eq(sites.clientId, clientId), ne(sites.status, 'inactive')];
    if (search) where.push(sql`${sites.searchText} like lower(${containsPattern(search)})`);
    return this.db
      .select({ id: sites.id, name: sites.name, siteCode: sites.siteCode })
      .from(sites)
      .where(and(...where))
      .orderBy(asc(sites.name), asc(sites.id))
      .limit(limit);
  }

  async activeCategories() {
    return this.db
      .select({ id: inspectionCategories.id, name: inspectionCategories.name })
      .from(inspectionCategories)
      .where(eq(inspectionCategories.active, true))
      .orderBy(asc(inspectionCategories.name));
  }

  async findSite(id: number) {
    const [row] = await this.db
      .select({ id: sites.id, name: sites.name, siteCode: sites.siteCode, clientId: sites.clientId })
      .from(sites)
      .where(eq(sites.id, id));
    return row;
  }

  async findCategory(id: number) {
    const [row] = await this.db
      .select({ id: inspectionCategories.id, active: inspectionCategories.active })
      .from(inspectionCategories)
      .where(eq(inspectionCategories.id, id));
    return row;
  }

  /** Which of `ids` are units of the site. */
  async unitsAtSite(siteId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.siteId, siteId), inArray(equipment.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  // ---------------------------------------------------------------- writing

  async insert(values: NewRequestRow, equipmentIds: number[]): Promise<RequestRow> {
    const [row] = await this.db.insert(inspectionRequests).values(values).returning();
    if (equipmentIds.length)
      await this.db
        .insert(inspectionRequestEquipment)
        .values(equipmentIds.map((equipmentId) => ({ requestId: row!.id, equipmentId })));
    return row!;
  }

  /** The request, locked for the rest of the transaction (two decisions cannot cross). */
  async lock(id: number): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(inspectionRequests)
      .where(eq(inspectionRequests.id, id))
      .for('update');
    return row;
  }

  async update(id: number, values: Partial<NewRequestRow>): Promise<RequestRow> {
    const [row] = await this.db
      .update(inspectionRequests)
      .set(withFields(values, { updatedAt: sql`now()` }))
      .where(eq(inspectionRequests.id, id))
      .returning();
    return row!;
  }

  // ---------------------------------------------------------------- reading

  async findById(id: number): Promise<RequestWithRefs | undefined> {
    const [row] = await this.select().where(eq(inspectionRequests.id, id));
    return row as RequestWithRefs | undefined;
  }

  /** The units of each request, by request id. */
  async unitsOf(requestIds: number[]) {
    const byRequest = new Map<number, Array<{ id: number; name: string; assetTag: string }>>();
    if (!requestIds.length) return byRequest;
    const rows = await this.db
      .select({
        requestId: inspectionRequestEquipment.requestId,
        id: equipment.id,
        name: equipment.name,
        assetTag: equipment.assetTag,
      })
      .from(inspectionRequestEquipment)
      .innerJoin(equipment, eq(equipment.id, inspectionRequestEquipment.equipmentId))
      .where(inArray(inspectionRequestEquipment.requestId, requestIds))
      .orderBy(asc(equipment.assetTag), asc(equipment.id));
    for (const { requestId, ...unit } of rows) {
      const list = byRequest.get(requestId) ?? [];
      list.push(unit);
      byRequest.set(requestId, list);
    }
    return byRequest;
  }

  /** One client's requests, newest first. */
  async listForClient(
    clientId: number,
    status: RequestStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: RequestWithRefs[]; total: number }> {
    const where = and(
      eq(inspectionRequests.clientId, clientId),
      status ? eq(inspectionRequests.status, status) : undefined,
    );
    const [rows, totals] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(desc(inspectionRequests.createdAt), desc(inspectionRequests.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ total: count() }).from(inspectionRequests).where(where),
    ]);
    return { rows: rows as RequestWithRefs[], total: totals[0]?.total ?? 0 };
  }

  /** The administrators' queue: open first, then oldest first (the index's order). */
  async listForAdmin(
    status: RequestStatus | undefined,
    search: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: RequestWithRefs[]; total: number }> {
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(inspectionRequests.status, status));
    if (search) {
      const pattern = containsPattern(search);
      conditions.push(
        or(
          sql`${sites.searchText} like lower(${pattern})`,
          ilike(
            sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.company}, '')`,
            pattern,
          ),
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(
          sql`(${inspectionRequests.status} <> 'open')`,
          asc(inspectionRequests.createdAt),
          asc(inspectionRequests.id),
        )
        .offset(offset)
        .limit(limit),
      this.db
        .select({ total: count() })
        .from(inspectionRequests)
        .innerJoin(sites, eq(sites.id, inspectionRequests.siteId))
        .innerJoin(users, eq(users.id, inspectionRequests.clientId))
        .where(where),
    ]);
    return { rows: rows as RequestWithRefs[], total: totals[0]?.total ?? 0 };
  }
}
