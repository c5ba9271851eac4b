import type { Order, OrderListResponse } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { loadDemoData } from '../src/seed/demo-data.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

describe('demo orders', () => {
  let ctx: TestContext;
  let token: string;
  let placed = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ fileStorage: new MemoryFileStorage() });
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    const today = new Date();
    await ctx.db.transaction((tx) => loadDemoData(tx, admin.id, today));
    placed = await ctx.app.services.shopOrders.loadDemo(today);
    token = await tokenFor(ctx.app, admin);
  }, 600_000);
  afterAll(() => ctx.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('places about 30 orders over three months, through every step of the lifecycle', async () => {
    expect(placed).toBe(30);
    const list = await get<OrderListResponse>('/api/shop/orders?limit=100');
    expect(list.totals.count).toBe(30);
    const { byStatus } = list.totals;
    expect(byStatus.cancelled).toBe(1);
    expect(byStatus.delivered).toBeGreaterThan(10);
    expect(byStatus.placed + byStatus.confirmed).toBeGreaterThan(0);
    const oldest = Math.min(...list.response.map((o) => Date.parse(o.placedAt)));
    expect(Date.now() - oldest).toBeGreaterThan(80 * 86_400_000);
    expect(list.response.some((o) => o.shipmentCount === 2)).toBe(true);
  });

  it('has real bills, a return with its credit note, and home figures', async () => {
    const list = await get<OrderListResponse>('/api/shop/orders?limit=100');
    const details = await Promise.all(
      list.response.map((o) => get<{ order: Order }>(`/api/shop/orders/${o.id}`)),
    );
    const bills = details.flatMap((d) => d.order.shipments.flatMap((s) => s.bills));
    expect(bills.filter((b) => b.kind === 'invoice').length).toBeGreaterThan(15);
    expect(bills.filter((b) => b.kind === 'credit_note')).toHaveLength(1);
    expect(details.filter((d) => d.order.lines.some((l) => l.returnedQuantity > 0))).toHaveLength(1);
    const home = await get<{ shop: { ordersToConfirm: number; shipmentsToSend: number } }>(
      '/api/dashboard/data',
    );
    expect(home.shop.ordersToConfirm + home.shop.shipmentsToSend).toBeGreaterThan(0);
  });

  it('keeps every product’s stock equal to its ledger', async () => {
    const rows = (
      (await ctx.db.execute(sql`
        select p.id, p.on_hand, p.reserved, coalesce(sum(m.quantity_delta), 0)::int as q, coalesce(sum(m.reserved_delta), 0)::int as r
        from shop_products p left join shop_stock_movements m on m.product_id = p.id
        group by p.id having p.on_hand <> coalesce(sum(m.quantity_delta), 0) or p.reserved <> coalesce(sum(m.reserved_delta), 0)`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(rows).toEqual([]);
    const reserved = (
      (await ctx.db.execute(
        sql`select coalesce(sum(reserved), 0)::int as n from shop_products`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n;
    expect(reserved).toBeGreaterThan(0);
  });
});
