import type { LogHistoryQuery, StockMovementKind } from '@inspecta/contract';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { cappedTotal } from '../../db/query-helpers.js';
import { shopProductImages, shopProducts, shopStockMovements, users } from '../../db/schema.js';

export type MovementRow = typeof shopStockMovements.$inferSelect & {
  actorName: string | null;
};

/** The log history counts exactly up to this many movements; beyond, it answers the cap. */
export const LOG_HISTORY_COUNT_CAP = 10_000;

export interface MovementChange {
  productId: number;
  kind: StockMovementKind;
  /** Change of on hand. */
  quantityDelta: number;
  /** Change of reserved. */
  reservedDelta: number;
  unitCostPaise: number | null;
  supplierReference: string | null;
  reason: string | null;
  actorId: number | null;
  /** When it happened; absent: now (the demo data backdates its history). */
  at?: Date;
}

export interface InventoryTotalsRow {
  productsTotal: number;
  productsActive: number;
  lowStock: number;
  outOfStock: number;
  unitsOnHand: number;
  stockValueAtCostPaise: number;
  stockValueAtPricePaise: number;
}

const available = sql`(${shopProducts.onHand} - ${shopProducts.reserved})`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The stock ledger: movements, the running stock on the product row, and the inventory figures. */
export class StockLedgerRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Applies a movement to the product's running stock in one conditional UPDATE: the row is locked
   * by the update itself, the condition is re-checked on the latest version of the row when another
   * transaction changed it first, so concurrent movements serialise and none can take available
   * stock (on hand − reserved) below zero. A receive also moves the weighted average cost. Answers
   * the stock after the change, or undefined when the condition refused it (or there is no product).
   */
  async applyToStock(change: MovementChange): Promise<{ onHand: number; reserved: number } | undefined> {
    const { quantityDelta: dq, reservedDelta: dr, unitCostPaise: cost } = change;
    const averageCost =
      cost === null
        ? sql`${shopProducts.averageCostPaise}`
        : sql`case when ${shopProducts.onHand} + ${dq} <= 0 then ${shopProducts.averageCostPaise}
            when ${shopProducts.onHand} <= 0 then ${cost}::int
            else round((${shopProducts.onHand}::numeric * ${shopProducts.averageCostPaise} + ${dq}::numeric * ${cost}) / (${shopProducts.onHand} + ${dq}))::int end`;
    const [row] = await this.db
      .update(shopProducts)
      .set({
        onHand: sql`${shopProducts.onHand} + ${dq}`,
        reserved: sql`${shopProducts.reserved} + ${dr}`,
        averageCostPaise: averageCost,
      })
      .where(
        and(
          eq(shopProducts.id, change.productId),
          sql`${shopProducts.onHand} + ${dq} - (${shopProducts.reserved} + ${dr}) >= 0`,
          sql`${shopProducts.reserved} + ${dr} >= 0`,
        ),
      )
      .returning({ onHand: shopProducts.onHand, reserved: shopProducts.reserved });
    return row;
  }

  async insertMovement(
    change: MovementChange,
    onHandAfter: number,
  ): Promise<typeof shopStockMovements.$inferSelect> {
    const [row] = await this.db
      .insert(shopStockMovements)
      .values({
        productId: change.productId,
        kind: change.kind,
        quantityDelta: change.quantityDelta,
        reservedDelta: change.reservedDelta,
        onHandBefore: onHandAfter - change.quantityDelta,
        onHandAfter,
        unitCostPaise: change.unitCostPaise,
        supplierReference: change.supplierReference,
        reason: change.reason,
        actorId: change.actorId,
        ...(change.at ? { createdAt: change.at } : {}),
      })
      .returning();
    return row!;
  }

  private selectMovements() {
    return this.db
      .select({
        movement: shopStockMovements,
        actorName: sql<
          string | null
        >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      })
      .from(shopStockMovements)
      .leftJoin(users, eq(users.id, shopStockMovements.actorId));
  }

  async movementById(id: number): Promise<MovementRow | undefined> {
    const [row] = await this.selectMovements().where(eq(shopStockMovements.id, id)).limit(1);
    return row ? withFields(row.movement, { actorName: row.actorName }) : undefined;
  }

  async recentMovements(productId: number, limit: number): Promise<MovementRow[]> {
    const rows = await this.selectMovements()
      .where(eq(shopStockMovements.productId, productId))
      .orderBy(desc(shopStockMovements.createdAt), desc(shopStockMovements.id))
      .limit(limit);
    return rows.map((r) => withFields(r.movement, { actorName: r.actorName }));
  }

  /** One page of a product's ledger, newest first, between two UTC days (inclusive). */
  async history(
    productId: number,
    query: LogHistoryQuery,
  ): Promise<{ rows: MovementRow[]; total: number; capped: boolean }> {
    const conditions: SQL[] = [eq(shopStockMovements.productId, productId)];
    if (query.from) conditions.push(gte(shopStockMovements.createdAt, new Date(`${query.from}T00:00:00Z`)));
    if (query.to) {
      const end = new Date(`${query.to}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      conditions.push(lt(shopStockMovements.createdAt, end));
    }
    if (query.kind) conditions.push(eq(shopStockMovements.kind, query.kind));
    const where = and(...conditions)!;
    const offset = (query.page - 1) * query.limit;
    const rows = (
      await this.selectMovements()
        .where(where)
        .orderBy(desc(shopStockMovements.createdAt), desc(shopStockMovements.id))
        .limit(query.limit)
        .offset(offset)
    ).map((r) => withFields(r.movement, { actorName: r.actorName }));
    if (rows.length > 0 && rows.length < query.limit) {
      return { rows, total: offset + rows.length, capped: false };
    }
    if (rows.length === 0 && offset === 0) return { rows, total: 0, capped: false };
    // An index-only scan of the product's range that stops one row past the cap.
    const [counted] = rowsOf<{ total: number }>(
      await this.db.execute(
        sql`select count(*)::int as total from (select 1 from ${shopStockMovements} where ${where} limit ${LOG_HISTORY_COUNT_CAP + 1}) as matched`,
      ),
    );
    return { rows, ...cappedTotal(Number(counted?.total ?? 0), LOG_HISTORY_COUNT_CAP) };
  }

  async totals(): Promise<InventoryTotalsRow> {
    const [row] = await this.db
      .select({
        productsTotal: sql<number>`count(*)::int`,
        productsActive: sql<number>`(count(*) filter (where ${shopProducts.status} = 'active'))::int`,
        lowStock: sql<number>`(count(*) filter (where ${shopProducts.status} = 'active' and ${available} > 0 and ${available} <= ${shopProducts.reorderLevel}))::int`,
        outOfStock: sql<number>`(count(*) filter (where ${shopProducts.status} = 'active' and ${available} <= 0))::int`,
        unitsOnHand: sql<string>`coalesce(sum(${shopProducts.onHand}), 0)::bigint`,
        atCost: sql<string>`coalesce(sum(${shopProducts.onHand}::bigint * ${shopProducts.averageCostPaise}), 0)::bigint`,
        atPrice: sql<string>`coalesce(sum(${shopProducts.onHand}::bigint * ${shopProducts.pricePaise}), 0)::bigint`,
      })
      .from(shopProducts);
    return {
      productsTotal: Number(row?.productsTotal ?? 0),
      productsActive: Number(row?.productsActive ?? 0),
      lowStock: Number(row?.lowStock ?? 0),
      outOfStock: Number(row?.outOfStock ?? 0),
      unitsOnHand: Number(row?.unitsOnHand ?? 0),
      stockValueAtCostPaise: Number(row?.atCost ?? 0),
      stockValueAtPricePaise: Number(row?.atPrice ?? 0),
    };
  }

  /** Units in and out per UTC day since `since` (days without movements are absent). */
  async dailyFlows(since: Date): Promise<Array<{ day: string; received: number; issued: number }>> {
    const rows = rowsOf<{ day: string | Date; received: string | number; issued: string | number }>(
      await this.db.execute(
        sql`select to_char((${shopStockMovements.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
              coalesce(sum(greatest(${shopStockMovements.quantityDelta}, 0)), 0)::bigint as received,
              coalesce(sum(greatest(-${shopStockMovements.quantityDelta}, 0)), 0)::bigint as issued
            from ${shopStockMovements}
            where ${shopStockMovements.createdAt} >= ${since.toISOString()}
            group by 1`,
      ),
    );
    return rows.map((r) => ({ day: String(r.day), received: Number(r.received), issued: Number(r.issued) }));
  }

  /** Active products low or out of stock, emptiest first, with their first image. */
  async lowStock(limit: number) {
    const rows = await this.db
      .select({
        id: shopProducts.id,
        sku: shopProducts.sku,
        name: shopProducts.name,
        unit: shopProducts.unit,
        onHand: shopProducts.onHand,
        reserved: shopProducts.reserved,
        reorderLevel: shopProducts.reorderLevel,
        imageUrl: sql<
          string | null
        >`(select "i"."url" from ${shopProductImages} as "i" where "i"."product_id" = ${shopProducts.id} order by "i"."id" limit 1)`,
      })
      .from(shopProducts)
      .where(and(eq(shopProducts.status, 'active'), sql`${available} <= ${shopProducts.reorderLevel}`))
      .orderBy(sql`${available}`, sql`lower(${shopProducts.name})`, shopProducts.id)
      .limit(limit);
    return rows;
  }
}
