import { isValidGstin, stateCodeOf } from '@inspecta/contract';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { equipment, equipmentTypes, notifications, sites, users } from '../src/db/schema.js';
import { bootstrapDatabase, DEFAULT_ADMIN_EMAIL } from '../src/seed/bootstrap.js';
import { createTestApp, login, type TestContext, testConfig } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

describe('first start on an empty database', () => {
  let database: TestDatabase | undefined;
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    await database?.dispose();
    ctx = undefined;
    database = undefined;
  });

  // Seeding the whole demo company takes seconds alone, and more beside another test file.
  it('creates admin@inspecta.local with a generated password printed once, and loads demo data', async () => {
    ctx = await createTestApp();
    const messages: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => messages.push(JSON.parse(line).msg) });
    const config = testConfig({ SEED_DEMO: 'true' });

    const result = await bootstrapDatabase(ctx.db, config, log);
    expect(result.created).toBe(true);
    expect(result.adminEmail).toBe(DEFAULT_ADMIN_EMAIL);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(messages.filter((m) => m.includes(result.generatedPassword!))).toHaveLength(1);

    const signIn = await login(ctx.app, DEFAULT_ADMIN_EMAIL, result.generatedPassword!);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.userType).toBe('admin');

    const [siteCount] = await ctx.db.select({ n: count() }).from(sites);
    const [unitCount] = await ctx.db.select({ n: count() }).from(equipment);
    const [typeCount] = await ctx.db.select({ n: count() }).from(equipmentTypes);
    const [inspectorCount] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.userType, 'inspector'));
    const [clientCount] = await ctx.db.select({ n: count() }).from(users).where(eq(users.userType, 'client'));
    expect(siteCount!.n).toBe(26);
    expect(typeCount!.n).toBeGreaterThanOrEqual(10);
    expect(unitCount!.n).toBeGreaterThan(100);
    expect(inspectorCount!.n).toBeGreaterThanOrEqual(5);
    expect(clientCount!.n).toBeGreaterThanOrEqual(3);
    const [welcome] = await ctx.db.select().from(notifications).limit(1);
    expect(welcome!.title).toBe('Welcome to Inspecta');

    // The demo shop: 8–12 categories, 60–120 products, six months of ledger that the stock equals.
    const token = signIn.json().accessToken as string;
    const shop = (url: string) => ctx!.app.inject({ method: 'GET', url, headers: { authorization: token } });
    const categories = (await shop('/api/shop/categories?limit=100')).json();
    expect(categories.pagination.total).toBeGreaterThanOrEqual(8);
    expect(categories.pagination.total).toBeLessThanOrEqual(12);
    const summary = (await shop('/api/shop/inventory/summary')).json();
    expect(summary.totals.productsTotal).toBeGreaterThanOrEqual(60);
    expect(summary.totals.productsTotal).toBeLessThanOrEqual(120);
    expect(summary.totals.stockValueAtPricePaise).toBeGreaterThan(summary.totals.stockValueAtCostPaise);
    expect(summary.series.some((d: { issued: number }) => d.issued > 0)).toBe(true);
    expect(summary.lowStock.length).toBeGreaterThan(0);
    const products = (await shop('/api/shop/products?limit=100')).json().products as Array<{
      id: number;
      stock: { onHand: number };
    }>;
    for (const product of products.slice(0, 15)) {
      const history = (await shop(`/api/shop/products/${product.id}/log-history?limit=100`)).json();
      const sum = history.data.reduce(
        (total: number, m: { quantityDelta: number }) => total + m.quantityDelta,
        0,
      );
      expect(sum).toBe(product.stock.onHand);
      const oldest = history.data[history.data.length - 1];
      expect(Date.parse(oldest.createdAt)).toBeLessThan(Date.now() - 150 * 86_400_000);
    }
    // The demo company is a complete seller for its bills: a Maharashtra address and a valid GSTIN.
    const organisation = (await shop('/api/settings/organisation')).json().organisation;
    expect(organisation).toMatchObject({ state: 'Maharashtra', city: 'Mumbai', pincode: '400072' });
    expect(isValidGstin(organisation.gstin)).toBe(true);
    expect(organisation.gstin.slice(0, 2)).toBe(stateCodeOf(organisation.state));
    expect(organisation.companyName).toBe('Inspecta');

    // A site created after the demo gets the next free generated code.
    const adminToken = signIn.json().accessToken as string;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sites',
      headers: { authorization: adminToken },
      payload: { name: 'First real site' },
    });
    expect(created.json().site.siteCode).toBe('ST-000027');

    // A second start finds users and changes nothing.
    const again = await bootstrapDatabase(ctx.db, config, log);
    expect(again.created).toBe(false);
    const [adminCount] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(adminCount!.n).toBe(1);
  }, 90_000);

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD and skips demo data when SEED_DEMO=false', async () => {
    database = await createTestDatabase();
    const config = testConfig({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'A-very-good-passphrase',
      SEED_DEMO: 'false',
    });
    const result = await bootstrapDatabase(database.handle.db, config, pino({ level: 'silent' }));
    expect(result).toEqual({ created: true, adminEmail: 'boss@example.com', demoLoaded: false });
    const [siteCount] = await database.handle.db.select({ n: count() }).from(sites);
    expect(siteCount!.n).toBe(0);
  });
});
