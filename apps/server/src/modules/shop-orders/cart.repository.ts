import { and, asc, eq, sql } from 'drizzle-orm';
import { withFields } from '../../core/with-fields.js';
import type { Executor } from '../../db/database.js';
import { shopCartAllocations, shopCartLines, shopCarts, shopProducts } from '../../db/schema.js';

export type CartRow = typeof shopCarts.$inferSelect;

export interface CartLineRow {
  id: number;
  productId: number;
  quantity: number;
  sku: string;
  name: string;
  unit: (typeof shopProducts.$inferSelect)['unit'];
  hsnCode: string;
  gstRate: number;
  pricePaise: number;
  onHand: number;
  reserved: number;
  productStatus: 'active' | 'archived';
  imageUrl: string | null;
}

export interface AllocationRow {
  cartLineId: number;
  addressId: number;
  quantity: number;
}

export interface StockRow {
  id: number;
  onHand: number;
  reserved: number;
  status: 'active' | 'archived';
}

const firstImage = sql<
  string | null
>`(select i.url from shop_product_images i where i.product_id = ${shopProducts.id} order by i.id limit 1)`;

/** The client's one open cart, its lines and their split over shipping addresses. */
export class CartRepository {
  constructor(private readonly db: Executor) {}

  /** The client's cart, made on first use; `lock` holds its row until the transaction ends. */
  async cartOf(clientId: number, lock = false): Promise<CartRow> {
    await this.db.insert(shopCarts).values({ clientId }).onConflictDoNothing();
    const query = this.db.select().from(shopCarts).where(eq(shopCarts.clientId, clientId));
    const [row] = lock ? await query.for('update') : await query;
    return row!;
  }

  async updateCart(cartId: number, values: Partial<typeof shopCarts.$inferInsert>, now: Date): Promise<void> {
    await this.db
      .update(shopCarts)
      .set(withFields(values, { updatedAt: now }))
      .where(eq(shopCarts.id, cartId));
  }

  async lines(cartId: number): Promise<CartLineRow[]> {
    return this.db
      .select({
        id: shopCartLines.id,
        productId: shopCartLines.productId,
        quantity: shopCartLines.quantity,
        sku: shopProducts.sku,
        name: shopProducts.name,
        unit: shopProducts.unit,
        hsnCode: shopProducts.hsnCode,
        gstRate: shopProducts.gstRate,
        pricePaise: shopProducts.pricePaise,
        onHand: shopProducts.onHand,
        reserved: shopProducts.reserved,
        productStatus: shopProducts.status,
        imageUrl: firstImage,
      })
      .from(shopCartLines)
      .innerJoin(shopProducts, eq(shopProducts.id, shopCartLines.productId))
      .where(eq(shopCartLines.cartId, cartId))
      .orderBy(asc(shopCartLines.createdAt), asc(shopCartLines.id));
  }

  /** Allocations of the cart's lines, each line's in address-id order ("the last" is the highest id). */
  async allocations(cartId: number): Promise<AllocationRow[]> {
    return this.db
      .select({
        cartLineId: shopCartAllocations.cartLineId,
        addressId: shopCartAllocations.addressId,
        quantity: shopCartAllocations.quantity,
      })
      .from(shopCartAllocations)
      .innerJoin(shopCartLines, eq(shopCartLines.id, shopCartAllocations.cartLineId))
      .where(eq(shopCartLines.cartId, cartId))
      .orderBy(asc(shopCartAllocations.cartLineId), asc(shopCartAllocations.addressId));
  }

  async line(cartId: number, lineId: number) {
    const [row] = await this.db
      .select()
      .from(shopCartLines)
      .where(and(eq(shopCartLines.cartId, cartId), eq(shopCartLines.id, lineId)));
    return row;
  }

  async lineOfProduct(cartId: number, productId: number) {
    const [row] = await this.db
      .select()
      .from(shopCartLines)
      .where(and(eq(shopCartLines.cartId, cartId), eq(shopCartLines.productId, productId)));
    return row;
  }

  async lineCount(cartId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopCartLines)
      .where(eq(shopCartLines.cartId, cartId));
    return row?.n ?? 0;
  }

  async insertLine(cartId: number, productId: number, quantity: number, now: Date) {
    const [row] = await this.db
      .insert(shopCartLines)
      .values({ cartId, productId, quantity, createdAt: now })
      .returning();
    return row!;
  }

  async setLineQuantity(lineId: number, quantity: number): Promise<void> {
    await this.db.update(shopCartLines).set({ quantity }).where(eq(shopCartLines.id, lineId));
  }

  async deleteLine(lineId: number): Promise<void> {
    await this.db.delete(shopCartLines).where(eq(shopCartLines.id, lineId));
  }

  async deleteLines(cartId: number): Promise<void> {
    await this.db.delete(shopCartLines).where(eq(shopCartLines.cartId, cartId));
  }

  async lineAllocations(lineId: number): Promise<AllocationRow[]> {
    return this.db
      .select()
      .from(shopCartAllocations)
      .where(eq(shopCartAllocations.cartLineId, lineId))
      .orderBy(asc(shopCartAllocations.addressId));
  }

  /** Replaces a line's allocations. */
  async setAllocations(lineId: number, allocations: Array<{ addressId: number; quantity: number }>) {
    await this.db.delete(shopCartAllocations).where(eq(shopCartAllocations.cartLineId, lineId));
    const rows = allocations.filter((a) => a.quantity > 0);
    if (rows.length)
      await this.db.insert(shopCartAllocations).values(rows.map((a) => ({ cartLineId: lineId, ...a })));
  }

  async product(productId: number) {
    const [row] = await this.db.select().from(shopProducts).where(eq(shopProducts.id, productId));
    return row;
  }

  /**
   * Locks the products' rows in id order (concurrent orders lock in the same order, so they wait for
   * each other and never deadlock) and answers their stock as it is now.
   */
  async lockProducts(productIds: number[]): Promise<StockRow[]> {
    const ids = [...new Set(productIds)].sort((a, b) => a - b);
    if (!ids.length) return [];
    return this.db
      .select({
        id: shopProducts.id,
        onHand: shopProducts.onHand,
        reserved: shopProducts.reserved,
        status: shopProducts.status,
      })
      .from(shopProducts)
      .where(sql`${shopProducts.id} in ${ids}`)
      .orderBy(asc(shopProducts.id))
      .for('update');
  }
}
