import type { Product, ProductCategory, StockMovement } from '@inspecta/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { auditEvents } from '../src/db/schema.js';
import { insertType, uniq } from './helpers/equipment-fixtures.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('shop catalogue: /api/shop', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let inspector: string;
  const storage = new MemoryFileStorage();
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestApp({ clock, fileStorage: storage });
    const adminUser = await insertUser(ctx.db, { userType: 'admin', firstName: 'Asha', lastName: 'Rao' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const upload = (url: string, file: ReturnType<typeof multipartFile>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: admin, ...file.headers },
      payload: file.payload,
    });

  async function category(name = uniq('Refills'), parentId?: number): Promise<ProductCategory> {
    const response = await call('POST', '/api/shop/categories', { name, parentId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().category;
  }

  async function product(values: Record<string, unknown> = {}): Promise<Product> {
    const categoryId = (values.categoryId as number | undefined) ?? (await category()).id;
    const response = await call('POST', '/api/shop/products', {
      sku: uniq('SKU').replace(/\s/g, '-'),
      name: uniq('ABC dry powder refill 6 kg'),
      unit: 'kg',
      pricePaise: 45_000,
      hsnCode: '38130000',
      gstRate: 18,
      reorderLevel: 5,
      ...values,
      categoryId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().product;
  }

  const move = (productId: number, body: Record<string, unknown>) =>
    call('POST', `/api/shop/products/${productId}/stock-movements`, body);

  async function ledger(productId: number): Promise<StockMovement[]> {
    const response = await call('GET', `/api/shop/products/${productId}/log-history?limit=100`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  async function stockOf(productId: number) {
    const response = await call('GET', `/api/shop/products/${productId}`);
    expect(response.statusCode).toBe(200);
    return response.json().product as Product & { recentMovements: StockMovement[] };
  }

  // ------------------------------------------------------------ access

  it('is admin only', async () => {
    for (const url of ['/api/shop/products', '/api/shop/categories', '/api/shop/inventory/summary']) {
      expect((await call('GET', url, undefined, inspector)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  // ------------------------------------------------------------ categories

  describe('categories', () => {
    it('keeps the tree at two levels', async () => {
      const top = await category(uniq('Fire extinguishers'));
      const child = await category('Refills', top.id);
      expect(child).toMatchObject({ parentId: top.id, parentName: top.name, status: 'active' });

      const third = await call('POST', '/api/shop/categories', { name: 'Too deep', parentId: child.id });
      expect(third.statusCode).toBe(400);
      expect(third.json().details).toEqual([
        { field: 'parentId', message: 'Choose a top-level category as the parent (two levels at most)' },
      ]);

      // A category with subcategories cannot move under another one.
      const other = await category(uniq('Signage'));
      const moveParent = await call('PATCH', `/api/shop/categories/${top.id}`, { parentId: other.id });
      expect(moveParent.statusCode).toBe(400);
      expect(moveParent.json().details[0].field).toBe('parentId');

      // A leaf moves and is renamed.
      const moved = await call('PATCH', `/api/shop/categories/${child.id}`, {
        parentId: other.id,
        name: 'Refill kits',
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().category).toMatchObject({
        parentId: other.id,
        parentName: other.name,
        name: 'Refill kits',
      });

      const tree = await call('GET', '/api/shop/categories/tree');
      const node = tree.json().categories.find((c: { id: number }) => c.id === other.id);
      expect(node.children.map((c: { name: string }) => c.name)).toEqual(['Refill kits']);
    });

    it('refuses a duplicate name among siblings in any case, and an empty update', async () => {
      const top = await category(uniq('Hoses'));
      await category('Delivery hoses', top.id);
      const duplicate = await call('POST', '/api/shop/categories', {
        name: 'DELIVERY HOSES',
        parentId: top.id,
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().details[0].field).toBe('name');
      const empty = await call('PATCH', `/api/shop/categories/${top.id}`, {});
      expect(empty.statusCode).toBe(400);
      const blank = await call('POST', '/api/shop/categories', { name: '   ' });
      expect(blank.json().details).toEqual([{ field: 'name', message: 'Name is required' }]);
    });

    it('deletes only an empty category; one with products is archived instead', async () => {
      const empty = await category();
      expect((await call('DELETE', `/api/shop/categories/${empty.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/shop/categories/${empty.id}`)).statusCode).toBe(404);
      const trail = await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'shop_category'), eq(auditEvents.entityId, String(empty.id))))
        .orderBy(auditEvents.id);
      expect(trail.map((e) => e.action)).toEqual(['shop_category.created', 'shop_category.deleted']);

      const used = await category();
      await product({ categoryId: used.id });
      const refused = await call('DELETE', `/api/shop/categories/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This category has 1 product and cannot be deleted. Archive it instead.',
      );

      const parentWithChild = await category();
      await category('Child', parentWithChild.id);
      expect((await call('DELETE', `/api/shop/categories/${parentWithChild.id}`)).statusCode).toBe(409);

      const archived = await call('POST', `/api/shop/categories/${used.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().category).toMatchObject({ status: 'archived', productCount: 1 });

      // No new products in an archived category; restoring makes it usable again.
      const create = await call('POST', '/api/shop/products', {
        sku: uniq('X').replace(/\s/g, ''),
        name: 'Nozzle',
        categoryId: used.id,
        unit: 'piece',
        pricePaise: 100,
        hsnCode: '8424',
        gstRate: 18,
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().details[0].field).toBe('categoryId');
      expect((await call('POST', `/api/shop/categories/${used.id}/restore`)).json().category.status).toBe(
        'active',
      );
    });

    it('archives a parent only after its active subcategories, and restores a child only under an active parent', async () => {
      const top = await category();
      const child = await category('Nozzles', top.id);
      expect((await call('POST', `/api/shop/categories/${top.id}/archive`)).statusCode).toBe(409);
      expect((await call('POST', `/api/shop/categories/${child.id}/archive`)).statusCode).toBe(200);
      expect((await call('POST', `/api/shop/categories/${top.id}/archive`)).statusCode).toBe(200);
      expect((await call('POST', `/api/shop/categories/${child.id}/restore`)).statusCode).toBe(409);
    });

    it('lists with search and paging', async () => {
      const marker = uniq('Zircon');
      const top = await category(marker);
      await category(`${marker} child`, top.id);
      const response = await call('GET', `/api/shop/categories?search=${encodeURIComponent(marker)}&limit=1`);
      expect(response.statusCode).toBe(200);
      expect(response.json().pagination).toEqual({ page: 1, limit: 1, total: 2 });
      expect(response.json().categories[0].name).toBe(marker);
    });
  });

  // ------------------------------------------------------------ products

  describe('products', () => {
    it('validates every field with a clear message', async () => {
      const cat = await category();
      const base = {
        sku: 'VAL-1',
        name: 'Hose reel',
        categoryId: cat.id,
        unit: 'piece',
        pricePaise: 100,
        hsnCode: '8424',
        gstRate: 18,
      };
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ pricePaise: -1 }, 'pricePaise', 'Price cannot be negative'],
        [{ pricePaise: 10.5 }, 'pricePaise', 'Price must be a whole number of paise'],
        [{ gstRate: 7 }, 'gstRate', 'GST rate must be 0, 5, 12, 18 or 28 %'],
        [{ hsnCode: '12345' }, 'hsnCode', 'HSN code must be 4, 6 or 8 digits'],
        [{ hsnCode: '84AB' }, 'hsnCode', 'HSN code must be 4, 6 or 8 digits'],
        [{ unit: 'box' }, 'unit', 'Unit must be piece, kg, litre or set'],
        [{ sku: 'has space' }, 'sku', 'SKU may hold letters, digits and - _ . / only (no spaces)'],
        [{ sku: '' }, 'sku', 'SKU is required'],
        [{ reorderLevel: -2 }, 'reorderLevel', 'Reorder level cannot be negative'],
        [{ currency: 'USD' }, 'currency', 'Currency must be INR'],
      ];
      for (const [change, field, message] of cases) {
        const response = await call('POST', '/api/shop/products', { ...base, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json().details, JSON.stringify(change)).toContainEqual({ field, message });
      }
      const unknownCategory = await call('POST', '/api/shop/products', {
        ...base,
        categoryId: 2_000_000_000,
      });
      expect(unknownCategory.statusCode).toBe(400);
      expect(unknownCategory.json().details).toEqual([
        { field: 'categoryId', message: 'The category was not found' },
      ]);
    });

    it('keeps SKUs unique in any letter case, on create and on update', async () => {
      const sku = uniq('HOSE').replace(/\s/g, '-');
      const first = await product({ sku });
      const duplicate = await call('POST', '/api/shop/products', {
        sku: sku.toLowerCase(),
        name: 'Another',
        categoryId: first.categoryId,
        unit: 'piece',
        pricePaise: 1,
        hsnCode: '8424',
        gstRate: 18,
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().details).toEqual([
        { field: 'sku', message: 'A product with this SKU already exists (SKUs ignore letter case)' },
      ]);
      const second = await product();
      const rename = await call('PATCH', `/api/shop/products/${second.id}`, { sku: sku.toUpperCase() });
      expect(rename.statusCode).toBe(409);
    });

    it('creates a product with equipment types, answers it in the list and details, and audits it', async () => {
      const type = await insertType(ctx.db, { name: uniq('CO2 extinguisher 4.5 kg') });
      const created = await product({
        equipmentTypeIds: [type.id, type.id],
        description: '  Refill for ABC units ',
      });
      expect(created).toMatchObject({
        unit: 'kg',
        pricePaise: 45_000,
        currency: 'INR',
        gstRate: 18,
        hsnCode: '38130000',
        description: 'Refill for ABC units',
        equipmentTypeIds: [type.id],
        equipmentTypeNames: [type.name],
        stock: { onHand: 0, reserved: 0, available: 0 },
        stockState: 'out',
        status: 'active',
        images: [],
      });
      const unknownType = await call('PATCH', `/api/shop/products/${created.id}`, {
        equipmentTypeIds: [2_000_000_000],
      });
      expect(unknownType.statusCode).toBe(400);

      const list = await call('GET', `/api/shop/products?search=${encodeURIComponent(created.sku)}`);
      expect(list.json().products.map((p: Product) => p.id)).toEqual([created.id]);
      expect(list.json().pagination).toEqual({ page: 1, limit: 20, total: 1 });

      const updated = await call('PATCH', `/api/shop/products/${created.id}`, {
        pricePaise: 47_500,
        gstRate: 12,
      });
      expect(updated.json()).toMatchObject({
        message: 'Product saved',
        product: { pricePaise: 47_500, gstRate: 12 },
      });

      const events = await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'shop_product'), eq(auditEvents.entityId, String(created.id))))
        .orderBy(auditEvents.id);
      expect(events.map((e) => e.action).sort()).toEqual(['shop_product.created', 'shop_product.updated']);
      expect(events.every((e) => e.actorId === adminId)).toBe(true);
    });

    it('filters by category (a parent includes its subcategories), status and stock state, and sorts', async () => {
      const top = await category();
      const child = await category('Sub', top.id);
      const a = await product({ categoryId: top.id, name: 'Alpha nozzle', reorderLevel: 5 });
      const b = await product({ categoryId: child.id, name: 'Beta nozzle', reorderLevel: 5 });
      const c = await product({ categoryId: child.id, name: 'Gamma nozzle', reorderLevel: 5 });
      await move(b.id, { kind: 'receive', quantity: 3, unitCostPaise: 100 });
      await move(c.id, { kind: 'receive', quantity: 30, unitCostPaise: 100 });
      const ids = async (query: string) =>
        (await call('GET', `/api/shop/products?category_id=${top.id}${query}`))
          .json()
          .products.map((p: Product) => p.id);
      expect(await ids('')).toEqual([a.id, b.id, c.id]);
      expect(await ids('&sort=-name')).toEqual([c.id, b.id, a.id]);
      expect(await ids('&sort=-available')).toEqual([c.id, b.id, a.id]);
      expect(await ids('&stock=out')).toEqual([a.id]);
      expect(await ids('&stock=low')).toEqual([b.id]);
      expect(await ids('&stock=ok')).toEqual([c.id]);
      // The same while searching (a rare term: one statement per shape, the stock state part of it).
      expect(await ids('&search=nozzle&stock=out')).toEqual([a.id]);
      expect(await ids('&search=nozzle&stock=low')).toEqual([b.id]);
      expect(await ids('&search=nozzle&stock=ok')).toEqual([c.id]);
      expect(await ids('&search=nozzle&stock=ok&status=active')).toEqual([c.id]);
      expect((await call('GET', `/api/shop/products?category_id=${child.id}`)).json().pagination.total).toBe(
        2,
      );

      expect((await call('POST', `/api/shop/products/${a.id}/archive`)).json().product.status).toBe(
        'archived',
      );
      expect(await ids('&status=archived')).toEqual([a.id]);
      expect(await ids('&status=active')).toEqual([b.id, c.id]);
      expect((await call('POST', `/api/shop/products/${a.id}/restore`)).json().product.status).toBe('active');

      const bad = await call('GET', '/api/shop/products?stock=empty&sort=colour');
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['sort', 'stock']);
    });

    it('ranks an exact SKU first, then SKUs starting with the term, then by name', async () => {
      const marker = uniq('KIT').replace(/\s/g, '');
      const cat = await category();
      const contains = await product({ categoryId: cat.id, sku: `A-${marker}`, name: 'Aaa service kit' });
      const exact = await product({ categoryId: cat.id, sku: marker, name: 'Zzz service kit' });
      const prefix = await product({ categoryId: cat.id, sku: `${marker}-2`, name: 'Aab service kit' });
      const list = await call('GET', `/api/shop/products?search=${marker.toLowerCase()}`);
      expect(list.json().products.map((p: Product) => p.id)).toEqual([exact.id, prefix.id, contains.id]);
      // Paged: the same order across pages, and the total on every page.
      const page = async (n: number) =>
        (await call('GET', `/api/shop/products?search=${marker}&limit=2&page=${n}`)).json();
      expect((await page(1)).products.map((p: Product) => p.id)).toEqual([exact.id, prefix.id]);
      expect((await page(2)).products.map((p: Product) => p.id)).toEqual([contains.id]);
      expect((await page(2)).pagination).toEqual({ page: 2, limit: 2, total: 3 });
      expect(await page(3)).toEqual({ products: [], pagination: { page: 3, limit: 2, total: 3 } });
      // The list's other filters hold in every rank: an archived exact or prefix SKU is left out.
      await call('POST', `/api/shop/products/${exact.id}/archive`);
      await call('POST', `/api/shop/products/${prefix.id}/archive`);
      const active = (await call('GET', `/api/shop/products?search=${marker}&status=active`)).json();
      expect(active.products.map((p: Product) => p.id)).toEqual([contains.id]);
      expect(active.pagination.total).toBe(1);
      const archived = (await call('GET', `/api/shop/products?search=${marker}&status=archived`)).json();
      expect(archived.products.map((p: Product) => p.id)).toEqual([exact.id, prefix.id]);
    });

    it('keeps the name order when a common word has thousands of matches (the name index walk)', async () => {
      const word = uniq('bulk').replace(/\s/g, '').toLowerCase();
      const cat = await category();
      // 6,000 matches (past the 5,000 that are sorted whole), inserted in no name order.
      await ctx.db.execute(sql`
        insert into shop_products (sku, name, category_id, unit, price_paise, hsn_code, gst_rate)
        select 'BLK-' || ${word} || '-' || g, 'Item ' || lpad(((g * 7919) % 6000)::text, 5, '0') || ' ' || ${word},
               ${cat.id}, 'piece', 100, '8424', 18
        from generate_series(1, 6000) g`);
      const exact = await product({ categoryId: cat.id, sku: word, name: 'Zzz last by name' });
      const first = (await call('GET', `/api/shop/products?search=${word}&limit=5`)).json();
      expect(first.products.map((p: Product) => p.name)).toEqual([
        'Zzz last by name',
        `Item 00000 ${word}`,
        `Item 00001 ${word}`,
        `Item 00002 ${word}`,
        `Item 00003 ${word}`,
      ]);
      expect(first.products[0].id).toBe(exact.id);
      expect(first.pagination.total).toBe(6001);
      const later = (await call('GET', `/api/shop/products?search=${word}&limit=5&page=3`)).json();
      expect(later.products.map((p: Product) => p.name)).toEqual(
        [9, 10, 11, 12, 13].map((n) => `Item ${String(n).padStart(5, '0')} ${word}`),
      );
    });

    it('sorts a search by a column across pages, counted exactly to 10,000 and "10,000+" beyond', async () => {
      const few = uniq('fewsort').replace(/\s/g, '').toLowerCase();
      const many = uniq('manysort').replace(/\s/g, '').toLowerCase();
      const cat = await category();
      // Prices in no insertion order: (g * 7919) mod n runs through every remainder once.
      await ctx.db.execute(sql`
        insert into shop_products (sku, name, category_id, unit, price_paise, hsn_code, gst_rate)
        select 'FEW-' || ${few} || '-' || g, 'Item ' || ${few}, ${cat.id}, 'piece', ((g * 7919) % 25) * 100 + 100, '8424', 18
        from generate_series(1, 25) g`);
      await ctx.db.execute(sql`
        insert into shop_products (sku, name, category_id, unit, price_paise, hsn_code, gst_rate)
        select 'MANY-' || ${many} || '-' || g, 'Item ' || ${many}, ${cat.id}, 'piece', ((g * 7919) % 10001) + 1, '8424', 18
        from generate_series(1, 10001) g`);
      const prices = (body: { products: Product[] }) => body.products.map((p) => p.pricePaise);

      const second = (
        await call('GET', `/api/shop/products?search=${few}&sort=-pricePaise&limit=10&page=2`)
      ).json();
      expect(prices(second)).toEqual([1500, 1400, 1300, 1200, 1100, 1000, 900, 800, 700, 600]);
      expect(second.pagination).toEqual({ page: 2, limit: 10, total: 25 });
      const past = (
        await call('GET', `/api/shop/products?search=${few}&sort=-pricePaise&limit=10&page=4`)
      ).json();
      expect(past.products).toEqual([]);
      expect(past.pagination).toEqual({ page: 4, limit: 10, total: 25 });

      const cheapest = (
        await call('GET', `/api/shop/products?search=${many}&sort=pricePaise&limit=5&page=2`)
      ).json();
      expect(prices(cheapest)).toEqual([6, 7, 8, 9, 10]);
      expect(cheapest.products.every((p: Product) => p.name === `Item ${many}`)).toBe(true);
      expect(cheapest.pagination).toEqual({ page: 2, limit: 5, total: 10_000, totalIsCapped: true });
      const dearest = (
        await call('GET', `/api/shop/products?search=${many}&sort=-pricePaise&limit=3`)
      ).json();
      expect(prices(dearest)).toEqual([10001, 10000, 9999]);
      expect(dearest.pagination).toEqual({ page: 1, limit: 3, total: 10_000, totalIsCapped: true });
    });

    it('restores a product only when its category is active', async () => {
      const cat = await category();
      const p = await product({ categoryId: cat.id });
      await call('POST', `/api/shop/products/${p.id}/archive`);
      await call('POST', `/api/shop/categories/${cat.id}/archive`);
      const restore = await call('POST', `/api/shop/products/${p.id}/restore`);
      expect(restore.statusCode).toBe(409);
      expect(restore.json().details[0].field).toBe('categoryId');
    });
  });

  // ------------------------------------------------------------ images

  describe('images', () => {
    const png = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 3, background: '#d62828' } })
        .png()
        .toBuffer();

    it('stores a re-encoded WebP, answers its URL, and removes it', async () => {
      const p = await product();
      const added = await upload(
        `/api/shop/products/${p.id}/images`,
        multipartFile(await png(2000), 'refill.png', 'image/png'),
      );
      expect(added.statusCode, added.body).toBe(200);
      const [image] = added.json().product.images;
      expect(image.url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(1200);

      const removed = await call('DELETE', `/api/shop/products/${p.id}/images/${image.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().product.images).toEqual([]);
      expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/shop/products/${p.id}/images/${image.id}`)).statusCode).toBe(404);
    });

    it("answers each product's images in upload order and its equipment types by name, in the list and the details", async () => {
      const zeta = await insertType(ctx.db, { name: uniq('Zeta hydrant') });
      const alpha = await insertType(ctx.db, { name: uniq('alpha hose reel') });
      const p = await product({ equipmentTypeIds: [zeta.id, alpha.id] });
      const bare = await product({ name: `${p.name} spare` });
      const urls: string[] = [];
      for (const side of [40, 60]) {
        const added = await upload(
          `/api/shop/products/${p.id}/images`,
          multipartFile(await png(side), `${side}.png`, 'image/png'),
        );
        urls.push(added.json().product.images.at(-1).url);
      }
      const listed = (await call('GET', `/api/shop/products?search=${encodeURIComponent(p.name)}`)).json();
      const byId = new Map(listed.products.map((x: Product) => [x.id, x]));
      for (const answered of [
        byId.get(p.id) as Product,
        (await call('GET', `/api/shop/products/${p.id}`)).json().product,
      ]) {
        expect(answered.images.map((i: { url: string }) => i.url)).toEqual(urls);
        expect(answered.equipmentTypeIds).toEqual([alpha.id, zeta.id]);
        expect(answered.equipmentTypeNames).toEqual([alpha.name, zeta.name]);
      }
      expect(byId.get(bare.id)).toMatchObject({ images: [], equipmentTypeIds: [], equipmentTypeNames: [] });
    });

    it('answers every product on a page its own images and equipment types, page after page', async () => {
      const name = uniq('Pump gland');
      const made: Array<{ id: number; typeId: number; url: string }> = [];
      for (const suffix of ['a', 'b', 'c']) {
        const type = await insertType(ctx.db, { name: uniq(`Gland type ${suffix}`) });
        const p = await product({ name: `${name} ${suffix}`, equipmentTypeIds: [type.id] });
        const added = await upload(
          `/api/shop/products/${p.id}/images`,
          multipartFile(await png(40), `${suffix}.png`, 'image/png'),
        );
        made.push({ id: p.id, typeId: type.id, url: added.json().product.images.at(-1).url });
      }
      for (const [search, limit, page] of [
        [name, 20, 1],
        [`${name} c`, 20, 1],
        [name, 1, 2],
      ] as const) {
        const listed = await call(
          'GET',
          `/api/shop/products?search=${encodeURIComponent(search)}&limit=${limit}&page=${page}`,
        );
        expect(listed.statusCode, listed.body).toBe(200);
        const products: Product[] = listed.json().products;
        expect(products.length).toBeGreaterThan(0);
        for (const answered of products) {
          const own = made.find((m) => m.id === answered.id)!;
          expect(answered.images.map((i) => i.url)).toEqual([own.url]);
          expect(answered.equipmentTypeIds).toEqual([own.typeId]);
        }
      }
    });

    it('refuses what is not an image (415) and what is too large (413)', async () => {
      const p = await product();
      const text = await upload(
        `/api/shop/products/${p.id}/images`,
        multipartFile('hello', 'a.png', 'image/png'),
      );
      expect(text.statusCode).toBe(415);
      const big = await upload(
        `/api/shop/products/${p.id}/images`,
        multipartFile(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png', 'image/png'),
      );
      expect(big.statusCode).toBe(413);
      expect((await stockOf(p.id)).images).toEqual([]);
    });
  });

  // ------------------------------------------------------------ stock ledger

  describe('stock ledger', () => {
    it('keeps the stock equal to the sum of the ledger after every kind of movement', async () => {
      const p = await product({ reorderLevel: 4 });
      const steps: Array<[Record<string, unknown>, number]> = [
        [{ kind: 'receive', quantity: 10, unitCostPaise: 30_000, supplierReference: 'PO-118' }, 10],
        [{ kind: 'receive', quantity: 10, unitCostPaise: 40_000 }, 20],
        [{ kind: 'adjust', quantityDelta: -3, reason: 'Stock-take 15 June' }, 17],
        [{ kind: 'write_off', quantity: 2, reason: 'Damaged in transit' }, 15],
        [{ kind: 'adjust', quantityDelta: 1, reason: 'Found behind the shelf' }, 16],
      ];
      for (const [body, expected] of steps) {
        const response = await move(p.id, body);
        expect(response.statusCode, response.body).toBe(201);
        const { product: after, movement } = response.json();
        expect(after.stock).toEqual({ onHand: expected, reserved: 0, available: expected });
        expect(movement.onHandAfter).toBe(expected);
        expect(movement.onHandAfter - movement.onHandBefore).toBe(movement.quantityDelta);
        expect(movement.actor).toEqual({ id: adminId, name: 'Asha Rao' });
        const entries = await ledger(p.id);
        expect(entries.reduce((sum, m) => sum + m.quantityDelta, 0)).toBe(expected);
      }
      const details = await stockOf(p.id);
      expect(details.averageCostPaise).toBe(35_000);
      expect(details.recentMovements.map((m) => m.kind)).toEqual([
        'adjust',
        'write_off',
        'adjust',
        'receive',
        'receive',
      ]);
      expect(details.recentMovements[4]).toMatchObject({
        supplierReference: 'PO-118',
        unitCostPaise: 30_000,
      });
      expect(details.recentMovements[1]).toMatchObject({ reason: 'Damaged in transit', quantityDelta: -2 });
    });

    it('validates movements', async () => {
      const p = await product();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ kind: 'receive', quantity: 0, unitCostPaise: 1 }, 'quantity'],
        [{ kind: 'receive', quantity: 2 }, 'unitCostPaise'],
        [{ kind: 'adjust', quantityDelta: 0, reason: 'x' }, 'quantityDelta'],
        [{ kind: 'adjust', quantityDelta: 2 }, 'reason'],
        [{ kind: 'write_off', quantity: 1, reason: '  ' }, 'reason'],
        [{ kind: 'set', quantity: 1 }, 'kind'],
        [{ kind: 'reserve', quantity: 1 }, 'kind'],
      ];
      for (const [body, field] of cases) {
        const response = await move(p.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(
          response.json().details.map((d: { field: string }) => d.field),
          JSON.stringify(body),
        ).toContain(field);
      }
      expect((await move(2_000_000_000, { kind: 'write_off', quantity: 1, reason: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('never takes available stock below zero (409, nothing written)', async () => {
      const p = await product();
      await move(p.id, { kind: 'receive', quantity: 5, unitCostPaise: 100 });
      const tooMuch = await move(p.id, { kind: 'write_off', quantity: 6, reason: 'Lost' });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toBe(
        'Not enough stock: 5 available, this movement needs 6. Nothing was changed.',
      );
      const negative = await move(p.id, { kind: 'adjust', quantityDelta: -6, reason: 'Count' });
      expect(negative.statusCode).toBe(409);
      expect((await stockOf(p.id)).stock.onHand).toBe(5);
      expect(await ledger(p.id)).toHaveLength(1);
    });

    it('lets 50 concurrent write-offs against a stock of 20 take exactly 20 and refuses the other 30', async () => {
      const p = await product();
      await move(p.id, { kind: 'receive', quantity: 20, unitCostPaise: 1_000 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          move(p.id, { kind: 'write_off', quantity: 1, reason: `Concurrent ${i}` }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(20);
      expect(codes.filter((c) => c === 409)).toHaveLength(30);
      const after = await stockOf(p.id);
      expect(after.stock).toEqual({ onHand: 0, reserved: 0, available: 0 });
      expect(after.stockState).toBe('out');
      const entries = await ledger(p.id);
      expect(entries).toHaveLength(21);
      expect(entries.reduce((sum, m) => sum + m.quantityDelta, 0)).toBe(0);
      // Every write-off saw a distinct count: no two read the same "before".
      const befores = entries.filter((m) => m.kind === 'write_off').map((m) => m.onHandBefore);
      expect(new Set(befores).size).toBe(20);
    });

    it('pages the log history between two days, newest first', async () => {
      const p = await product();
      for (let i = 0; i < 3; i++) await move(p.id, { kind: 'receive', quantity: 1, unitCostPaise: 1 });
      const all = await call('GET', `/api/shop/products/${p.id}/log-history?limit=2`);
      expect(all.json().pagination).toEqual({ page: 1, limit: 2, total: 3 });
      const ids = all.json().data.map((m: StockMovement) => m.id);
      expect(ids[0]).toBeGreaterThan(ids[1]);
      const page2 = await call('GET', `/api/shop/products/${p.id}/log-history?limit=2&page=2`);
      expect(page2.json().data).toHaveLength(1);
      const none = await call('GET', `/api/shop/products/${p.id}/log-history?from=2001-01-01&to=2001-01-31`);
      expect(none.json()).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0 } });
      const wrongOrder = await call(
        'GET',
        `/api/shop/products/${p.id}/log-history?from=2026-02-01&to=2026-01-01`,
      );
      expect(wrongOrder.statusCode).toBe(400);
      expect(wrongOrder.json().details).toEqual([{ field: 'to', message: 'From must be on or before To' }]);
      const badDate = await call('GET', `/api/shop/products/${p.id}/log-history?from=2026-02-30`);
      expect(badDate.json().details).toEqual([
        { field: 'from', message: 'From must be a date (YYYY-MM-DD)' },
      ]);
      expect((await call('GET', '/api/shop/products/2000000000/log-history')).statusCode).toBe(404);
    });

    it('audits every movement in its transaction', async () => {
      const p = await product();
      await move(p.id, { kind: 'receive', quantity: 4, unitCostPaise: 10 });
      await move(p.id, { kind: 'write_off', quantity: 9, reason: 'Refused' });
      const events = await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, String(p.id)), like(auditEvents.action, 'shop_stock.%')))
        .orderBy(auditEvents.id);
      expect(events.map((e) => e.action)).toEqual(['shop_stock.received']);
    });
  });

  // ------------------------------------------------------------ summary, home, search

  it('sums the inventory, lists low stock and answers a 90-day series', async () => {
    const before = (await call('GET', '/api/shop/inventory/summary')).json();
    const p = await product({ pricePaise: 1_000, reorderLevel: 10 });
    await move(p.id, { kind: 'receive', quantity: 4, unitCostPaise: 600 });
    const response = await call('GET', '/api/shop/inventory/summary');
    expect(response.statusCode).toBe(200);
    const { totals, series, lowStock } = response.json();
    expect(totals.productsTotal).toBe(before.totals.productsTotal + 1);
    expect(totals.unitsOnHand).toBe(before.totals.unitsOnHand + 4);
    expect(totals.stockValueAtCostPaise).toBe(before.totals.stockValueAtCostPaise + 2_400);
    expect(totals.stockValueAtPricePaise).toBe(before.totals.stockValueAtPricePaise + 4_000);
    expect(totals.currency).toBe('INR');
    expect(series).toHaveLength(90);
    expect(series[89].date).toBe('2026-06-15');
    expect(lowStock.length).toBeLessThanOrEqual(10);

    const home = await call('GET', '/api/dashboard/data');
    expect(home.statusCode).toBe(200);
    // The stock figures of the home's shop section (the order figures are tested with the orders).
    expect(home.json().shop).toMatchObject({
      lowStock: totals.lowStock,
      outOfStock: totals.outOfStock,
      stockValueAtPricePaise: totals.stockValueAtPricePaise,
      currency: 'INR',
    });
  });

  it('finds products in the global search, an exact SKU first', async () => {
    const sku = uniq('GS').replace(/\s/g, '');
    const p = await product({ sku, name: 'Branch pipe nozzle' });
    const response = await call('GET', `/api/global/search?search=${sku.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    const group = response.json().groups.find((g: { kind: string }) => g.kind === 'products');
    expect(group.items[0]).toMatchObject({ id: p.id, sku, match: 'exact', stockState: 'out', available: 0 });
    expect(response.json().bestMatch).toEqual({ kind: 'products', id: p.id });
  });

  // ------------------------------------------------------------ import and export

  describe('import', () => {
    const heading =
      'SKU,Name,Category,Unit,Price (₹),HSN code,GST rate (%),Reorder level,Opening stock,Unit cost (₹)';

    it('previews per-row errors and imports nothing while any row has one', async () => {
      const top = await category(uniq('Imported'));
      const taken = await product({ categoryId: top.id });
      const good = uniq('IMP').replace(/\s/g, '');
      const csv = [
        heading,
        `${good},Hose 30 m,${top.name},piece,"2,450.50",5909,12,2,6,1800`,
        `${taken.sku.toLowerCase()},Duplicate,${top.name},piece,10,5909,12,,,`,
        `${good}-B,Bad rate,${top.name},piece,10,5909,7,,,`,
        `${good}-C,Bad HSN,Nowhere,box,-5,59,18,,,`,
      ].join('\n');
      const preview = await upload(
        '/api/shop/products/import/preview',
        multipartFile(csv, 'products.csv', 'text/csv'),
      );
      expect(preview.statusCode, preview.body).toBe(200);
      const body = preview.json();
      expect(body).toMatchObject({ fileName: 'products.csv', total: 4, valid: 1, invalid: 3 });
      expect(body.rows[0].errors).toEqual([]);
      expect(body.rows[1].errors).toContainEqual({
        field: 'sku',
        message: `A product with SKU "${taken.sku.toLowerCase()}" already exists`,
      });
      expect(body.rows[2].errors).toEqual([
        { field: 'gstRate', message: 'GST rate must be 0, 5, 12, 18 or 28 %' },
      ]);
      const fields = body.rows[3].errors.map((e: { field: string }) => e.field).sort();
      expect(fields).toEqual(['category', 'hsnCode', 'price', 'unit']);

      const commit = await upload(
        '/api/shop/products/import',
        multipartFile(csv, 'products.csv', 'text/csv'),
      );
      expect(commit.statusCode).toBe(400);
      expect(commit.json().message).toBe(
        'Nothing was imported: 3 of 4 rows have errors. Fix them and import the file again.',
      );
      expect(commit.json().details).toContainEqual({
        field: 'row 4: GST rate (%)',
        message: 'GST rate must be 0, 5, 12, 18 or 28 %',
      });
      expect((await call('GET', `/api/shop/products?search=${good}`)).json().products).toEqual([]);
    });

    it('imports a clean .xlsx in one go, with opening stock in the ledger', async () => {
      const top = await category(uniq('Xlsx'));
      const child = await category('Spares', top.id);
      const marker = uniq('XL').replace(/\s/g, '');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Products');
      sheet.addRow(heading.split(','));
      sheet.addRow([`${marker}-1`, 'Valve', `${top.name} › Spares`, 'piece', 350, '8481', 18, 5, 12, 200]);
      sheet.addRow([
        `${marker}-2`,
        'Gauge',
        `${top.name} > Spares`,
        'Pcs',
        '99.9',
        '902620',
        '18%',
        '',
        '',
        '',
      ]);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const response = await upload('/api/shop/products/import', multipartFile(file, 'products.xlsx', XLSX));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: '2 products imported', imported: 2 });
      const list = (await call('GET', `/api/shop/products?search=${marker}&sort=sku`)).json()
        .products as Product[];
      expect(list.map((p) => [p.sku, p.categoryId, p.pricePaise, p.stock.onHand])).toEqual([
        [`${marker}-1`, child.id, 35_000, 12],
        [`${marker}-2`, child.id, 9_990, 0],
      ]);
      // The name the lists show: the SQL writes the separator as an escape (bundle-server.ts).
      expect(list[0]!.categoryName).toBe(`${top.name} › Spares`);
      expect((await ledger(list[0]!.id))[0]).toMatchObject({
        kind: 'receive',
        quantityDelta: 12,
        unitCostPaise: 20_000,
      });
      const again = await upload('/api/shop/products/import', multipartFile(file, 'products.xlsx', XLSX));
      expect(again.statusCode).toBe(400);
    });

    it('refuses a sheet without the required columns, naming the file', async () => {
      const response = await upload(
        '/api/shop/products/import/preview',
        multipartFile('SKU,Name\nA,B', 'x.csv', 'text/csv'),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('file');
    });
  });

  describe('exports', () => {
    it('streams the filtered list and the valuation sheet, and audits them', async () => {
      const cat = await category(uniq('Export'));
      const p = await product({
        categoryId: cat.id,
        sku: uniq('EXP').replace(/\s/g, ''),
        pricePaise: 12_345,
      });
      await move(p.id, { kind: 'receive', quantity: 3, unitCostPaise: 10_000 });
      const csv = await call('GET', `/api/shop/products/export?format=csv&category_id=${cat.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['x-export-row-count']).toBe('1');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('SKU');
      expect(lines[1]).toContain(p.sku);
      expect(lines[1]).toContain('123.45');

      const xlsx = await call('GET', `/api/shop/inventory/valuation-export?category_id=${cat.id}`);
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headings = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(row[headings.indexOf('Value at cost (₹)')]).toBe(300);
      expect(row[headings.indexOf('Value at price (₹)')]).toBe(370.35);

      const events = await ctx.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'shop_valuation.exported'))
        .orderBy(auditEvents.id);
      expect(events.length).toBeGreaterThan(0);
    });
  });
});
