import { gstinCheckCharacter, type Order, type ShopAddress } from '@inspecta/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { auditEvents, notifications } from '../src/db/schema.js';
import { uniq } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/** A valid GSTIN of a state: state code, a PAN, entity 1, Z and the right check character. */
function gstinOf(stateCode: string, pan = 'AAPFU0939F'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('client portal: the shop (/api/portal/shop, cart, orders, bills)', () => {
  let ctx: TestContext;
  let admin: string;
  const clock = new FakeClock(new Date('2026-06-15T06:30:00Z'));
  const today = '2026-06-15';
  let productId: number;
  let archivedId: number;

  function call(method: Method, url: string, token: string, payload?: unknown) {
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function ok<T>(
    method: Method,
    url: string,
    token: string,
    payload?: unknown,
    status = 200,
  ): Promise<T> {
    const response = await call(method, url, token, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  }

  /** A client with a billing address and two shipping addresses (made by an administrator). */
  async function client() {
    const user = await insertUser(ctx.db, { userType: 'client', firstName: 'Meera', company: uniq('Acme') });
    const address = async (values: Record<string, unknown>) =>
      (
        await ok<{ address: ShopAddress }>(
          'POST',
          `/api/shop/clients/${user.id}/addresses`,
          admin,
          {
            kind: 'shipping',
            label: uniq('Warehouse'),
            addressLine1: '4 MIDC Road',
            city: 'Pune',
            state: 'Maharashtra',
            pincode: '411019',
            ...values,
          },
          201,
        )
      ).address;
    const billing = await address({ kind: 'billing', label: 'Head office', gstin: gstinOf('27') });
    const first = await address({});
    const second = await address({ city: 'Mysuru', state: 'Karnataka', pincode: '570001' });
    return { id: user.id, token: await tokenFor(ctx.app, user), billing, first, second };
  }

  let a: Awaited<ReturnType<typeof client>>;
  let b: Awaited<ReturnType<typeof client>>;

  beforeAll(async () => {
    ctx = await createTestApp({ clock, fileStorage: new MemoryFileStorage() });
    const adminUser = await insertUser(ctx.db, { userType: 'admin' });
    admin = await tokenFor(ctx.app, adminUser);
    await ok('PUT', '/api/settings/organisation', admin, {
      companyName: 'Sahyadri Fire Safety Pvt Ltd',
      timezone: 'Asia/Kolkata',
      dateFormat: 'D MMM YYYY',
      defaultInspectionIntervalDays: 180,
      gstin: gstinOf('27', 'AAACS1234K'),
      addressLine1: '12 Industrial Estate',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
    });
    const { category } = await ok<{ category: { id: number } }>(
      'POST',
      '/api/shop/categories',
      admin,
      { name: uniq('Refills') },
      201,
    );
    const product = async (name: string, stock: number) => {
      const created = await ok<{ product: { id: number } }>(
        'POST',
        '/api/shop/products',
        admin,
        {
          sku: uniq('RF').replace(/\s/g, '-'),
          name,
          unit: 'piece',
          pricePaise: 45_000,
          hsnCode: '38130000',
          gstRate: 18,
          reorderLevel: 2,
          categoryId: category.id,
        },
        201,
      );
      if (stock)
        await ok(
          'POST',
          `/api/shop/products/${created.product.id}/stock-movements`,
          admin,
          { kind: 'receive', quantity: stock, unitCostPaise: 30_000 },
          201,
        );
      return created.product.id;
    };
    productId = await product(uniq('ABC dry powder refill 6 kg'), 50);
    archivedId = await product(uniq('Old CO2 horn'), 0);
    await ok('POST', `/api/shop/products/${archivedId}/archive`, admin);
    a = await client();
    b = await client();
  });
  afterAll(() => ctx.close());

  it('lists active products with price and GST rate and only "in stock", never cost or stock figures', async () => {
    const body = await ok<{ products: Array<Record<string, unknown>> }>(
      'GET',
      '/api/portal/shop/products?search=refill',
      a.token,
    );
    const refill = body.products.find((p) => p.id === productId);
    const all = await ok<{ products: Array<{ id: number }> }>(
      'GET',
      '/api/portal/shop/products?limit=100',
      a.token,
    );
    expect(all.products.map((p) => p.id)).not.toContain(archivedId);
    expect(refill).toMatchObject({ pricePaise: 45_000, gstRate: 18, inStock: true, currency: 'INR' });
    expect(refill).not.toHaveProperty('averageCostPaise');
    expect(refill).not.toHaveProperty('stock');
    const categories = await ok<{ categories: unknown[] }>('GET', '/api/portal/shop/categories', a.token);
    expect(categories.categories.length).toBeGreaterThan(0);
    // Staff have their own shop screens; the portal's are the client's.
    expect((await call('GET', '/api/portal/shop/products', admin)).statusCode).toBe(403);
  });

  it('places an order split over two of the client’s addresses, and lists it for that client only', async () => {
    const addresses = await ok<{ addresses: ShopAddress[] }>('GET', '/api/portal/addresses', a.token);
    expect(addresses.addresses.map((x) => x.id).sort()).toEqual(
      [a.billing.id, a.first.id, a.second.id].sort(),
    );

    await ok('PATCH', '/api/portal/cart', a.token, { billingAddressId: a.billing.id });
    // Another client's address is not one of this client's.
    const foreign = await call('PATCH', '/api/portal/cart', a.token, { billingAddressId: b.billing.id });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);

    type CartBody = { cart: { lines: Array<{ id: number }>; totals: { totalPaise: number } } };
    let { cart } = await ok<CartBody>('POST', '/api/portal/cart/lines', a.token, {
      productId,
      quantity: 5,
      addressId: a.first.id,
    });
    const lineId = cart.lines[0]!.id;
    ({ cart } = await ok<CartBody>('PUT', `/api/portal/cart/lines/${lineId}`, a.token, { quantity: 6 }));
    ({ cart } = await ok<CartBody>('PUT', `/api/portal/cart/lines/${lineId}/allocations`, a.token, {
      allocations: [
        { addressId: a.first.id, quantity: 4 },
        { addressId: a.second.id, quantity: 2 },
      ],
    }));
    // Client B cannot touch client A's line.
    expect((await call('PUT', `/api/portal/cart/lines/${lineId}`, b.token, { quantity: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/portal/cart/lines/${lineId}`, b.token)).statusCode).toBe(404);

    const placed = await ok<{ order: Order; message: string }>(
      'POST',
      '/api/portal/orders',
      a.token,
      { expectedTotalPaise: cart.totals.totalPaise },
      201,
    );
    const order = placed.order;
    expect(order).toMatchObject({ clientId: a.id, status: 'placed', placedBy: { id: a.id } });
    expect(order.shipments.map((s) => [s.address.addressId, s.lines[0]!.quantity])).toEqual([
      [a.first.id, 4],
      [a.second.id, 2],
    ]);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, a.id), eq(auditEvents.entityType, 'shop_order')))
      .orderBy(auditEvents.id);
    expect(audits.length).toBeGreaterThan(0);
    expect((await ok<{ cart: { lines: unknown[] } }>('GET', '/api/portal/cart', a.token)).cart.lines).toEqual(
      [],
    );

    const mine = await ok<{ orders: Array<{ id: number }> }>('GET', '/api/portal/orders', a.token);
    expect(mine.orders.map((o) => o.id)).toEqual([order.id]);
    expect((await ok<{ orders: unknown[] }>('GET', '/api/portal/orders', b.token)).orders).toEqual([]);
    expect((await ok<{ order: Order }>('GET', `/api/portal/orders/${order.id}`, a.token)).order.id).toBe(
      order.id,
    );
    expect((await call('GET', `/api/portal/orders/${order.id}`, b.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/portal/orders/999999', a.token)).statusCode).toBe(404);
  });

  it('tells the client when a shipment ships, lists its bill, and serves the PDF to it alone', async () => {
    await ok('PATCH', '/api/portal/cart', b.token, { billingAddressId: b.billing.id });
    await ok('POST', '/api/portal/cart/lines', b.token, { productId, quantity: 1, addressId: b.first.id });
    const { order } = await ok<{ order: Order }>('POST', '/api/portal/orders', b.token, {}, 201);
    const shipment = `/api/shop/orders/${order.id}/shipments/${order.shipments[0]!.id}`;
    await ok('POST', `/api/shop/orders/${order.id}/confirm`, admin);
    await ok('POST', `${shipment}/pack`, admin);
    await ok('POST', `${shipment}/ship`, admin, {
      carrier: 'Blue Dart',
      trackingNumber: 'BD1',
      shippedOn: today,
    });

    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.type, 'order.shipped')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/portal/orders/${order.id}` });
    const toA = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.type, 'order.shipped')));
    expect(toA).toHaveLength(0);

    const bills = await ok<{ bills: Array<{ id: number; orderId: number; client: { id: number } }> }>(
      'GET',
      '/api/portal/bills',
      b.token,
    );
    expect(bills.bills).toHaveLength(1);
    expect(bills.bills[0]).toMatchObject({ orderId: order.id, client: { id: b.id } });
    expect((await ok<{ bills: unknown[] }>('GET', '/api/portal/bills', a.token)).bills).toEqual([]);

    const billId = bills.bills[0]!.id;
    const pdf = await call('GET', `/api/portal/bills/${billId}/pdf`, b.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/attachment/);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await call('GET', `/api/portal/bills/${billId}/pdf`, a.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/portal/bills/999999/pdf', b.token)).statusCode).toBe(404);
  });

  it('empties the cart, and names the field of a bad body (400)', async () => {
    await ok('POST', '/api/portal/cart/lines', a.token, { productId, quantity: 1 });
    const bad = await call('POST', '/api/portal/cart/lines', a.token, { productId, quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('quantity');
    const cleared = await ok<{ cart: { lines: unknown[] } }>('DELETE', '/api/portal/cart', a.token);
    expect(cleared.cart.lines).toEqual([]);
  });
});
