import type { Bill, BillListResponse } from '@inspecta/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications, shopBillSeries, shopBills } from '../src/db/schema.js';
import {
  insertClient,
  insertOrder,
  insertProduct,
  insertReturn,
  type OrderFixture,
  type ProductFixture,
  SELLER,
} from './helpers/shop-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BUYER_GSTIN = '29AAGCB7383J1Z4';
const PUNE_GSTIN = '27AAACR5055K1Z7';

async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

async function readXlsx(body: Buffer, sheetName: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const value = row.getCell(c).value;
      cells.push(
        value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? '' : String(value),
      );
    }
    rows.push(cells);
  });
  return rows;
}

function records(rows: string[][]): Array<Record<string, string>> {
  const [heading, ...body] = rows;
  return body.map((row) => Object.fromEntries(heading!.map((h, i) => [h, row[i] ?? ''])));
}

describe('shop bills: GST invoices and credit notes', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let adminUser: Awaited<ReturnType<typeof insertUser>>;
  let otherAdminId: number;
  let inspector: string;
  // 15 June 2026, 15:30 in India: financial year 26-27.
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let refill: ProductFixture;
  let hose: ProductFixture;
  let sign: ProductFixture;
  let kit: ProductFixture;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    adminUser = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Rao' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    otherAdminId = (await insertUser(ctx.db, { userType: 'admin' })).id;
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    // The seller through Settings → Organisation, as an administrator saves it.
    const saved = await call('PUT', '/api/settings/organisation', {
      timezone: 'Asia/Kolkata',
      dateFormat: 'DD/MM/YYYY',
      defaultInspectionIntervalDays: 180,
      ...SELLER,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    refill = await insertProduct(ctx.db, {
      name: 'ABC dry powder refill 6 kg',
      unit: 'kg',
      pricePaise: 45_000,
      gstRate: 18,
    });
    hose = await insertProduct(ctx.db, {
      name: 'Discharge hose 1 m',
      pricePaise: 12_345,
      gstRate: 12,
      hsnCode: '40091100',
    });
    sign = await insertProduct(ctx.db, {
      name: 'Fire exit sign',
      pricePaise: 999,
      gstRate: 18,
      hsnCode: '39269099',
    });
    kit = await insertProduct(ctx.db, {
      name: 'Service kit',
      unit: 'set',
      pricePaise: 5_000,
      gstRate: 5,
      hsnCode: '84249000',
    });
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const issue = (order: OrderFixture, shipmentIndexes: number[] = [0], issuedOn = '2026-06-15') =>
    ctx.db.transaction((tx) =>
      ctx.app.services.shopBills.issueForShipments(tx, {
        orderId: order.id,
        shipmentIds: shipmentIndexes.map((i) => order.shipments[i]!.id),
        issuedOn,
        actorId: adminId,
      }),
    );

  async function bill(id: number): Promise<Bill> {
    const response = await call('GET', `/api/shop/bills/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().bill;
  }

  async function list(query: string): Promise<BillListResponse> {
    const response = await call('GET', `/api/shop/bills?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The worked example of docs/shop-bills.md: four lines, three rates. */
  async function workedExampleOrder(state = 'Maharashtra', billingGstin: string | null = PUNE_GSTIN) {
    const client = await insertClient(ctx.db, { company: 'Deccan Malls Pvt Ltd' });
    return insertOrder(ctx.db, {
      clientId: client.id,
      billingAddress: {
        gstin: billingGstin,
        state: billingGstin?.startsWith('29') ? 'Karnataka' : 'Maharashtra',
      },
      lines: [{ product: refill }, { product: hose }, { product: sign }, { product: kit }],
      shipments: [
        {
          address:
            state === 'Maharashtra'
              ? { state, city: 'Pune', district: 'Pune', pincode: '411019' }
              : { state, city: 'Bengaluru', district: 'Bengaluru Urban', pincode: '560001' },
          quantities: [
            [0, 3],
            [1, 2],
            [2, 1],
            [3, 4],
          ],
        },
      ],
    });
  }

  it('within the company state: CGST + SGST at half the rate each, per-rate totals, round-off and words', async () => {
    const order = await workedExampleOrder();
    const issued = await issue(order);
    expect(issued.billNumber).toMatch(/^INV\/26-27\/\d{6}$/);
    const b = await bill(issued.id);
    expect(b).toMatchObject({
      billNumber: issued.billNumber,
      kind: 'invoice',
      status: 'issued',
      issuedOn: '2026-06-15',
      financialYear: '26-27',
      orderNumber: order.orderNumber,
      placeOfSupply: 'Maharashtra',
      supplyType: 'intra_state',
      buyerGstin: PUNE_GSTIN,
      taxablePaise: 180_689,
      cgstPaise: 14_221,
      sgstPaise: 14_221,
      igstPaise: 0,
      roundOffPaise: -31,
      totalPaise: 209_100,
      amountInWords: 'Indian Rupees Two Thousand Ninety One Only',
      shipmentIds: [order.shipments[0]!.id],
      creditNoteFor: null,
      currency: 'INR',
    });
    expect(b.seller).toMatchObject({
      companyName: SELLER.companyName,
      gstin: SELLER.gstin,
      state: 'Maharashtra',
      stateCode: '27',
    });
    expect(b.shipTo).toMatchObject({ state: 'Maharashtra', city: 'Pune' });
    expect(
      b.lines.map((l) => [
        l.sku,
        l.hsnCode,
        l.quantity,
        l.taxablePaise,
        l.cgstPaise,
        l.sgstPaise,
        l.igstPaise,
      ]),
    ).toEqual([
      [refill.sku, '38130000', 3, 135_000, 12_150, 12_150, 0],
      [hose.sku, '40091100', 2, 24_690, 1481, 1481, 0], // 1,481.4 paise → 1,481
      [sign.sku, '39269099', 1, 999, 90, 90, 0], // 89.91 → 90
      [kit.sku, '84249000', 4, 20_000, 500, 500, 0],
    ]);
    expect(b.rateTotals).toEqual([
      { gstRate: 5, taxablePaise: 20_000, cgstPaise: 500, sgstPaise: 500, igstPaise: 0, taxPaise: 1000 },
      { gstRate: 12, taxablePaise: 24_690, cgstPaise: 1481, sgstPaise: 1481, igstPaise: 0, taxPaise: 2962 },
      {
        gstRate: 18,
        taxablePaise: 135_999,
        cgstPaise: 12_240,
        sgstPaise: 12_240,
        igstPaise: 0,
        taxPaise: 24_480,
      },
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'shop_bill.issued'), eq(auditEvents.entityId, String(issued.id))))
      .orderBy(auditEvents.id);
    expect(audit?.after).toMatchObject({
      billNumber: issued.billNumber,
      orderId: order.id,
      totalPaise: 209_100,
    });
  });

  it('to another state: IGST at the full rate, the same total', async () => {
    const order = await workedExampleOrder('Karnataka', BUYER_GSTIN);
    const b = await bill((await issue(order)).id);
    expect(b).toMatchObject({
      placeOfSupply: 'Karnataka',
      supplyType: 'inter_state',
      buyerGstin: BUYER_GSTIN,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 28_443, // per line: 2,962.8 → 2,963 where CGST + SGST gave 2 × 1,481
      totalPaise: 209_100,
      roundOffPaise: -32,
    });
    expect(b.lines.map((l) => l.igstPaise)).toEqual([24_300, 2963, 180, 1000]); // 2,962.8 → 2,963; 179.82 → 180
    expect(b.rateTotals.map((r) => [r.gstRate, r.igstPaise])).toEqual([
      [5, 1000],
      [12, 2963],
      [18, 24_480],
    ]);
  });

  it('rounds the total half up to the rupee: 50 paise up, 49 down', async () => {
    const client = await insertClient(ctx.db);
    const zero = async (pricePaise: number) => insertProduct(ctx.db, { pricePaise, gstRate: 0 });
    const up = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: await zero(10_050) }],
      shipments: [{ quantities: [[0, 1]] }],
    });
    const down = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: await zero(10_049) }],
      shipments: [{ quantities: [[0, 1]] }],
    });
    expect(await bill((await issue(up)).id)).toMatchObject({
      totalPaise: 10_100,
      roundOffPaise: 50,
      amountInWords: 'Indian Rupees One Hundred One Only',
    });
    expect(await bill((await issue(down)).id)).toMatchObject({ totalPaise: 10_000, roundOffPaise: -49 });
  });

  it('one bill for several shipments of a per-order bill merges the lines of each order line', async () => {
    const client = await insertClient(ctx.db);
    const order = await insertOrder(ctx.db, {
      clientId: client.id,
      billingMode: 'per_order',
      lines: [{ product: refill }, { product: kit }],
      shipments: [
        { address: { label: 'Site A' }, quantities: [[0, 6]] },
        {
          address: { label: 'Site B', city: 'Nashik' },
          quantities: [
            [0, 4],
            [1, 1],
          ],
        },
      ],
    });
    const b = await bill((await issue(order, [0, 1])).id);
    expect(b.shipmentIds).toEqual(order.shipments.map((s) => s.id));
    expect(b.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [refill.sku, 10],
      [kit.sku, 1],
    ]);
    // A shipment already billed is refused, and nothing is written.
    const again = await issue(order, [1]).catch((e: unknown) => e);
    expect(again).toMatchObject({
      code: 'CONFLICT',
      message: `Shipment ${order.orderNumber}/2 already has an issued bill`,
    });
  });

  it('refuses cancelled shipments and shipments of another order', async () => {
    const client = await insertClient(ctx.db);
    const order = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: refill }],
      shipments: [{ status: 'cancelled', quantities: [[0, 1]] }],
    });
    await expect(issue(order)).rejects.toMatchObject({ code: 'CONFLICT' });
    const other = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: refill }],
      shipments: [{ quantities: [[0, 1]] }],
    });
    await expect(
      ctx.db.transaction((tx) =>
        ctx.app.services.shopBills.issueForShipments(tx, {
          orderId: order.id,
          shipmentIds: [other.shipments[0]!.id],
          issuedOn: '2026-06-15',
          actorId: adminId,
        }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('numbers invoices without gaps or duplicates under concurrent issuing, and a rolled-back bill leaves no gap', async () => {
    const client = await insertClient(ctx.db);
    const orders = await Promise.all(
      Array.from({ length: 31 }, () =>
        insertOrder(ctx.db, {
          clientId: client.id,
          lines: [{ product: kit }],
          shipments: [{ quantities: [[0, 1]] }],
        }),
      ),
    );
    const rolledBack = orders.pop()!;
    const failing = ctx.db
      .transaction(async (tx) => {
        await ctx.app.services.shopBills.issueForShipments(tx, {
          orderId: rolledBack.id,
          shipmentIds: [rolledBack.shipments[0]!.id],
          issuedOn: '2026-06-15',
          actorId: adminId,
        });
        throw new Error('the carrier refused the parcel');
      })
      .catch((e: Error) => e.message);
    const results = await Promise.all([...orders.map((order) => issue(order)), failing]);
    expect(results.at(-1)).toBe('the carrier refused the parcel');
    const numbers = (results.slice(0, -1) as Array<{ billNumber: string }>).map((r) => r.billNumber);
    expect(new Set(numbers).size).toBe(30);

    // The whole 26-27 invoice series (this file's other bills too): 1..N, each once, N = the series row.
    const series = await ctx.db
      .select({ sequence: shopBills.sequence, billNumber: shopBills.billNumber })
      .from(shopBills)
      .where(and(eq(shopBills.kind, 'invoice'), eq(shopBills.financialYear, '26-27')))
      .orderBy(asc(shopBills.sequence));
    expect(series.map((s) => s.sequence)).toEqual(series.map((_, i) => i + 1));
    expect(series.map((s) => s.billNumber)).toEqual(
      series.map((_, i) => `INV/26-27/${String(i + 1).padStart(6, '0')}`),
    );
    const [row] = await ctx.db
      .select()
      .from(shopBillSeries)
      .where(and(eq(shopBillSeries.kind, 'invoice'), eq(shopBillSeries.financialYear, '26-27')));
    expect(row?.lastNumber).toBe(series.length);
    // The rolled-back shipment is still unbilled and takes the very next number.
    const next = await issue(rolledBack);
    expect(next.billNumber).toBe(`INV/26-27/${String(series.length + 1).padStart(6, '0')}`);
  });

  it('starts a new series on 1 April in the organisation time zone', async () => {
    const client = await insertClient(ctx.db);
    const shipped = () =>
      insertOrder(ctx.db, {
        clientId: client.id,
        lines: [{ product: kit }],
        shipments: [{ quantities: [[0, 1]] }],
      });
    // A session of the moved clock (the one of June would have ended by then).
    let token = '';
    const reissue = (order: OrderFixture) =>
      call('POST', `/api/shop/orders/${order.id}/shipments/${order.shipments[0]!.id}/bill`, undefined, token);
    const saved = clock.now();
    try {
      // 31 March 2027, 23:30 in India (18:00 UTC): still 26-27.
      clock.advance(new Date('2027-03-31T18:00:00Z').getTime() - clock.now().getTime());
      token = await tokenFor(ctx.app, adminUser);
      const march = await reissue(await shipped());
      expect(march.statusCode, march.body).toBe(201);
      expect(march.json().bill).toMatchObject({ issuedOn: '2027-03-31', financialYear: '26-27' });
      expect(march.json().bill.billNumber).toMatch(/^INV\/26-27\//);
      // 1 April 2027, 00:01 in India (still 31 March in UTC): the first bill of 27-28.
      clock.advance(31 * 60_000);
      const april = await reissue(await shipped());
      expect(april.statusCode, april.body).toBe(201);
      expect(april.json().bill).toMatchObject({
        issuedOn: '2027-04-01',
        financialYear: '27-28',
        billNumber: 'INV/27-28/000001',
      });
      expect(april.json().message).toBe('Bill INV/27-28/000001 issued');
      // The orders module hands its own day: 31 March vs 1 April.
      expect((await issue(await shipped(), [0], '2028-03-31')).billNumber).toBe('INV/27-28/000002');
      expect((await issue(await shipped(), [0], '2028-04-01')).billNumber).toBe('INV/28-29/000001');
    } finally {
      clock.advance(saved.getTime() - clock.now().getTime());
    }
  });

  it('cancels a bill: it keeps its number, the next bill takes the next one, and a new bill can be issued', async () => {
    const client = await insertClient(ctx.db);
    const order = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: refill }],
      shipments: [{ quantities: [[0, 2]] }, { status: 'packed', quantities: [[0, 1]] }],
    });
    const first = await issue(order);
    const bad = await call('POST', `/api/shop/bills/${first.id}/cancel`, { reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('reason');

    const cancelled = await call('POST', `/api/shop/bills/${first.id}/cancel`, {
      reason: 'Wrong billing address',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: `Bill ${first.billNumber} cancelled`,
      bill: {
        id: first.id,
        billNumber: first.billNumber,
        status: 'cancelled',
        cancelReason: 'Wrong billing address',
      },
    });
    expect(cancelled.json().bill.cancelledAt).toBeTruthy();
    const twice = await call('POST', `/api/shop/bills/${first.id}/cancel`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Bill ${first.billNumber} is already cancelled`);

    // Audited, and the other administrators are told.
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'shop_bill.cancelled'), eq(auditEvents.entityId, String(first.id))))
      .orderBy(auditEvents.id);
    expect(audit).toMatchObject({
      actorId: adminId,
      after: { status: 'cancelled', cancelReason: 'Wrong billing address' },
    });
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, otherAdminId), eq(notifications.type, 'bill.cancelled')));
    expect(told.map((n) => n.title)).toContain(`Bill ${first.billNumber} cancelled`);
    expect(told.find((n) => n.title.includes(first.billNumber))?.link).toBe(
      `/dashboard/shop/bills/${first.id}`,
    );

    // A new bill for the same shipment: the next number, never the cancelled one.
    const url = (i: number) => `/api/shop/orders/${order.id}/shipments/${order.shipments[i]!.id}/bill`;
    const reissued = await call('POST', url(0));
    expect(reissued.statusCode, reissued.body).toBe(201);
    const second = reissued.json().bill as Bill;
    expect(second.billNumber).not.toBe(first.billNumber);
    expect(Number(second.billNumber.slice(-6))).toBeGreaterThan(Number(first.billNumber.slice(-6)));
    expect(second).toMatchObject({
      status: 'issued',
      shipmentIds: [order.shipments[0]!.id],
      totalPaise: 106_200,
    });
    expect((await bill(first.id)).status).toBe('cancelled');

    // Already billed, not shipped, unknown, another order's shipment.
    expect((await call('POST', url(0))).statusCode).toBe(409);
    const pending = await call('POST', url(1));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(
      `Shipment ${order.orderNumber}/2 has not shipped: it is billed when it ships`,
    );
    expect((await call('POST', `/api/shop/orders/${order.id}/shipments/999999/bill`)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/shop/orders/999999/shipments/${order.shipments[0]!.id}/bill`)).statusCode,
    ).toBe(404);
    expect((await call('POST', url(0), undefined, inspector)).statusCode).toBe(403);
    expect((await call('GET', '/api/shop/bills/999999')).statusCode).toBe(404);
  });

  it('answers a return with a credit note at the bill prices; the bill cannot be cancelled while it stands', async () => {
    const client = await insertClient(ctx.db);
    const order = await insertOrder(ctx.db, {
      clientId: client.id,
      billingAddress: { gstin: BUYER_GSTIN, state: 'Karnataka' },
      lines: [{ product: refill }, { product: sign }],
      shipments: [
        {
          address: { state: 'Karnataka', city: 'Bengaluru', district: 'Bengaluru Urban', pincode: '560001' },
          status: 'delivered',
          quantities: [
            [0, 5],
            [1, 3],
          ],
        },
        { status: 'delivered', quantities: [[0, 1]] },
      ],
    });
    const invoice = await issue(order);
    const [refillLine, signLine] = order.shipments[0]!.lines;
    const credit = await ctx.db.transaction(async (tx) => {
      const returnId = await insertReturn(tx, order.shipments[0]!.id, [
        { shipmentLineId: refillLine!.id, quantity: 2 },
        { shipmentLineId: signLine!.id, quantity: 1 },
      ]);
      return ctx.app.services.shopBills.issueCreditNote(tx, {
        returnId,
        issuedOn: '2026-06-15',
        actorId: adminId,
      });
    });
    expect(credit?.billNumber).toMatch(/^CN\/26-27\/\d{6}$/);
    const note = await bill(credit!.id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      creditNoteFor: { id: invoice.id, billNumber: invoice.billNumber },
      supplyType: 'inter_state',
      placeOfSupply: 'Karnataka',
      buyerGstin: BUYER_GSTIN,
      taxablePaise: 90_999, // 2 × 450.00 + 9.99
      igstPaise: 16_200 + 180,
      totalPaise: 107_400, // 1,073.79 → 1,074
      roundOffPaise: 21,
      shipmentIds: [order.shipments[0]!.id],
    });
    expect(note.lines.map((l) => [l.sku, l.quantity, l.unitPricePaise])).toEqual([
      [refill.sku, 2, 45_000],
      [sign.sku, 1, 999],
    ]);
    // The shipment without an issued bill gets no credit note.
    const none = await ctx.db.transaction(async (tx) => {
      const returnId = await insertReturn(tx, order.shipments[1]!.id, [
        { shipmentLineId: order.shipments[1]!.lines[0]!.id, quantity: 1 },
      ]);
      return ctx.app.services.shopBills.issueCreditNote(tx, {
        returnId,
        issuedOn: '2026-06-15',
        actorId: adminId,
      });
    });
    expect(none).toBeNull();

    const refused = await call('POST', `/api/shop/bills/${invoice.id}/cancel`, { reason: 'Mistake' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(credit!.billNumber);
    // The totals of the client's bills: the invoice minus the credit note.
    const totals = (await list(`client_id=${client.id}`)).totals;
    const inv = await bill(invoice.id);
    expect(totals).toMatchObject({
      count: 2,
      countIsCapped: false,
      taxablePaise: inv.taxablePaise - note.taxablePaise,
      igstPaise: inv.igstPaise - note.igstPaise,
      totalPaise: inv.totalPaise - note.totalPaise,
    });
    // Cancelling the credit note first lets the bill be cancelled.
    expect(
      (await call('POST', `/api/shop/bills/${credit!.id}/cancel`, { reason: 'Issued in error' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/shop/bills/${invoice.id}/cancel`, { reason: 'Mistake' })).statusCode,
    ).toBe(200);
    expect((await list(`client_id=${client.id}`)).totals).toMatchObject({
      count: 2,
      taxablePaise: 0,
      totalPaise: 0,
    });
  });

  it('refuses to cancel a bill of a closed financial year', async () => {
    const client = await insertClient(ctx.db);
    const order = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: kit }],
      shipments: [{ quantities: [[0, 1]] }],
    });
    const old = await issue(order, [0], '2026-03-31');
    expect(old.billNumber).toMatch(/^INV\/25-26\//);
    const refused = await call('POST', `/api/shop/bills/${old.id}/cancel`, { reason: 'Late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('closed financial year 25-26');
  });

  describe('the list', () => {
    let client: Awaited<ReturnType<typeof insertClient>>;
    let bills: Array<{ id: number; billNumber: string; issuedOn: string }>;

    beforeAll(async () => {
      client = await insertClient(ctx.db, { company: 'Konkan Hotels' });
      bills = [];
      for (const issuedOn of ['2026-05-02', '2026-05-20', '2026-06-01', '2026-06-10']) {
        const order = await insertOrder(ctx.db, {
          clientId: client.id,
          lines: [{ product: refill }],
          shipments: [{ quantities: [[0, 1]] }],
        });
        bills.push({ ...(await issue(order, [0], issuedOn)), issuedOn });
      }
    });

    it('finds a bill by its number (any case) or by its id', async () => {
      const target = bills[1]!;
      for (const id of [target.billNumber, target.billNumber.toLowerCase(), String(target.id)]) {
        const found = await list(`id=${encodeURIComponent(id)}`);
        expect(found.response.map((b) => b.id)).toEqual([target.id]);
        expect(found.pagination.total).toBe(1);
      }
      expect((await list('id=INV%2F99-00%2F000001')).response).toEqual([]);
    });

    it('filters by date range and client, newest first, with totals of the filtered set', async () => {
      const june = await list(`client_id=${client.id}&start_date=2026-06-01&end_date=2026-06-30`);
      expect(june.response.map((b) => b.id)).toEqual([bills[3]!.id, bills[2]!.id]);
      expect(june.response[0]).toMatchObject({
        client: { id: client.id, company: 'Konkan Hotels' },
        kind: 'invoice',
        status: 'issued',
        issuedOn: '2026-06-10',
        taxablePaise: 45_000,
        cgstPaise: 4050,
        sgstPaise: 4050,
        totalPaise: 53_100,
      });
      expect(june.totals).toEqual({
        count: 2,
        countIsCapped: false,
        taxablePaise: 90_000,
        cgstPaise: 8100,
        sgstPaise: 8100,
        igstPaise: 0,
        totalPaise: 106_200,
      });
      // Paged: totals still cover every match.
      const paged = await list(`client_id=${client.id}&limit=1&page=2&sort=issuedOn`);
      expect(paged.response.map((b) => b.id)).toEqual([bills[1]!.id]);
      expect(paged.pagination).toMatchObject({ page: 2, limit: 1, total: 4 });
      expect(paged.totals.count).toBe(4);
      expect(paged.totals.taxablePaise).toBe(180_000);
      // Searching by the order number or the company.
      const found = await list(`search=konkan&client_id=${client.id}`);
      expect(found.totals.count).toBe(4);
      const bad = await call('GET', '/api/shop/bills?start_date=2026-06-30&end_date=2026-06-01');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('end_date');
      expect((await call('GET', '/api/shop/bills', undefined, inspector)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/shop/bills' })).statusCode).toBe(401);
    });

    it('exports the bills to Excel (bills and tax by rate) and CSV, audited', async () => {
      const xlsx = await call(
        'GET',
        `/api/shop/bills/export?format=xlsx&client_id=${client.id}&start_date=2026-05-01&end_date=2026-05-31`,
      );
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe(XLSX);
      expect(xlsx.headers['x-export-row-count']).toBe('2');
      expect(xlsx.headers['content-disposition']).toContain('bills-2026-06-15.xlsx');
      const rows = records(await readXlsx(xlsx.rawPayload, 'Bills'));
      expect(rows.map((r) => r.Number)).toEqual([bills[0]!.billNumber, bills[1]!.billNumber]);
      expect(rows[0]).toMatchObject({
        Kind: 'Tax invoice',
        Status: 'Issued',
        Date: '2026-05-02',
        Company: 'Konkan Hotels',
        'Place of supply': 'Maharashtra (27)',
        'Taxable (INR)': '450',
        'CGST (INR)': '40.5',
        'SGST (INR)': '40.5',
        'IGST (INR)': '0',
        'Round-off (INR)': '0',
        'Total (INR)': '531',
      });
      const byRate = records(await readXlsx(xlsx.rawPayload, 'Tax by rate'));
      expect(byRate).toEqual([
        {
          'GST rate (%)': '18',
          'Taxable (INR)': '900',
          'CGST (INR)': '81',
          'SGST (INR)': '81',
          'IGST (INR)': '0',
          'Tax (INR)': '162',
        },
      ]);

      const csv = await call('GET', `/api/shop/bills/export?format=csv&client_id=${client.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['x-export-row-count']).toBe('4');
      const csvRows = parseCsv(csv.body.slice(1)) as string[][];
      expect(csvRows[0]).toContain('GSTIN');
      expect(csvRows.slice(1).map((r) => r[0])).toEqual(bills.map((b) => b.billNumber));
      const [audit] = await ctx.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'shop_bill.exported'))
        .orderBy(asc(auditEvents.id))
        .limit(1);
      expect(audit?.after).toMatchObject({ format: 'xlsx', rowCount: 2, filters: { client_id: client.id } });
      expect((await call('GET', '/api/shop/bills/export?format=pdf')).statusCode).toBe(400);
    });

    it('subtracts credit notes and leaves cancelled bills out of the Tax by rate sheet', async () => {
      const other = await insertClient(ctx.db);
      const order = await insertOrder(ctx.db, {
        clientId: other.id,
        lines: [{ product: refill }, { product: kit }],
        shipments: [
          {
            status: 'delivered',
            quantities: [
              [0, 4],
              [1, 2],
            ],
          },
        ],
      });
      await issue(order);
      await ctx.db.transaction(async (tx) => {
        const returnId = await insertReturn(tx, order.shipments[0]!.id, [
          { shipmentLineId: order.shipments[0]!.lines[0]!.id, quantity: 1 },
        ]);
        return ctx.app.services.shopBills.issueCreditNote(tx, {
          returnId,
          issuedOn: '2026-06-15',
          actorId: adminId,
        });
      });
      const cancelledOrder = await insertOrder(ctx.db, {
        clientId: other.id,
        lines: [{ product: kit }],
        shipments: [{ quantities: [[0, 9]] }],
      });
      const cancelled = await issue(cancelledOrder);
      expect(
        (await call('POST', `/api/shop/bills/${cancelled.id}/cancel`, { reason: 'Duplicate' })).statusCode,
      ).toBe(200);

      const xlsx = await call('GET', `/api/shop/bills/export?client_id=${other.id}`);
      expect(xlsx.headers['x-export-row-count']).toBe('3');
      const sheet = records(await readXlsx(xlsx.rawPayload, 'Bills'));
      expect(sheet.map((r) => [r.Kind, r.Status])).toEqual([
        ['Tax invoice', 'Issued'],
        ['Credit note', 'Issued'],
        ['Tax invoice', 'Cancelled'],
      ]);
      expect(records(await readXlsx(xlsx.rawPayload, 'Tax by rate'))).toEqual([
        {
          'GST rate (%)': '5',
          'Taxable (INR)': '100',
          'CGST (INR)': '2.5',
          'SGST (INR)': '2.5',
          'IGST (INR)': '0',
          'Tax (INR)': '5',
        },
        {
          'GST rate (%)': '18',
          'Taxable (INR)': '1350',
          'CGST (INR)': '121.5',
          'SGST (INR)': '121.5',
          'IGST (INR)': '0',
          'Tax (INR)': '243',
        },
      ]);
    });
  });

  describe('the PDF', () => {
    it('prints the bill as searchable text: number, GSTINs, place of supply, tax totals, words, pages', async () => {
      const order = await workedExampleOrder('Karnataka', BUYER_GSTIN);
      const issued = await issue(order);
      const response = await call('GET', `/api/shop/bills/${issued.id}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(
        `${issued.billNumber.replaceAll('/', '-')}.pdf`,
      );
      const { text, pages } = await pdfText(response.rawPayload);
      expect(pages).toBe(1);
      for (const expected of [
        'TAX INVOICE',
        issued.billNumber,
        SELLER.companyName,
        `GSTIN: ${SELLER.gstin}`,
        `GSTIN: ${BUYER_GSTIN}`,
        'Place of supply: Karnataka (29)',
        'Maharashtra (27)',
        order.orderNumber,
        '15/06/2026',
        '38130000',
        'IGST',
        '1,806.89', // taxable
        '284.43', // IGST
        '-0.32', // round-off
        '2,091.00',
        'Indian Rupees Two Thousand Ninety One Only',
        'Page 1 of 1',
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('CANCELLED');
      expect(text).not.toContain('CGST');
    });

    it('numbers every page of a long bill, and marks a cancelled one CANCELLED', async () => {
      const client = await insertClient(ctx.db);
      const products = await Promise.all(
        Array.from({ length: 45 }, (_, i) =>
          insertProduct(ctx.db, { name: `Spare part ${i + 1}`, pricePaise: 1000 + i }),
        ),
      );
      const order = await insertOrder(ctx.db, {
        clientId: client.id,
        lines: products.map((product) => ({ product })),
        shipments: [{ quantities: products.map((_, i) => [i, 1] as [number, number]) }],
      });
      const issued = await issue(order);
      await call('POST', `/api/shop/bills/${issued.id}/cancel`, { reason: 'Wrong prices' });
      const response = await call('GET', `/api/shop/bills/${issued.id}/pdf`);
      const { text, pages } = await pdfText(response.rawPayload);
      expect(pages).toBeGreaterThanOrEqual(2);
      for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
      expect(text).toContain('CANCELLED');
      expect(text).toContain('Wrong prices');
      expect(text).toContain('CGST');
      expect(text).toContain('Spare part 45');
      expect((await call('GET', '/api/shop/bills/999999/pdf')).statusCode).toBe(404);
    });
  });

  it('end to end: shipping a placed order through the orders API issues the bill, a return its credit note', async () => {
    const ok = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, status = 200) => {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { authorization: admin },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      return response.json() as T;
    };
    const buyer = await insertClient(ctx.db, { company: 'Udupi Hospitals' });
    const category = await ok<{ category: { id: number } }>(
      'POST',
      '/api/shop/categories',
      { name: `Hoses ${buyer.id}` },
      201,
    );
    const { product } = await ok<{ product: { id: number; sku: string } }>(
      'POST',
      '/api/shop/products',
      {
        sku: `HOSE-${buyer.id}`,
        name: 'Delivery hose 15 m',
        unit: 'piece',
        pricePaise: 12_345,
        hsnCode: '40091100',
        gstRate: 12,
        categoryId: category.category.id,
      },
      201,
    );
    await ok(
      'POST',
      `/api/shop/products/${product.id}/stock-movements`,
      { kind: 'receive', quantity: 10, unitCostPaise: 8000 },
      201,
    );
    const addresses = `/api/shop/clients/${buyer.id}/addresses`;
    const billing = await ok<{ address: { id: number } }>(
      'POST',
      addresses,
      {
        kind: 'billing',
        label: 'Head office',
        addressLine1: '1 Car Street',
        city: 'Udupi',
        state: 'Karnataka',
        pincode: '576101',
        gstin: BUYER_GSTIN,
      },
      201,
    );
    const shipping = await ok<{ address: { id: number } }>(
      'POST',
      addresses,
      {
        kind: 'shipping',
        label: 'Hospital',
        addressLine1: '2 KMC Road',
        city: 'Manipal',
        state: 'Karnataka',
        pincode: '576104',
      },
      201,
    );
    const cart = `/api/shop/clients/${buyer.id}/cart`;
    await ok('PATCH', cart, { billingAddressId: billing.address.id });
    await ok('POST', `${cart}/lines`, { productId: product.id, quantity: 3, addressId: shipping.address.id });
    const { order } = await ok<{
      order: { id: number; orderNumber: string; shipments: Array<{ id: number }> };
    }>('POST', `/api/shop/clients/${buyer.id}/orders`, {}, 201);
    await ok('POST', `/api/shop/orders/${order.id}/confirm`);
    const shipmentUrl = `/api/shop/orders/${order.id}/shipments/${order.shipments[0]!.id}`;
    const shipped = await ok<{
      message: string;
      order: {
        shipments: Array<{
          bills: Array<{ id: number; billNumber: string; kind: string }>;
          lines: Array<{ id: number }>;
        }>;
      };
    }>('POST', `${shipmentUrl}/ship`, {
      carrier: 'Blue Dart',
      trackingNumber: 'BD123456789',
      shippedOn: '2026-06-15',
    });
    const [billed] = shipped.order.shipments[0]!.bills;
    expect(billed?.billNumber).toMatch(/^INV\/26-27\/\d{6}$/);
    expect(shipped.message).toContain(billed!.billNumber);
    const invoice = await bill(billed!.id);
    expect(invoice).toMatchObject({
      orderNumber: order.orderNumber,
      supplyType: 'inter_state',
      placeOfSupply: 'Karnataka',
      buyerGstin: BUYER_GSTIN,
      taxablePaise: 37_035,
      igstPaise: 4444, // 12 % of 370.35 = 44.442
      totalPaise: 41_500, // 414.79 → 415
      roundOffPaise: 21,
      client: { id: buyer.id, company: 'Udupi Hospitals' },
    });
    expect(invoice.lines).toMatchObject([{ sku: product.sku, quantity: 3, hsnCode: '40091100' }]);
    expect(invoice.seller.gstin).toBe(SELLER.gstin);

    await ok('POST', `${shipmentUrl}/deliver`, { deliveredOn: '2026-06-15' });
    const returned = await ok<{ message: string }>('POST', `${shipmentUrl}/returns`, {
      reason: 'Wrong coupling',
      lines: [{ shipmentLineId: shipped.order.shipments[0]!.lines[0]!.id, quantity: 1 }],
    });
    const notes = await list(`client_id=${buyer.id}&kind=credit_note`);
    expect(notes.response).toHaveLength(1);
    expect(returned.message).toContain(notes.response[0]!.billNumber);
    expect((await bill(notes.response[0]!.id)).creditNoteFor).toEqual({
      id: invoice.id,
      billNumber: invoice.billNumber,
    });
  });

  it('counts revenue this month: invoices minus credit notes, cancelled ones left out', async () => {
    const before = (await ctx.app.services.shopBills.homeFigures()).revenueThisMonthPaise;
    const client = await insertClient(ctx.db);
    const order = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: refill }],
      shipments: [{ status: 'delivered', quantities: [[0, 3]] }, { quantities: [[0, 1]] }],
    });
    await issue(order, [0]);
    const cancelled = await issue(order, [1]);
    await call('POST', `/api/shop/bills/${cancelled.id}/cancel`, { reason: 'Duplicate' });
    await ctx.db.transaction(async (tx) => {
      const returnId = await insertReturn(tx, order.shipments[0]!.id, [
        { shipmentLineId: order.shipments[0]!.lines[0]!.id, quantity: 1 },
      ]);
      return ctx.app.services.shopBills.issueCreditNote(tx, {
        returnId,
        issuedOn: '2026-06-15',
        actorId: adminId,
      });
    });
    // Last month's bill does not count.
    const may = await insertOrder(ctx.db, {
      clientId: client.id,
      lines: [{ product: refill }],
      shipments: [{ quantities: [[0, 1]] }],
    });
    await issue(may, [0], '2026-05-31');
    const after = (await ctx.app.services.shopBills.homeFigures()).revenueThisMonthPaise;
    expect(after - before).toBe(3 * 45_000 - 45_000);
  });
});
