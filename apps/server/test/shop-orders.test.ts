import {
  type Cart,
  gstinCheckCharacter,
  type Order,
  type OrderListResponse,
  type Product,
  type ShopAddress,
  type StockMovement,
} from '@inspecta/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { auditEvents, notifications, shopOrders } from '../src/db/schema.js';
import { insertSite, uniq } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/** A valid GSTIN of a state: state code, a PAN, entity 1, Z and the right check character. */
function gstinOf(stateCode: string, pan = 'AAPFU0939F'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

describe('shop orders: addresses, cart, orders (/api/shop)', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let otherAdminId: number;
  let inspector: string;
  const clock = new FakeClock(new Date('2026-06-15T06:30:00Z'));
  const today = '2026-06-15';

  beforeAll(async () => {
    ctx = await createTestApp({ clock, fileStorage: new MemoryFileStorage() });
    const adminUser = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Rao' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    otherAdminId = (await insertUser(ctx.db, { userType: 'admin', firstName: 'Vikram', lastName: 'Nair' }))
      .id;
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    const settings = await call('PUT', '/api/settings/organisation', {
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
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => ctx.close());

  function call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = admin,
  ) {
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function ok<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    status = 200,
  ): Promise<T> {
    const response = await call(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json() as T;
  }

  async function client(company = uniq('Acme Facilities')) {
    return insertUser(ctx.db, { userType: 'client', firstName: 'Meera', lastName: 'Iyer', company });
  }

  let categoryId: number | undefined;
  async function product(values: Record<string, unknown> = {}, stock = 100): Promise<Product> {
    if (!categoryId)
      categoryId = (
        await ok<{ category: { id: number } }>('POST', '/api/shop/categories', { name: uniq('Refills') }, 201)
      ).category.id;
    const created = await ok<{ product: Product }>(
      'POST',
      '/api/shop/products',
      {
        sku: uniq('RF').replace(/\s/g, '-'),
        name: uniq('ABC dry powder refill 6 kg'),
        unit: 'piece',
        pricePaise: 45_000,
        hsnCode: '38130000',
        gstRate: 18,
        reorderLevel: 2,
        categoryId,
        ...values,
      },
      201,
    );
    if (stock > 0)
      await ok(
        'POST',
        `/api/shop/products/${created.product.id}/stock-movements`,
        { kind: 'receive', quantity: stock, unitCostPaise: 30_000 },
        201,
      );
    return (await ok<{ product: Product }>('GET', `/api/shop/products/${created.product.id}`)).product;
  }

  const addressBody = (values: Record<string, unknown> = {}) => ({
    kind: 'shipping',
    label: uniq('Warehouse'),
    addressLine1: '4 MIDC Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411019',
    ...values,
  });

  async function address(clientId: number, values: Record<string, unknown> = {}): Promise<ShopAddress> {
    return (
      await ok<{ address: ShopAddress }>(
        'POST',
        `/api/shop/clients/${clientId}/addresses`,
        addressBody(values),
        201,
      )
    ).address;
  }

  const cartUrl = (clientId: number) => `/api/shop/clients/${clientId}/cart`;

  async function addLine(clientId: number, productId: number, quantity: number, addressId?: number) {
    return (
      await ok<{ cart: Cart }>('POST', `${cartUrl(clientId)}/lines`, {
        productId,
        quantity,
        ...(addressId ? { addressId } : {}),
      })
    ).cart;
  }

  /** A client with a billing address (Maharashtra) and one shipping address, ready to order. */
  async function readyClient(shippingState = 'Maharashtra') {
    const user = await client();
    const billing = await address(user.id, {
      kind: 'billing',
      label: 'Head office',
      gstin: gstinOf('27'),
    });
    const shipping = await address(user.id, { state: shippingState, pincode: '560001', city: 'Bengaluru' });
    await ok('PATCH', cartUrl(user.id), { billingAddressId: billing.id });
    return { user, billing, shipping };
  }

  async function place(clientId: number, body: Record<string, unknown> = {}) {
    return ok<{ order: Order; message: string }>('POST', `/api/shop/clients/${clientId}/orders`, body, 201);
  }

  async function ledger(productId: number): Promise<StockMovement[]> {
    return (
      await ok<{ data: StockMovement[] }>('GET', `/api/shop/products/${productId}/log-history?limit=100`)
    ).data;
  }

  async function stockOf(productId: number) {
    return (await ok<{ product: Product }>('GET', `/api/shop/products/${productId}`)).product.stock;
  }

  /** On hand and reserved are the sums of the ledger. */
  async function expectLedgerMatches(productId: number) {
    const movements = await ledger(productId);
    const stock = await stockOf(productId);
    expect(stock.onHand).toBe(movements.reduce((n, m) => n + m.quantityDelta, 0));
    expect(stock.reserved).toBe(movements.reduce((n, m) => n + m.reservedDelta, 0));
    return { movements, stock };
  }

  const orderUrl = (order: Pick<Order, 'id'>) => `/api/shop/orders/${order.id}`;

  // ------------------------------------------------------------ access

  it('is admin only, and answers 404 for anyone who is not a live client', async () => {
    const { user } = await readyClient();
    for (const url of [cartUrl(user.id), `/api/shop/clients/${user.id}/addresses`, '/api/shop/orders']) {
      expect((await call('GET', url, undefined, inspector)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const notClient = await insertUser(ctx.db, { userType: 'inspector' });
    const deleted = await insertUser(ctx.db, { userType: 'client', deletedAt: new Date() });
    for (const id of [notClient.id, deleted.id, 987_654]) {
      expect((await call('GET', cartUrl(id))).statusCode).toBe(404);
      expect((await call('POST', `/api/shop/clients/${id}/addresses`, addressBody())).statusCode).toBe(404);
    }
  });

  // ------------------------------------------------------------ addresses

  describe('addresses', () => {
    it('checks GSTINs: shape and check character, billing only, the state of the address', async () => {
      const user = await client();
      const base = `/api/shop/clients/${user.id}/addresses`;
      const bad = await call('POST', base, addressBody({ kind: 'billing', gstin: '27AAPFU0939F1ZX' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('gstin');
      const otherState = await call('POST', base, addressBody({ kind: 'billing', gstin: gstinOf('29') }));
      expect(otherState.statusCode).toBe(400);
      expect(otherState.json().details).toEqual([
        {
          field: 'gstin',
          message: 'This GSTIN is registered in another state: a GSTIN in Maharashtra starts with 27',
        },
      ]);
      const shipping = await call('POST', base, addressBody({ gstin: gstinOf('27') }));
      expect(shipping.statusCode).toBe(400);
      expect(shipping.json().details[0]).toMatchObject({
        field: 'gstin',
        message: 'Only a billing address carries a GSTIN',
      });

      const billing = await address(user.id, { kind: 'billing', gstin: gstinOf('27').toLowerCase() });
      expect(billing).toMatchObject({
        gstin: gstinOf('27'),
        stateCode: '27',
        isDefault: true,
        status: 'active',
      });
      // Moving the address to another state without a new GSTIN names the state.
      const moved = await call('PATCH', `${base}/${billing.id}`, { state: 'Karnataka' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().details[0].field).toBe('state');
      const both = await ok<{ address: ShopAddress }>('PATCH', `${base}/${billing.id}`, {
        state: 'Karnataka',
        gstin: gstinOf('29'),
      });
      expect(both.address).toMatchObject({ state: 'Karnataka', stateCode: '29', gstin: gstinOf('29') });
    });

    it('keeps one default per kind, archives and restores, and hides other clients’ addresses', async () => {
      const user = await client();
      const base = `/api/shop/clients/${user.id}/addresses`;
      const first = await address(user.id);
      const second = await address(user.id, { isDefault: true });
      const list = await ok<{ addresses: ShopAddress[] }>('GET', base);
      expect(list.addresses.map((a) => [a.id, a.isDefault])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);
      const archived = await ok<{ address: ShopAddress }>('DELETE', `${base}/${second.id}`);
      expect(archived.address).toMatchObject({ status: 'archived', isDefault: false });
      expect((await call('DELETE', `${base}/${second.id}`)).statusCode).toBe(409);
      expect((await ok<{ addresses: ShopAddress[] }>('GET', base)).addresses.map((a) => a.id)).toEqual([
        first.id,
      ]);
      expect(
        (await ok<{ addresses: ShopAddress[] }>('GET', `${base}?include_archived=true`)).addresses
          .map((a) => a.id)
          .sort(),
      ).toEqual([first.id, second.id].sort());
      const restored = await ok<{ address: ShopAddress }>('POST', `${base}/${second.id}/restore`);
      expect(restored.address.status).toBe('active');

      // Another client's address is not found through this client.
      const other = await client();
      const otherBase = `/api/shop/clients/${other.id}/addresses`;
      expect((await call('PATCH', `${otherBase}/${first.id}`, { label: 'Mine now' })).statusCode).toBe(404);
      expect((await call('DELETE', `${otherBase}/${first.id}`)).statusCode).toBe(404);
      expect((await call('POST', `${otherBase}/${first.id}/restore`)).statusCode).toBe(404);
      await ok('PATCH', cartUrl(other.id), {});
      expect((await call('PATCH', cartUrl(other.id), { billingAddressId: first.id })).statusCode).toBe(404);
    });

    it('makes a shipping address from an active site once, never from another client’s site', async () => {
      const user = await client();
      const site = await insertSite(ctx.db, {
        clientId: user.id,
        status: 'active',
        name: 'Pune plant',
        addressLine1: 'Plot 7, Chakan MIDC',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '410501',
        contactName: 'Harish Sharma',
      });
      const incomplete = await insertSite(ctx.db, {
        clientId: user.id,
        status: 'active',
        name: 'No address',
      });
      const base = `/api/shop/clients/${user.id}/addresses`;
      const before = await ok<{
        sites: Array<{ siteId: number; usable: boolean; addressId: number | null }>;
      }>('GET', base);
      expect(before.sites.find((s) => s.siteId === site.id)).toMatchObject({ usable: true, addressId: null });
      expect(before.sites.find((s) => s.siteId === incomplete.id)).toMatchObject({ usable: false });

      const made = await ok<{ address: ShopAddress }>('POST', `${base}/from-site`, { siteId: site.id }, 201);
      expect(made.address).toMatchObject({
        kind: 'shipping',
        label: 'Pune plant',
        addressLine1: 'Plot 7, Chakan MIDC',
        pincode: '410501',
        contactName: 'Harish Sharma',
        siteId: site.id,
        siteCode: site.siteCode,
        isDefault: true,
      });
      const again = await call('POST', `${base}/from-site`, { siteId: site.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().details[0].field).toBe('siteId');
      expect((await call('POST', `${base}/from-site`, { siteId: incomplete.id })).statusCode).toBe(400);
      const after = await ok<{ sites: Array<{ siteId: number; addressId: number | null }> }>('GET', base);
      expect(after.sites.find((s) => s.siteId === site.id)?.addressId).toBe(made.address.id);

      const other = await client();
      expect(
        (await call('POST', `/api/shop/clients/${other.id}/addresses/from-site`, { siteId: site.id }))
          .statusCode,
      ).toBe(404);
    });
  });

  // ------------------------------------------------------------ cart

  describe('cart', () => {
    it('adds, grows, splits, shrinks from the last address and flags what stops placing', async () => {
      const { user, shipping } = await readyClient();
      const second = await address(user.id, { label: 'Site B' });
      const item = await product({ pricePaise: 10_000 }, 20);
      // New units go to the default shipping address.
      let cart = await addLine(user.id, item.id, 6);
      expect(cart.lines[0]).toMatchObject({
        quantity: 6,
        allocations: [{ addressId: shipping.id, quantity: 6 }],
        unallocated: 0,
      });
      cart = await addLine(user.id, item.id, 4, second.id);
      expect(cart.lines).toHaveLength(1);
      expect(cart.lines[0]!.allocations).toEqual([
        { addressId: shipping.id, quantity: 6 },
        { addressId: second.id, quantity: 4 },
      ]);
      expect(cart.shipments.map((s) => [s.address.id, s.lines[0]!.quantity])).toEqual([
        [shipping.id, 6],
        [second.id, 4],
      ]);
      expect(cart.readyToPlace).toBe(true);
      const lineId = cart.lines[0]!.id;

      // A split may not exceed the line.
      const over = await call('PUT', `${cartUrl(user.id)}/lines/${lineId}/allocations`, {
        allocations: [
          { addressId: shipping.id, quantity: 8 },
          { addressId: second.id, quantity: 3 },
        ],
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().details[0].field).toBe('allocations');

      // Lowering the quantity shrinks the last allocation first, then the one before.
      cart = (await ok<{ cart: Cart }>('PATCH', `${cartUrl(user.id)}/lines/${lineId}`, { quantity: 5 })).cart;
      expect(cart.lines[0]!.allocations).toEqual([{ addressId: shipping.id, quantity: 5 }]);
      cart = (await ok<{ cart: Cart }>('PATCH', `${cartUrl(user.id)}/lines/${lineId}`, { quantity: 8 })).cart;
      expect(cart.lines[0]).toMatchObject({ unallocated: 3 });
      expect(cart.lines[0]!.problems.map((p) => p.code)).toEqual(['unallocated']);
      expect(cart.readyToPlace).toBe(false);
      expect(cart.problems).toContainEqual({
        field: `lines.${item.id}`,
        message: `3 units of ${item.name} have no shipping address`,
      });

      // Placing an incomplete cart is refused and nothing changes.
      const refused = await call('POST', `/api/shop/clients/${user.id}/orders`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].field).toBe(`lines.${item.id}`);

      // Unknown products and other clients' lines are not found.
      expect(
        (await call('POST', `${cartUrl(user.id)}/lines`, { productId: 999_999, quantity: 1 })).statusCode,
      ).toBe(404);
      const other = await client();
      expect((await call('PATCH', `${cartUrl(other.id)}/lines/${lineId}`, { quantity: 1 })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `${cartUrl(other.id)}/lines/${lineId}`)).statusCode).toBe(404);
      expect(
        (await call('PUT', `${cartUrl(other.id)}/lines/${lineId}/allocations`, { allocations: [] }))
          .statusCode,
      ).toBe(404);

      // Archived and short products are flagged, never dropped.
      const archivedLater = await product({}, 5);
      const shortLater = await product({}, 3);
      await addLine(user.id, archivedLater.id, 1);
      cart = await addLine(user.id, shortLater.id, 3);
      await ok('POST', `/api/shop/products/${archivedLater.id}/archive`);
      await ok(
        'POST',
        `/api/shop/products/${shortLater.id}/stock-movements`,
        { kind: 'write_off', quantity: 2, reason: 'Damaged' },
        201,
      );
      cart = (await ok<{ cart: Cart }>('GET', cartUrl(user.id))).cart;
      expect(cart.lines).toHaveLength(3);
      expect(cart.lines[1]!.problems.map((p) => p.code)).toEqual(['archived']);
      expect(cart.lines[2]).toMatchObject({ available: 1 });
      expect(cart.lines[2]!.problems.map((p) => p.code)).toEqual(['short']);
      // An archived product cannot be added again.
      expect(
        (await call('POST', `${cartUrl(user.id)}/lines`, { productId: archivedLater.id, quantity: 1 }))
          .statusCode,
      ).toBe(409);

      // Removing and emptying.
      cart = (await ok<{ cart: Cart }>('DELETE', `${cartUrl(user.id)}/lines/${cart.lines[1]!.id}`)).cart;
      expect(cart.lines.map((l) => l.productId)).toEqual([item.id, shortLater.id]);
      cart = (await ok<{ cart: Cart }>('DELETE', cartUrl(user.id))).cart;
      expect(cart.lines).toEqual([]);
      expect(cart.problems[0]).toEqual({ field: 'lines', message: 'The cart is empty' });
      expect(cart.billingAddressId).not.toBeNull();
    });

    it('taxes each shipment by its place of supply, and allows one bill per order only in one state', async () => {
      const { user, shipping } = await readyClient();
      const karnataka = await address(user.id, { state: 'Karnataka', city: 'Bengaluru', pincode: '560001' });
      const item = await product({ pricePaise: 33_333, gstRate: 18 }, 50);
      let cart = await addLine(user.id, item.id, 3);
      const lineId = cart.lines[0]!.id;
      cart = (
        await ok<{ cart: Cart }>('PUT', `${cartUrl(user.id)}/lines/${lineId}/allocations`, {
          allocations: [
            { addressId: shipping.id, quantity: 1 },
            { addressId: karnataka.id, quantity: 2 },
          ],
        })
      ).cart;
      const [intra, inter] = cart.shipments;
      // 33,333 × 18 % = 5,999.94 → CGST and SGST 2,999.97 → 3,000 paise each when rounded half up.
      expect(intra).toMatchObject({
        supplyType: 'intra_state',
        totals: { taxablePaise: 33_333, cgstPaise: 3000, sgstPaise: 3000, igstPaise: 0 },
      });
      expect(inter).toMatchObject({
        supplyType: 'inter_state',
        totals: { taxablePaise: 66_666, igstPaise: 12_000, cgstPaise: 0 },
      });
      expect(cart.totals).toMatchObject({ taxablePaise: 99_999, taxPaise: 18_000, totalPaise: 117_999 });

      const perOrder = await call('PATCH', cartUrl(user.id), { billingMode: 'per_order' });
      expect(perOrder.statusCode).toBe(400);
      expect(perOrder.json().details[0].field).toBe('billingMode');
      await ok('PUT', `${cartUrl(user.id)}/lines/${lineId}/allocations`, {
        allocations: [{ addressId: karnataka.id, quantity: 3 }],
      });
      cart = (
        await ok<{ cart: Cart }>('PATCH', cartUrl(user.id), {
          billingMode: 'per_order',
          notes: 'Call before delivery',
        })
      ).cart;
      expect(cart).toMatchObject({
        billingMode: 'per_order',
        notes: 'Call before delivery',
        readyToPlace: true,
      });
    });
  });

  // ------------------------------------------------------------ placing

  describe('placing', () => {
    it('splits the lines over addresses: one shipment per address, every unit in exactly one', async () => {
      const { user, billing, shipping } = await readyClient();
      const siteB = await address(user.id, {
        label: 'Site B',
        state: 'Karnataka',
        city: 'Mysuru',
        pincode: '570001',
      });
      const refill = await product({ pricePaise: 45_000 }, 30);
      const hose = await product({ pricePaise: 120_000, gstRate: 12, name: uniq('Hose reel 30 m') }, 10);
      let cart = await addLine(user.id, refill.id, 10);
      await ok('PUT', `${cartUrl(user.id)}/lines/${cart.lines[0]!.id}/allocations`, {
        allocations: [
          { addressId: shipping.id, quantity: 6 },
          { addressId: siteB.id, quantity: 4 },
        ],
      });
      cart = await addLine(user.id, hose.id, 2, siteB.id);
      const total = cart.totals.totalPaise;

      const changed = await call('POST', `/api/shop/clients/${user.id}/orders`, {
        expectedTotalPaise: total - 1,
      });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().details[0].field).toBe('expectedTotalPaise');

      const before = await ctx.db.select().from(notifications).where(eq(notifications.userId, otherAdminId));
      const { order, message } = await place(user.id, { expectedTotalPaise: total });
      expect(message).toBe(`Order ${order.orderNumber} placed`);
      expect(order.orderNumber).toMatch(/^SO-\d{6}$/);
      expect(order).toMatchObject({ status: 'placed', billingMode: 'per_shipment', clientId: user.id });
      expect(order.billingAddress).toMatchObject({
        addressId: billing.id,
        gstin: gstinOf('27'),
        stateCode: '27',
      });
      expect(
        order.shipments.map((s) => [s.shipmentNumber, s.address.addressId, s.supplyType, s.status]),
      ).toEqual([
        [`${order.orderNumber}/1`, shipping.id, 'intra_state', 'pending'],
        [`${order.orderNumber}/2`, siteB.id, 'inter_state', 'pending'],
      ]);
      // The shipments' lines add up to the order's lines, unit for unit.
      for (const line of order.lines) {
        const shipped = order.shipments.flatMap((s) => s.lines.filter((l) => l.orderLineId === line.id));
        expect(shipped.reduce((n, l) => n + l.quantity, 0)).toBe(line.quantity);
      }
      expect(order.lines.map((l) => [l.productId, l.quantity])).toEqual([
        [refill.id, 10],
        [hose.id, 2],
      ]);
      expect(order.totals.totalPaise).toBe(total);
      expect(order.totals.taxablePaise).toBe(10 * 45_000 + 2 * 120_000);

      // Reserved in the ledger, the cart emptied, audited, admins told.
      expect(await stockOf(refill.id)).toEqual({ onHand: 30, reserved: 10, available: 20 });
      const { movements } = await expectLedgerMatches(hose.id);
      expect(movements.filter((m) => m.kind === 'reserve')).toMatchObject([
        { kind: 'reserve', quantityDelta: 0, reservedDelta: 2, reason: `Order ${order.orderNumber}` },
      ]);
      expect((await ok<{ cart: Cart }>('GET', cartUrl(user.id))).cart.lines).toEqual([]);
      const audit = await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.placed'), eq(auditEvents.entityId, String(order.id))))
        .orderBy(auditEvents.id);
      expect(audit).toHaveLength(1);
      const after = await ctx.db.select().from(notifications).where(eq(notifications.userId, otherAdminId));
      const fresh = after.filter((n) => !before.some((b) => b.id === n.id));
      expect(fresh).toMatchObject([{ type: 'order.placed', link: `/dashboard/shop/orders/${order.id}` }]);
      expect(order.timeline[0]).toMatchObject({
        action: 'order.placed',
        actor: { id: adminId, name: 'Asha Rao' },
      });
    });

    it('copies prices and addresses: later edits never change a placed order', async () => {
      const { user, billing, shipping } = await readyClient();
      const item = await product({ pricePaise: 50_000, gstRate: 18 }, 10);
      await addLine(user.id, item.id, 2);
      const { order } = await place(user.id);
      await ok('PATCH', `/api/shop/products/${item.id}`, {
        pricePaise: 99_900,
        gstRate: 28,
        name: 'Renamed',
      });
      await ok('PATCH', `/api/shop/clients/${user.id}/addresses/${shipping.id}`, {
        addressLine1: 'Moved away',
      });
      await ok('PATCH', `/api/shop/clients/${user.id}/addresses/${billing.id}`, { label: 'Renamed office' });
      const again = (await ok<{ order: Order }>('GET', orderUrl(order))).order;
      expect(again.lines[0]).toMatchObject({ unitPricePaise: 50_000, gstRate: 18, name: item.name });
      expect(again.shipments[0]!.address.addressLine1).toBe('4 MIDC Road');
      expect(again.billingAddress.label).toBe('Head office');
      expect(again.totals).toEqual(order.totals);
    });

    it('refuses an archived or short line with a 409 naming each one, reserving nothing', async () => {
      const { user } = await readyClient();
      const plenty = await product({}, 50);
      const short = await product({}, 2);
      const shorter = await product({}, 1);
      await addLine(user.id, plenty.id, 5);
      await addLine(user.id, short.id, 2);
      await addLine(user.id, shorter.id, 1);
      await ok(
        'POST',
        `/api/shop/products/${short.id}/stock-movements`,
        { kind: 'write_off', quantity: 1, reason: 'Leak' },
        201,
      );
      await ok('POST', `/api/shop/products/${shorter.id}/archive`);
      const refused = await call('POST', `/api/shop/clients/${user.id}/orders`, {});
      expect(refused.statusCode).toBe(409);
      expect(
        refused
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual([`lines.${short.id}`, `lines.${shorter.id}`].sort());
      for (const id of [plenty.id, short.id, shorter.id]) expect((await stockOf(id)).reserved).toBe(0);
      expect((await ok<{ cart: Cart }>('GET', cartUrl(user.id))).cart.lines).toHaveLength(3);
    });

    it('sells the last 10 units exactly once to 40 concurrent orders (all or nothing per order)', async () => {
      const item = await product({ pricePaise: 25_000 }, 10);
      // A second product every order also wants, with plenty of stock: a refused order must not keep it.
      const filler = await product({ pricePaise: 1_000 }, 1000);
      const clients = [];
      for (let i = 0; i < 40; i++) {
        const { user } = await readyClient();
        await addLine(user.id, filler.id, 2);
        await addLine(user.id, item.id, 1);
        clients.push(user);
      }
      const answers = await Promise.all(
        clients.map((c) => call('POST', `/api/shop/clients/${c.id}/orders`, {})),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(30);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().details).toEqual([
          { field: `lines.${item.id}`, message: expect.stringContaining('0 units available, 1 ordered') },
        ]);
      const { stock, movements } = await expectLedgerMatches(item.id);
      expect(stock).toEqual({ onHand: 10, reserved: 10, available: 0 });
      expect(movements.filter((m) => m.kind === 'reserve')).toHaveLength(10);
      const fillerStock = await expectLedgerMatches(filler.id);
      expect(fillerStock.stock.reserved).toBe(20);
      const numbers = answers.filter((a) => a.statusCode === 201).map((a) => a.json().order.orderNumber);
      expect(new Set(numbers).size).toBe(10);
    }, 240_000);
  });

  // ------------------------------------------------------------ lifecycle

  describe('lifecycle', () => {
    async function placedOrder(quantities: [number, number] = [6, 4]) {
      const { user, shipping } = await readyClient();
      const siteB = await address(user.id, { label: 'Site B' });
      const item = await product({ pricePaise: 10_000 }, 20);
      const cart = await addLine(user.id, item.id, quantities[0] + quantities[1]);
      await ok('PUT', `${cartUrl(user.id)}/lines/${cart.lines[0]!.id}/allocations`, {
        allocations: [
          { addressId: shipping.id, quantity: quantities[0] },
          { addressId: siteB.id, quantity: quantities[1] },
        ],
      });
      const { order } = await place(user.id);
      return { order, item, user };
    }

    const shipUrl = (order: Order, index: number, action: string) =>
      `${orderUrl(order)}/shipments/${order.shipments[index]!.id}/${action}`;

    it('confirms, packs, ships with a bill, delivers, and derives the order status', async () => {
      const { order, item } = await placedOrder();
      const early = await call('POST', shipUrl(order, 0, 'ship'), {
        carrier: 'Blue Dart',
        trackingNumber: 'BD1',
        shippedOn: today,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Confirm the order before shipping it');

      let result = await ok<{ order: Order }>('POST', `${orderUrl(order)}/confirm`);
      expect(result.order.status).toBe('confirmed');
      const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, otherAdminId));
      expect(
        told.filter((n) => n.link === `/dashboard/shop/orders/${order.id}`).map((n) => [n.type, n.title]),
      ).toEqual([
        ['order.placed', expect.stringContaining(`New order ${order.orderNumber}`)],
        ['order.changed', `Order ${order.orderNumber}: confirmed`],
      ]);
      expect((await call('POST', `${orderUrl(order)}/confirm`)).statusCode).toBe(409);
      result = await ok('POST', shipUrl(order, 0, 'pack'));
      expect(result.order.shipments[0]!.status).toBe('packed');

      const future = await call('POST', shipUrl(order, 0, 'ship'), {
        carrier: 'Blue Dart',
        trackingNumber: 'BD1',
        shippedOn: '2026-06-16',
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().details[0].field).toBe('shippedOn');

      const shipped = await ok<{ order: Order; message: string }>('POST', shipUrl(order, 0, 'ship'), {
        carrier: 'Blue Dart',
        trackingNumber: 'BD7788123',
        shippedOn: today,
      });
      expect(shipped.order.status).toBe('partially_shipped');
      const first = shipped.order.shipments[0]!;
      expect(first).toMatchObject({
        status: 'shipped',
        carrier: 'Blue Dart',
        trackingNumber: 'BD7788123',
        shippedOn: today,
      });
      expect(first.bills).toHaveLength(1);
      expect(first.bills[0]).toMatchObject({ kind: 'invoice', status: 'issued' });
      expect(shipped.message).toContain(first.bills[0]!.billNumber);
      expect(await stockOf(item.id)).toEqual({ onHand: 14, reserved: 4, available: 10 });
      expect(
        (
          await call('POST', shipUrl(order, 0, 'ship'), {
            carrier: 'X',
            trackingNumber: 'Y',
            shippedOn: today,
          })
        ).statusCode,
      ).toBe(409);
      expect((await call('POST', shipUrl(order, 0, 'cancel'), { reason: 'Too late' })).statusCode).toBe(409);

      // The tracking number finds the order.
      const found = await ok<OrderListResponse>('GET', '/api/shop/orders?search=bd7788123');
      expect(found.response.map((o) => o.id)).toEqual([order.id]);

      result = await ok('POST', shipUrl(order, 1, 'ship'), {
        carrier: 'DTDC',
        trackingNumber: 'D55',
        shippedOn: today,
      });
      expect(result.order.status).toBe('shipped');
      const early2 = await call('POST', shipUrl(order, 0, 'deliver'), { deliveredOn: '2026-06-01' });
      expect(early2.statusCode).toBe(400);
      result = await ok('POST', shipUrl(order, 0, 'deliver'), {});
      expect(result.order.status).toBe('shipped');
      result = await ok('POST', shipUrl(order, 1, 'deliver'), { deliveredOn: today });
      expect(result.order.status).toBe('delivered');
      expect(result.order.lines[0]).toMatchObject({
        quantity: 10,
        shippedQuantity: 10,
        cancelledQuantity: 0,
      });
      expect(result.order.timeline.map((e) => e.action)).toEqual([
        'order.placed',
        'order.confirmed',
        'shipment.packed',
        'shipment.shipped',
        'shipment.shipped',
        'shipment.delivered',
        'shipment.delivered',
      ]);
      await expectLedgerMatches(item.id);
    });

    it('cancels a shipment once: its stock is released exactly once, a repeat is a 409', async () => {
      const { order, item } = await placedOrder();
      const cancelled = await ok<{ order: Order }>('POST', shipUrl(order, 1, 'cancel'), {
        reason: 'Site closed',
      });
      expect(cancelled.order.status).toBe('placed');
      expect(cancelled.order.shipments[1]).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Site closed',
      });
      expect(cancelled.order.totals.taxablePaise).toBe(6 * 10_000);
      expect(cancelled.order.lines[0]).toMatchObject({ cancelledQuantity: 4 });
      const again = await call('POST', shipUrl(order, 1, 'cancel'), { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      const concurrent = await Promise.all([
        call('POST', shipUrl(order, 0, 'cancel'), { reason: 'Changed mind' }),
        call('POST', shipUrl(order, 0, 'cancel'), { reason: 'Changed mind' }),
      ]);
      expect(concurrent.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const { movements, stock } = await expectLedgerMatches(item.id);
      expect(stock).toEqual({ onHand: 20, reserved: 0, available: 20 });
      expect(
        movements
          .filter((m) => m.kind === 'release')
          .map((m) => m.reservedDelta)
          .sort(),
      ).toEqual([-4, -6]);
      const final = (await ok<{ order: Order }>('GET', orderUrl(order))).order;
      expect(final.status).toBe('cancelled');
      expect((await call('POST', `${orderUrl(order)}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    });

    it('cancels a whole order before anything shipped, and not after', async () => {
      const { order, item } = await placedOrder();
      await ok('POST', `${orderUrl(order)}/confirm`);
      const result = await ok<{ order: Order }>('POST', `${orderUrl(order)}/cancel`, {
        reason: 'Client cancelled by phone',
      });
      expect(result.order).toMatchObject({ status: 'cancelled', cancelReason: 'Client cancelled by phone' });
      expect(result.order.shipments.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
      expect((await call('POST', `${orderUrl(order)}/cancel`, { reason: 'again' })).statusCode).toBe(409);
      expect((await call('POST', `${orderUrl(order)}/confirm`)).statusCode).toBe(409);
      expect(await stockOf(item.id)).toEqual({ onHand: 20, reserved: 0, available: 20 });

      const second = await placedOrder();
      await ok('POST', `${orderUrl(second.order)}/confirm`);
      await ok('POST', shipUrl(second.order, 0, 'ship'), {
        carrier: 'DTDC',
        trackingNumber: 'D1',
        shippedOn: today,
      });
      const refused = await call('POST', `${orderUrl(second.order)}/cancel`, { reason: 'late' });
      expect(refused.statusCode).toBe(409);
    });

    it('takes back delivered units once, with a return in the ledger and a credit note', async () => {
      const { order, item } = await placedOrder([3, 2]);
      await ok('POST', `${orderUrl(order)}/confirm`);
      await ok('POST', shipUrl(order, 0, 'ship'), {
        carrier: 'DTDC',
        trackingNumber: 'R1',
        shippedOn: today,
      });
      const notYet = await call('POST', shipUrl(order, 0, 'returns'), {
        reason: 'Damaged',
        lines: [{ shipmentLineId: order.shipments[0]!.lines[0]!.id, quantity: 1 }],
      });
      expect(notYet.statusCode).toBe(409);
      await ok('POST', shipUrl(order, 0, 'deliver'), {});
      const lineId = order.shipments[0]!.lines[0]!.id;
      const returned = await ok<{ order: Order; message: string }>('POST', shipUrl(order, 0, 'returns'), {
        reason: 'Two cylinders dented',
        lines: [{ shipmentLineId: lineId, quantity: 2 }],
      });
      expect(returned.order.shipments[0]!.lines[0]!.returnedQuantity).toBe(2);
      expect(returned.order.lines[0]!.returnedQuantity).toBe(2);
      const kinds = returned.order.shipments[0]!.bills.map((b) => b.kind);
      expect(kinds).toEqual(['invoice', 'credit_note']);
      expect(returned.message).toContain('credit note');
      const tooMany = await call('POST', shipUrl(order, 0, 'returns'), {
        reason: 'More',
        lines: [{ shipmentLineId: lineId, quantity: 2 }],
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().details[0].field).toBe('lines.0.quantity');
      const foreign = await call('POST', shipUrl(order, 0, 'returns'), {
        reason: 'Other',
        lines: [{ shipmentLineId: order.shipments[1]!.lines[0]!.id, quantity: 1 }],
      });
      expect(foreign.statusCode).toBe(404);
      const { movements, stock } = await expectLedgerMatches(item.id);
      expect(movements.filter((m) => m.kind === 'return').map((m) => m.quantityDelta)).toEqual([2]);
      // 20 received, 3 shipped, 2 back; the other shipment's 2 still reserved.
      expect(stock).toEqual({ onHand: 19, reserved: 2, available: 17 });
    });

    it('bills per order once the last open shipment ships', async () => {
      const { user, shipping } = await readyClient();
      const second = await address(user.id, { label: 'Second site' });
      const item = await product({}, 10);
      const cart = await addLine(user.id, item.id, 3);
      await ok('PUT', `${cartUrl(user.id)}/lines/${cart.lines[0]!.id}/allocations`, {
        allocations: [
          { addressId: shipping.id, quantity: 1 },
          { addressId: second.id, quantity: 2 },
        ],
      });
      await ok('PATCH', cartUrl(user.id), { billingMode: 'per_order' });
      const { order } = await place(user.id);
      await ok('POST', `${orderUrl(order)}/confirm`);
      let result = await ok<{ order: Order }>('POST', shipUrl(order, 0, 'ship'), {
        carrier: 'A',
        trackingNumber: 'P1',
        shippedOn: today,
      });
      expect(result.order.shipments.flatMap((s) => s.bills)).toEqual([]);
      result = await ok('POST', shipUrl(order, 1, 'ship'), {
        carrier: 'A',
        trackingNumber: 'P2',
        shippedOn: today,
      });
      const bills = result.order.shipments.map((s) => s.bills.map((b) => b.billNumber));
      expect(bills[0]).toHaveLength(1);
      expect(bills[1]).toEqual(bills[0]);
    });

    it('answers 404 for an unknown order or another order’s shipment', async () => {
      const { order } = await placedOrder();
      const other = await placedOrder();
      expect((await call('GET', '/api/shop/orders/999999')).statusCode).toBe(404);
      expect((await call('POST', '/api/shop/orders/999999/confirm')).statusCode).toBe(404);
      expect(
        (await call('POST', `${orderUrl(order)}/shipments/${other.order.shipments[0]!.id}/pack`)).statusCode,
      ).toBe(404);
    });
  });

  // ------------------------------------------------------------ list, export, PDF, home

  describe('list, export, PDF and home', () => {
    let company: string;
    let orders: Order[];
    let clientId: number;

    beforeAll(async () => {
      company = uniq('Zenith Towers');
      const user = await client(company);
      clientId = user.id;
      const billing = await address(user.id, { kind: 'billing', label: 'Head office', gstin: gstinOf('27') });
      const shipping = await address(user.id);
      await ok('PATCH', cartUrl(user.id), { billingAddressId: billing.id });
      const item = await product({ pricePaise: 20_000, name: uniq('Hooter siren 12V') }, 100);
      orders = [];
      for (const [i, quantity] of [1, 2, 3].entries()) {
        await addLine(user.id, item.id, quantity, shipping.id);
        const { order } = await place(user.id);
        // The first on the 15th (IST), the others two days later.
        if (i > 0)
          await ctx.db
            .update(shopOrders)
            .set({ placedAt: new Date(Date.parse(order.placedAt) + 2 * 86_400_000 + i * 60_000) })
            .where(eq(shopOrders.id, order.id));
        orders.push(order);
      }
      await ok('POST', `${orderUrl(orders[1]!)}/confirm`);
      await ok('POST', `${orderUrl(orders[2]!)}/cancel`, { reason: 'Duplicate' });
    });

    it('filters by client, status and date range, with totals per status and of the filtered set', async () => {
      const all = await ok<OrderListResponse>('GET', `/api/shop/orders?client_id=${clientId}`);
      expect(all.response.map((o) => o.id)).toEqual([orders[2]!.id, orders[1]!.id, orders[0]!.id]);
      expect(all.response[0]).toMatchObject({
        status: 'cancelled',
        unitCount: 3,
        lineCount: 1,
        shipmentCount: 0,
        client: { company },
      });
      expect(all.totals).toMatchObject({
        count: 3,
        countIsCapped: false,
        byStatus: { placed: 1, confirmed: 1, cancelled: 1, shipped: 0 },
      });
      // Cancelled orders are left out of the sums.
      expect(all.totals.totalPaise).toBe(orders[0]!.totals.totalPaise + orders[1]!.totals.totalPaise);
      expect(all.pagination).toMatchObject({ page: 1, total: 3 });

      const confirmed = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?client_id=${clientId}&status=confirmed`,
      );
      expect(confirmed.response.map((o) => o.id)).toEqual([orders[1]!.id]);
      expect(confirmed.totals).toMatchObject({
        count: 1,
        byStatus: { placed: 1, confirmed: 1, cancelled: 1 },
      });

      const firstDay = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?client_id=${clientId}&from=${today}&to=${today}`,
      );
      expect(firstDay.response.map((o) => o.id)).toEqual([orders[0]!.id]);
      const later = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?client_id=${clientId}&from=2026-06-16`,
      );
      expect(later.response.map((o) => o.id)).toEqual([orders[2]!.id, orders[1]!.id]);
      const paged = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?client_id=${clientId}&limit=2&page=2`,
      );
      expect(paged.response.map((o) => o.id)).toEqual([orders[0]!.id]);
      const sorted = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?client_id=${clientId}&sort=totalPaise`,
      );
      expect(sorted.response.map((o) => o.id)).toEqual(orders.map((o) => o.id));
      const bad = await call('GET', '/api/shop/orders?from=2026-06-20&to=2026-06-01');
      expect(bad.statusCode).toBe(400);
    });

    it('counts and sums date ranges of every client exactly, part-days in IST at both ends included', async () => {
      // Orders either side of the IST midnight (18:30 UTC), moved by updates as the summary must follow.
      const moved = [
        ['2026-06-15T18:29:00Z', orders[0]!.id],
        ['2026-06-15T18:31:00Z', orders[1]!.id],
        ['2026-06-17T23:50:00Z', orders[2]!.id],
      ] as const;
      for (const [at, id] of moved)
        await ctx.db
          .update(shopOrders)
          .set({ placedAt: new Date(at) })
          .where(eq(shopOrders.id, id));
      const expected = async (from?: string, to?: string) => {
        const result = await ctx.db.execute(sql`select status, count(*)::int as n,
            sum(total_paise)::text as total, sum(tax_paise)::text as tax from shop_orders
          where true
            ${from ? sql`and placed_at >= (${from}::date)::timestamp at time zone 'Asia/Kolkata'` : sql``}
            ${to ? sql`and placed_at < (${to}::date + 1)::timestamp at time zone 'Asia/Kolkata'` : sql``}
          group by status`);
        const rows = (result as unknown as { rows: Array<{ status: string; n: number; total: string }> })
          .rows;
        const kept = rows.filter((r) => r.status !== 'cancelled');
        return {
          count: rows.reduce((n, r) => n + r.n, 0),
          byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
          totalPaise: kept.reduce((n, r) => n + Number(r.total), 0),
        };
      };
      const ranges: Array<[string | undefined, string | undefined]> = [
        [undefined, undefined],
        ['2026-06-15', '2026-06-15'],
        ['2026-06-16', '2026-06-16'],
        ['2026-06-16', undefined],
        [undefined, '2026-06-15'],
        ['2026-06-14', '2026-06-18'],
        ['2026-06-18', '2026-06-30'],
      ];
      for (const [from, to] of ranges) {
        const query = [from && `from=${from}`, to && `to=${to}`].filter(Boolean).join('&');
        const listed = await ok<OrderListResponse>('GET', `/api/shop/orders?${query}`);
        const want = await expected(from, to);
        expect(listed.totals, query).toMatchObject({
          count: want.count,
          countIsCapped: false,
          totalPaise: want.totalPaise,
          byStatus: want.byStatus,
        });
        expect(listed.pagination.total, query).toBe(want.count);
      }
      // The IST day of 15 June holds the order at 18:29 UTC and not the one at 18:31 UTC.
      const fifteenth = await ok<OrderListResponse>('GET', '/api/shop/orders?from=2026-06-15&to=2026-06-15');
      expect(fifteenth.response.map((o) => o.id)).toContain(orders[0]!.id);
      expect(fifteenth.response.map((o) => o.id)).not.toContain(orders[1]!.id);
      const placed = await ok<OrderListResponse>('GET', '/api/shop/orders?from=2026-06-16&status=confirmed');
      expect(placed.totals.count).toBe((await expected('2026-06-16')).byStatus.confirmed ?? 0);
    });

    it('searches by order number (exact first), client and product', async () => {
      const target = orders[0]!;
      const digits = String(Number(target.orderNumber.slice(3)));
      const byNumber = await ok<OrderListResponse>('GET', `/api/shop/orders?search=${digits}`);
      expect(byNumber.response[0]!.id).toBe(target.id);
      const exact = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?search=${target.orderNumber.toLowerCase()}`,
      );
      expect(exact.response[0]!.id).toBe(target.id);
      const byCompany = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?search=${encodeURIComponent(company.toLowerCase())}`,
      );
      expect(byCompany.response.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
      const byProduct = await ok<OrderListResponse>(
        'GET',
        `/api/shop/orders?search=${encodeURIComponent(orders[0]!.lines[0]!.sku)}`,
      );
      expect(byProduct.response.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
      const none = await ok<OrderListResponse>('GET', '/api/shop/orders?search=no-such-order-anywhere');
      expect(none).toMatchObject({ response: [], totals: { count: 0, totalPaise: 0 } });
    });

    it('exports the filtered orders, audited', async () => {
      const response = await call('GET', `/api/shop/orders/export?client_id=${clientId}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-export-row-count']).toBe('3');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('Order');
      const numbers = [2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value);
      expect(numbers).toEqual(orders.map((o) => o.orderNumber));
      expect(sheet.getRow(2).getCell(12).value).toBe(orders[0]!.totals.totalPaise / 100);
      const csv = await call(
        'GET',
        `/api/shop/orders/export?client_id=${clientId}&format=csv&status=cancelled`,
      );
      expect(csv.body.trim().split('\r\n')).toHaveLength(2);
      const audits = await ctx.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'shop_order.exported'))
        .orderBy(auditEvents.id);
      expect(audits.length).toBeGreaterThanOrEqual(2);
    });

    it('prints the order as a PDF with real text: company, number, client, billing address, lines, totals, pages', async () => {
      const order = orders[1]!;
      const response = await call('GET', `${orderUrl(order)}/pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`order-${order.orderNumber}.pdf`);
      const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
      try {
        const { text, total } = await parser.getText();
        expect(total).toBe(1);
        for (const expected of [
          'Sahyadri Fire Safety Pvt Ltd',
          `Order ${order.orderNumber}`,
          company,
          `GSTIN ${gstinOf('27')}`,
          order.lines[0]!.sku,
          `${order.orderNumber}/1`,
          '4 MIDC Road',
          'Page 1 of 1',
        ])
          expect(text).toContain(expected);
        // 2 × ₹200 + 18 % = ₹472.00
        expect(text).toContain('472.00');
      } finally {
        await parser.destroy();
      }
      expect((await call('GET', '/api/shop/orders/999999/pdf')).statusCode).toBe(404);
    });

    it('counts orders to confirm and shipments to send on the home screen', async () => {
      const home = async () =>
        (
          await ok<{
            shop: { ordersToConfirm: number; shipmentsToSend: number; revenueThisMonthPaise: number };
          }>('GET', '/api/dashboard/data')
        ).shop;
      const before = await home();
      const { user } = await readyClient();
      const item = await product({}, 5);
      await addLine(user.id, item.id, 1);
      const { order } = await place(user.id);
      expect((await home()).ordersToConfirm).toBe(before.ordersToConfirm + 1);
      await ok('POST', `${orderUrl(order)}/confirm`);
      const confirmed = await home();
      expect(confirmed).toMatchObject({
        ordersToConfirm: before.ordersToConfirm,
        shipmentsToSend: before.shipmentsToSend + 1,
      });
      expect(typeof confirmed.revenueThisMonthPaise).toBe('number');
    });
  });
});
