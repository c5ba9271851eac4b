import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase, BenchContext } from '../harness.js';

/**
 * Shop orders at scale (issue 18): 1,000,000 orders of 2,000 clients over three years, each with one
 * shipment, generated set-based like the other cases; the list filtered by a week and by a client.
 * Placing orders is measured apart (`runOrderPlacing`): 10 concurrent callers each placing a filled
 * cart of its own, orders per second against the hello route.
 */
export const BENCH_ORDERS = 1_000_000;
const BENCH_CLIENTS = 2_000;
const SPAN_MINUTES = 3 * 365 * 24 * 60;

interface Prepared {
  token: string;
  clientId: number;
  from: string;
  to: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const prepared = new WeakMap<FastifyInstance, Promise<Prepared>>();
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const PASSWORD = 'Bench-mark-passphrase';

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  await app.database.db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Orders',
      email,
      passwordHash: await hashPassword(PASSWORD),
    })
    .onConflictDoNothing();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  return login.json().accessToken as string;
}

function prepareOnce(ctx: BenchContext): Promise<Prepared> {
  let promise = prepared.get(ctx.app);
  if (!promise) {
    promise = generate(ctx);
    prepared.set(ctx.app, promise);
  }
  return promise;
}

async function generate({ app, driver }: BenchContext): Promise<Prepared> {
  const db = app.database.db;
  const started = Date.now();
  const clients = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (user_type, first_name, last_name, email, company)
      select 'client', 'Client', 'No ' || i, 'bench-order-client-' || i || '@inspecta.test',
             (array['Raman Realty', 'Mehta Logistics', 'Sunrise Hospitals', 'Kapoor Malls', 'Desai Pharma'])[1 + i % 5] || ' ' || i
      from generate_series(1, ${BENCH_CLIENTS}) as g(i)
      returning id`),
  ).map((r) => Number(r.id));
  const firstClient = Math.min(...clients);
  await db.execute(sql`
    insert into shop_orders (order_number, client_id, status, billing_mode, billing_address, taxable_paise, tax_paise,
                             total_paise, line_count, unit_count, search_text, placed_at, confirmed_at, created_at, updated_at)
    select 'SO-' || lpad(i::text, 7, '0'),
           ${firstClient} + i % ${BENCH_CLIENTS},
           (array['delivered', 'delivered', 'delivered', 'shipped', 'partially_shipped', 'confirmed', 'placed', 'cancelled'])[1 + i % 8]::shop_order_status,
           'per_shipment',
           jsonb_build_object('addressId', null, 'label', 'Head office', 'contactName', null, 'phone', null,
             'addressLine1', '12 MG Road', 'addressLine2', null, 'city', 'Pune', 'district', null,
             'state', 'Maharashtra', 'stateCode', '27', 'pincode', '411001', 'country', 'India', 'gstin', null),
           (i::bigint * 7919) % 5000000, ((i::bigint * 7919) % 5000000) * 18 / 100, ((i::bigint * 7919) % 5000000) * 118 / 100,
           1 + i % 4, 1 + i % 20,
           lower('SO-' || lpad(i::text, 7, '0') || ' client no ' || (i % ${BENCH_CLIENTS} + 1)
             || ' rf-abc-' || (i % 50) || ' abc powder refill ' || (i % 50)),
           now() - make_interval(mins => ((i::bigint * 7919) % ${SPAN_MINUTES})::int),
           case when i % 8 = 6 then null else now() end, now(), now()
    from generate_series(1, ${BENCH_ORDERS}) as g(i)`);
  await db.execute(sql`select setval('shop_order_number_seq', ${BENCH_ORDERS})`);
  await db.execute(sql`
    insert into shop_shipments (order_id, sequence, status, address, supply_type, created_at, updated_at)
    select id, 1,
           (case status when 'delivered' then 'delivered' when 'shipped' then 'shipped' when 'cancelled' then 'cancelled'
              when 'partially_shipped' then 'shipped' else 'pending' end)::shop_shipment_status,
           billing_address, 'intra_state', now(), now()
    from shop_orders`);
  await db.execute(sql`vacuum analyze shop_orders`);
  await db.execute(sql`vacuum analyze shop_shipments`);
  await db.execute(sql`analyze users`);
  if (driver === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
  console.log(
    `   (${driver}: ${BENCH_ORDERS.toLocaleString('en-IN')} orders and shipments generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  // A week a year back: about 6,400 orders.
  const from = new Date(Date.now() - 400 * 86_400_000);
  return {
    token: await signIn(app, 'bench-orders@inspecta.test'),
    clientId: firstClient + 777,
    from: isoDay(from),
    to: isoDay(new Date(from.getTime() + 6 * 86_400_000)),
  };
}

const goals = { p99OneConnectionMs: 50 };

/** The orders list, one week (about 6,400 orders), first page with the totals of the week. */
export const shopOrdersByDateCase: BenchCase = {
  name: 'shop orders: list, one week (1M orders)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: `/api/shop/orders?from=${p.from}&to=${p.to}`, headers: { authorization: p.token } };
  },
};

/** The orders list as it opens: every order, first page, with the counts and sums of all 1,000,000. */
export const shopOrdersAllCase: BenchCase = {
  name: 'shop orders: list, no filter (1M orders)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: '/api/shop/orders', headers: { authorization: p.token } };
  },
};

/** Every client's orders of the last year (about 330,000), counted and summed. */
export const shopOrdersYearCase: BenchCase = {
  name: 'shop orders: list, one year (1M orders)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    const to = isoDay(new Date());
    const from = isoDay(new Date(Date.now() - 365 * 86_400_000));
    return { path: `/api/shop/orders?from=${from}&to=${to}`, headers: { authorization: p.token } };
  },
};

/** The orders list of one client (500 orders), first page with the client's totals. */
export const shopOrdersByClientCase: BenchCase = {
  name: 'shop orders: list, one client (1M orders)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: `/api/shop/orders?client_id=${p.clientId}`, headers: { authorization: p.token } };
  },
};

/** One client over the last year. */
export const shopOrdersByClientDateCase: BenchCase = {
  name: 'shop orders: list, one client, one year (1M orders)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    const to = isoDay(new Date());
    const from = isoDay(new Date(Date.now() - 365 * 86_400_000));
    return {
      path: `/api/shop/orders?client_id=${p.clientId}&from=${from}&to=${to}`,
      headers: { authorization: p.token },
    };
  },
};

// ------------------------------------------------------------ placing

const PLACING_CLIENTS = 4_000;
const PLACING_PRODUCTS = 500;

/**
 * Placing orders with `connections` concurrent callers for `seconds`: each call places the filled
 * cart of a client of its own (two lines from 500 products, split over two addresses, so every
 * order reserves two products and makes two shipments). Prints orders per second, the share of
 * hello, and p50 / p99 of one placing.
 */
export async function runOrderPlacing(
  { app, baseURL, driver }: BenchContext,
  connections: number,
  seconds: number,
  helloPerSecond: number,
): Promise<void> {
  const db = app.database.db;
  const started = Date.now();
  const [category] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into shop_categories (name) values ('Bench placing') returning id`),
  );
  await db.execute(sql`
    insert into shop_products (sku, name, category_id, unit, price_paise, hsn_code, gst_rate, reorder_level, on_hand, created_at, updated_at)
    select 'PL-' || lpad(i::text, 5, '0'), 'Placing product ' || i, ${category!.id}, 'piece', 1000 + i * 37, '84249000',
           (array[5, 12, 18, 28])[1 + i % 4], 0, 1000000, now(), now()
    from generate_series(1, ${PLACING_PRODUCTS}) as g(i)`);
  const clients = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (user_type, first_name, last_name, email, company)
      select 'client', 'Placing', 'Client ' || i, 'bench-placing-' || i || '@inspecta.test', 'Placing Co ' || i
      from generate_series(1, ${PLACING_CLIENTS}) as g(i)
      returning id`),
  ).map((r) => Number(r.id));
  const first = Math.min(...clients);
  const last = Math.max(...clients);
  await db.execute(sql`
    insert into shop_addresses (client_id, kind, label, address_line1, city, state, pincode, is_default)
    select u.id, k.kind::shop_address_kind, k.label, '1 Bench Road', 'Pune', k.state, '411001', k.is_default
    from users u,
         (values ('billing', 'Head office', 'Maharashtra', true), ('shipping', 'Site A', 'Maharashtra', true),
                 ('shipping', 'Site B', 'Karnataka', false)) as k(kind, label, state, is_default)
    where u.id between ${first} and ${last}`);
  await db.execute(sql`
    insert into shop_carts (client_id, billing_address_id)
    select a.client_id, a.id from shop_addresses a where a.kind = 'billing' and a.client_id between ${first} and ${last}`);
  await db.execute(sql`
    insert into shop_cart_lines (cart_id, product_id, quantity)
    select c.id, p.id, 2
    from shop_carts c
    join lateral (select id from shop_products where sku like 'PL-%'
                  order by (id * 7919 + c.id * 31) % ${PLACING_PRODUCTS} limit 2) p on true
    where c.client_id between ${first} and ${last}`);
  await db.execute(sql`
    insert into shop_cart_allocations (cart_line_id, address_id, quantity)
    select l.id, a.id, 1
    from shop_cart_lines l join shop_carts c on c.id = l.cart_id
    join shop_addresses a on a.client_id = c.client_id and a.kind = 'shipping'
    where c.client_id between ${first} and ${last}`);
  await db.execute(sql`analyze`);
  console.log(
    `   (${driver}: ${PLACING_CLIENTS.toLocaleString('en-IN')} carts for placing prepared in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const token = await signIn(app, 'bench-placing@inspecta.test');

  let next = 0;
  let placed = 0;
  let failed = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const t0 = Date.now();
  async function worker() {
    while (Date.now() < deadline && next < clients.length) {
      const clientId = clients[next++]!;
      const begin = performance.now();
      const response = await fetch(`${baseURL}/api/shop/clients/${clientId}/orders`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: '{}',
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - begin);
      if (response.status === 201) placed++;
      else failed++;
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const perSecond = placed / elapsed;
  console.log(
    `   shop orders placing, ${connections} connections: ${placed} orders in ${elapsed.toFixed(1)} s = ${perSecond.toFixed(1)} orders/s (${((perSecond / helloPerSecond) * 100).toFixed(2)} % of hello), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${failed} not placed`,
  );
}
