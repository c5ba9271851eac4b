import type { BillListResponse, OrderListResponse } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * The shop's order and bill lists searched (issue 22, docs/search.md "Speed and relevance of list
 * search"): the exact number first, then numbers starting with the term, then every other match,
 * newest first within each, one arm per rank; the totals counted to 10,000 ("10,000+" beyond) in
 * one pass over at most 10,001 matches, with the money of every match within the cap and none
 * (null) past it (docs/shop-orders.md, "Orders list").
 */
describe('shop orders and bills: relevance and capped totals while searching', () => {
  let ctx: TestContext;
  let admin: string;
  let clientId: number;
  const orders: Record<'exact' | 'prefixOld' | 'prefixNew' | 'rest' | 'other', number> = {
    exact: 0,
    prefixOld: 0,
    prefixNew: 0,
    rest: 0,
    other: 0,
  };
  const bills: Record<'exact' | 'prefixOld' | 'prefixNew' | 'rest', number> = {
    exact: 0,
    prefixOld: 0,
    prefixNew: 0,
    rest: 0,
  };
  const address = sql`jsonb_build_object('label', 'Head office', 'addressLine1', '1 Road', 'city', 'Pune',
    'state', 'Maharashtra', 'stateCode', '27', 'pincode', '411001', 'country', 'India')`;

  async function insertOrder(
    number: string,
    searchText: string,
    day: number,
    status: 'placed' | 'cancelled' = 'placed',
  ): Promise<number> {
    const result = await ctx.db.execute(sql`
      insert into shop_orders (order_number, client_id, status, billing_address, taxable_paise, tax_paise, total_paise,
                               line_count, unit_count, search_text, placed_at)
      values (${number}, ${clientId}, ${status}, ${address}, 1000, 180, 1180, 1, 1, ${searchText},
              timestamptz '2026-06-01 10:00Z' + make_interval(days => ${day}))
      returning id`);
    return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
  }

  async function insertBill(
    number: string,
    sequence: number,
    searchText: string,
    day: number,
  ): Promise<number> {
    const result = await ctx.db.execute(sql`
      insert into shop_bills (bill_number, kind, financial_year, sequence, order_id, client_id, issued_on, seller, buyer,
                              ship_to, place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise,
                              round_off_paise, total_paise, amount_in_words, search_text)
      values (${number}, 'invoice', '26-27', ${sequence}, ${orders.other}, ${clientId},
              date '2026-06-01' + ${day}::int, '{}'::jsonb, ${address}, ${address}, 'Maharashtra', 'intra_state',
              1000, 90, 90, 0, 0, 1180, 'Indian Rupees Eleven Hundred Eighty Only', ${searchText})
      returning id`);
    return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    clientId = (await insertUser(ctx.db, { userType: 'client', company: 'Harbour Foods' })).id;
    // The closest matches are the oldest, so the order is relevance's, not the date's.
    orders.exact = await insertOrder('SO-009876', 'so-009876 harbour foods', 1);
    orders.prefixOld = await insertOrder('SO-098761', 'so-098761 harbour foods', 2);
    orders.prefixNew = await insertOrder('SO-098762', 'so-098762 harbour foods', 3, 'cancelled');
    orders.rest = await insertOrder('SO-000501', 'so-000501 harbour foods awb so-09876x', 4);
    orders.other = await insertOrder('SO-000502', 'so-000502 harbour foods', 5);
    bills.exact = await insertBill('INV/26-27/00077', 77, 'inv/26-27/00077 so-000502', 1);
    bills.prefixOld = await insertBill('INV/26-27/000770', 770, 'inv/26-27/000770 so-000502', 2);
    bills.prefixNew = await insertBill('INV/26-27/000771', 771, 'inv/26-27/000771 so-000502', 3);
    bills.rest = await insertBill(
      'INV/26-27/000999',
      999,
      'inv/26-27/000999 so-000502 ref inv/26-27/00077x',
      4,
    );
    // 10,005 more of each behind one word: past the cap.
    await ctx.db.execute(sql`
      insert into shop_orders (order_number, client_id, status, billing_address, taxable_paise, tax_paise, total_paise,
                               line_count, unit_count, search_text, placed_at)
      select 'SO-' || (700000 + g), ${clientId}, (case when g % 5 = 0 then 'cancelled' else 'placed' end)::shop_order_status,
             ${address}, 100, 18, 118, 1, 1, 'so-' || (700000 + g) || ' capword', timestamptz '2026-01-01Z' + make_interval(mins => g)
      from generate_series(1, 10005) as g`);
    await ctx.db.execute(sql`
      insert into shop_bills (bill_number, kind, financial_year, sequence, order_id, client_id, issued_on, seller, buyer,
                              ship_to, place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise,
                              round_off_paise, total_paise, amount_in_words, search_text)
      select 'INV/26-27/' || (100000 + g), 'invoice', '26-27', 100000 + g, ${orders.other}, ${clientId},
             date '2026-01-01' + g % 100, '{}'::jsonb, ${address}, ${address}, 'Maharashtra', 'intra_state',
             100, 9, 9, 0, 0, 118, 'Indian Rupees One Hundred Eighteen Only', 'inv/26-27/' || (100000 + g) || ' capword'
      from generate_series(1, 10005) as g`);
  }, 180_000);
  afterAll(() => ctx?.close());

  async function get<T>(url: string): Promise<T> {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  it('lists orders: the exact number, then numbers starting with the term, then the rest, newest first', async () => {
    const found = await get<OrderListResponse>('/api/shop/orders?search=SO-09876');
    expect(found.response.map((o) => o.id)).toEqual([
      orders.exact,
      orders.prefixNew,
      orders.prefixOld,
      orders.rest,
    ]);
    expect(found.pagination).toEqual({ page: 1, limit: 20, total: 4 });
    // The money of every match but the cancelled one; the tabs count each status.
    expect(found.totals).toMatchObject({
      count: 4,
      countIsCapped: false,
      totalPaise: 3 * 1180,
      taxPaise: 3 * 180,
      byStatus: { placed: 3, cancelled: 1 },
    });
    // Page 2 continues the same order; a status keeps the ranking; a column order wins.
    const second = await get<OrderListResponse>('/api/shop/orders?search=SO-09876&limit=2&page=2');
    expect(second.response.map((o) => o.id)).toEqual([orders.prefixOld, orders.rest]);
    const placed = await get<OrderListResponse>('/api/shop/orders?search=so-09876&status=placed');
    expect(placed.response.map((o) => o.id)).toEqual([orders.exact, orders.prefixOld, orders.rest]);
    expect(placed.totals).toMatchObject({ count: 3, byStatus: { placed: 3, cancelled: 1 } });
    const byDate = await get<OrderListResponse>('/api/shop/orders?search=so-09876&sort=placedAt');
    expect(byDate.response.map((o) => o.id)).toEqual([
      orders.exact,
      orders.prefixOld,
      orders.prefixNew,
      orders.rest,
    ]);
  });

  it('answers a rare term the same on an empty tab, past the last page, and when the sample was stale', async () => {
    // A tab without matches and a page past the last still carry every tab's count and the total.
    const shipped = await get<OrderListResponse>('/api/shop/orders?search=SO-09876&status=shipped');
    expect(shipped.response).toEqual([]);
    expect(shipped.pagination).toEqual({ page: 1, limit: 20, total: 0 });
    expect(shipped.totals).toMatchObject({ count: 0, totalPaise: 0, byStatus: { placed: 3, cancelled: 1 } });
    const past = await get<OrderListResponse>('/api/shop/orders?search=SO-09876&limit=2&page=3');
    expect(past.response).toEqual([]);
    expect(past.pagination).toEqual({ page: 3, limit: 2, total: 4 });

    // The list's sample was read at its first search, before these 320 orders: it calls the term
    // rare, and the list still ranks and totals all of them.
    const term = 'latebatch';
    expect((await get<OrderListResponse>(`/api/shop/orders?search=${term}`)).pagination.total).toBe(0);
    await ctx.db.execute(sql`
      insert into shop_orders (order_number, client_id, status, billing_address, taxable_paise, tax_paise, total_paise,
                               line_count, unit_count, search_text, placed_at)
      select 'SO-' || (800000 + g), ${clientId}, 'placed', ${address}, 100, 18, 118, 1, 1,
             'so-' || (800000 + g) || ' ' || ${term}, timestamptz '2026-03-01Z' + make_interval(mins => g)
      from generate_series(1, 320) as g`);
    const stale = await get<OrderListResponse>(`/api/shop/orders?search=${term}&limit=3`);
    expect(stale.pagination).toEqual({ page: 1, limit: 3, total: 320 });
    expect(stale.response.map((o) => o.orderNumber)).toEqual(['SO-800320', 'SO-800319', 'SO-800318']);
    expect(stale.totals).toMatchObject({ count: 320, totalPaise: 320 * 118, byStatus: { placed: 320 } });
    await ctx.db.execute(sql`delete from shop_orders where search_text like ${`%${term}`}`);
  });

  it('counts orders to 10,000 past the cap, without sums; a status within the cap has its own', async () => {
    const found = await get<OrderListResponse>('/api/shop/orders?search=capword&limit=5');
    expect(found.pagination).toEqual({ page: 1, limit: 5, total: 10_000, totalIsCapped: true });
    expect(found.response).toHaveLength(5);
    // Newest first: the last inserted are the newest.
    expect(found.response.map((o) => o.orderNumber)).toEqual(
      [710005, 710004, 710003, 710002, 710001].map((n) => `SO-${n}`),
    );
    // 10,005 orders, one in five cancelled: past the cap the money is not summed, and the tabs are
    // lower bounds counted among the first 10,001 matches ("+").
    expect(found.totals).toMatchObject({
      count: 10_000,
      countIsCapped: true,
      totalPaise: null,
      taxPaise: null,
      byStatusCapped: ['placed', 'confirmed', 'partially_shipped', 'shipped', 'delivered', 'cancelled'],
    });
    expect(found.totals.byStatus.placed + found.totals.byStatus.cancelled).toBe(10_001);

    // A status tab within the cap: its count and money exact (cancelled orders add no money).
    const cancelled = await get<OrderListResponse>('/api/shop/orders?search=capword&status=cancelled');
    expect(cancelled.totals).toMatchObject({ count: 2001, countIsCapped: false, totalPaise: 0, taxPaise: 0 });
    expect(cancelled.totals.byStatus.cancelled).toBe(2001);
    expect(cancelled.totals.byStatusCapped).not.toContain('cancelled');
    expect(cancelled.pagination.totalIsCapped).toBeUndefined();
    const placed = await get<OrderListResponse>('/api/shop/orders?search=capword&status=placed');
    expect(placed.totals).toMatchObject({
      count: 8004,
      countIsCapped: false,
      totalPaise: 8004 * 118,
      taxPaise: 8004 * 18,
    });
    expect(placed.totals.byStatus.placed).toBe(8004);

    // Without a search or a client the sums come from the per-day summary: exact past the cap too.
    const all = await get<OrderListResponse>('/api/shop/orders?limit=1');
    expect(all.totals).toMatchObject({
      count: 10_000,
      countIsCapped: true,
      totalPaise: 4 * 1180 + 8004 * 118,
      taxPaise: 4 * 180 + 8004 * 18,
      byStatus: { placed: 8008, cancelled: 2002 },
      byStatusCapped: [],
    });
  });

  it('lists bills: the exact number in any case, then numbers starting with the term, then the rest', async () => {
    const found = await get<BillListResponse>(
      `/api/shop/bills?search=${encodeURIComponent('inv/26-27/00077')}`,
    );
    expect(found.response.map((b) => b.id)).toEqual([
      bills.exact,
      bills.prefixNew,
      bills.prefixOld,
      bills.rest,
    ]);
    expect(found.pagination).toEqual({ page: 1, limit: 20, total: 4 });
    expect(found.totals).toMatchObject({ count: 4, countIsCapped: false, totalPaise: 4 * 1180 });
    const second = await get<BillListResponse>(
      `/api/shop/bills?search=${encodeURIComponent('INV/26-27/00077')}&limit=2&page=2`,
    );
    expect(second.response.map((b) => b.id)).toEqual([bills.prefixOld, bills.rest]);
  });

  it("totals a rare term's bills with credit notes subtracted and cancelled ones left out, on every page", async () => {
    await ctx.db.execute(sql`
      insert into shop_bills (bill_number, kind, financial_year, sequence, order_id, client_id, issued_on, seller, buyer,
                              ship_to, place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise,
                              round_off_paise, total_paise, amount_in_words, search_text, status)
      values ('CN/26-27/00001', 'credit_note', '26-27', 1, ${orders.other}, ${clientId}, date '2026-07-01', '{}'::jsonb,
              ${address}, ${address}, 'Maharashtra', 'intra_state', 200, 18, 18, 0, 0, 236, 'Two Hundred Thirty Six',
              'cn/26-27/00001 fewmoney', 'issued'),
             ('INV/26-27/005001', 'invoice', '26-27', 5001, ${orders.other}, ${clientId}, date '2026-07-02', '{}'::jsonb,
              ${address}, ${address}, 'Maharashtra', 'intra_state', 1000, 90, 90, 0, 0, 1180, 'Eleven Hundred Eighty',
              'inv/26-27/005001 fewmoney', 'issued'),
             ('INV/26-27/005002', 'invoice', '26-27', 5002, ${orders.other}, ${clientId}, date '2026-07-03', '{}'::jsonb,
              ${address}, ${address}, 'Maharashtra', 'intra_state', 5000, 450, 450, 0, 0, 5900, 'Fifty Nine Hundred',
              'inv/26-27/005002 fewmoney', 'cancelled')`);
    const money = { taxablePaise: 800, cgstPaise: 72, sgstPaise: 72, igstPaise: 0, totalPaise: 944 };
    const found = await get<BillListResponse>('/api/shop/bills?search=fewmoney');
    expect(found.response.map((b) => b.billNumber)).toEqual([
      'INV/26-27/005002',
      'INV/26-27/005001',
      'CN/26-27/00001',
    ]);
    expect(found.totals).toEqual({ count: 3, countIsCapped: false, ...money });
    // A page past the last knows the total and the money too.
    const past = await get<BillListResponse>('/api/shop/bills?search=fewmoney&limit=2&page=3');
    expect(past.response).toEqual([]);
    expect(past.pagination).toEqual({ page: 3, limit: 2, total: 3 });
    expect(past.totals).toEqual({ count: 3, countIsCapped: false, ...money });
    const none = await get<BillListResponse>(
      '/api/shop/bills?search=fewmoney&kind=credit_note&status=cancelled',
    );
    expect(none.totals).toEqual({
      count: 0,
      countIsCapped: false,
      ...money,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: 0,
    });

    // 320 more behind the word, written after the list's sample was read: it still calls the word
    // rare, and the list still ranks and totals every bill.
    await ctx.db.execute(sql`
      insert into shop_bills (bill_number, kind, financial_year, sequence, order_id, client_id, issued_on, seller, buyer,
                              ship_to, place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise,
                              round_off_paise, total_paise, amount_in_words, search_text)
      select 'INV/26-27/' || (300000 + g), 'invoice', '26-27', 300000 + g, ${orders.other}, ${clientId},
             date '2026-05-01' + g % 28, '{}'::jsonb, ${address}, ${address}, 'Maharashtra', 'intra_state',
             100, 9, 9, 0, 0, 118, 'One Hundred Eighteen', 'inv/26-27/' || (300000 + g) || ' fewmoney'
      from generate_series(1, 320) as g`);
    const stale = await get<BillListResponse>('/api/shop/bills?search=fewmoney&limit=3');
    expect(stale.pagination).toEqual({ page: 1, limit: 3, total: 323 });
    expect(stale.response.map((b) => b.billNumber)).toEqual([
      'INV/26-27/005002',
      'INV/26-27/005001',
      'CN/26-27/00001',
    ]);
    expect(stale.totals).toMatchObject({ count: 323, totalPaise: 944 + 320 * 118 });
    await ctx.db.execute(sql`delete from shop_bills where search_text like '%fewmoney'`);
  });

  it('counts bills to 10,000 past the cap without their money; a narrower filter has it again', async () => {
    const found = await get<BillListResponse>('/api/shop/bills?search=capword&limit=3');
    expect(found.pagination).toEqual({ page: 1, limit: 3, total: 10_000, totalIsCapped: true });
    expect(found.response).toHaveLength(3);
    expect(found.totals).toEqual({
      count: 10_000,
      countIsCapped: true,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
      igstPaise: null,
      totalPaise: null,
    });
    // Issued 1 to 10 January: 1,005 of them.
    const january = await get<BillListResponse>(
      '/api/shop/bills?search=capword&start_date=2026-01-01&end_date=2026-01-10&limit=3',
    );
    expect(january.totals).toEqual({
      count: 1005,
      countIsCapped: false,
      taxablePaise: 1005 * 100,
      cgstPaise: 1005 * 9,
      sgstPaise: 1005 * 9,
      igstPaise: 0,
      totalPaise: 1005 * 118,
    });
  });
});
