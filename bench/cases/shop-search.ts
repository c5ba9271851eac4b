import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import { arrayLiteral, type BenchCase, type BenchContext } from '../harness.js';

/**
 * The shop's order and bill lists searched (issue 22): 100,000 orders of 2,000 clients over three
 * years, each with one shipment and one bill (one in ten a credit note, one in fifty cancelled),
 * on PGlite and PostgreSQL alike. Their search text is what the app writes: the order number, the
 * client's name and company and the products for an order; the bill number, the order number and
 * the client for a bill. The words searched here are not in the 1,000,000 orders of shop-orders.ts
 * nor in the bills of shop-bills.ts, so a full run (which generates those too) matches the same rows.
 */
export const SEARCH_ORDERS = 100_000;
const CLIENTS = 2_000;
const SPAN_MINUTES = 3 * 365 * 24 * 60;
const PASSWORD = 'Bench-mark-passphrase';
const EMAIL = 'bench-shop-search@inspecta.test';

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Rohan', 'Ananya', 'Diya', 'Meera', 'Kavya', 'Imran'];
const LAST = [
  'Sharma',
  'Verma',
  'Gupta',
  'Patel',
  'Reddy',
  'Nair',
  'Iyer',
  'Menon',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Banerjee',
  'Qureshi',
  'Gill',
  'Mehta',
  'Desai',
  'Pillai',
  'Bose',
  'Saxena',
  'Agarwal',
  'Chopra',
  'Malhotra',
  'Kapoor',
  'Bhatt',
  'Jain',
  'Sayed',
  'Krishnan',
  'Yadav',
  'Mishra',
  'Pandey',
  'Tiwari',
  'Dubey',
  'Naidu',
  'Shetty',
  'Hegde',
  'Kamath',
  'Pai',
  'Bhat',
  'Shenoy',
];
const COMPANIES = [
  'Sahyadri Realty',
  'Konkan Logistics',
  'Deccan Hospitals',
  'Malabar Malls',
  'Narmada Pharma',
];
const PRODUCTS = ['fog nozzle', 'co2 refill', 'exit sign', 'smoke detector', 'hooter', 'landing valve'];

const prepared = new WeakMap<FastifyInstance, Promise<string>>();

function prepareOnce(ctx: BenchContext): Promise<string> {
  let promise = prepared.get(ctx.app);
  if (!promise) {
    promise = generate(ctx);
    prepared.set(ctx.app, promise);
  }
  return promise;
}

async function generate({ app, driver }: BenchContext): Promise<string> {
  const db = app.database.db;
  const started = Date.now();
  // Client i: FIRST[i % 10], LAST[(i / 10) % 40] (each surname 50 clients), COMPANIES[i % 5] || ' ' || i.
  const [range] = (
    (await db.execute(sql`
      with inserted as (
        insert into users (user_type, first_name, last_name, email, company)
        select 'client', (${arrayLiteral(FIRST)})[1 + i % ${FIRST.length}],
               (${arrayLiteral(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
               'bench-shop-search-' || i || '@inspecta.test',
               (${arrayLiteral(COMPANIES)})[1 + i % ${COMPANIES.length}] || ' ' || i
        from generate_series(0, ${CLIENTS - 1}) as g(i)
        returning id)
      select min(id) as first from inserted`)) as unknown as { rows: Array<{ first: number }> }
  ).rows;
  const firstClient = Number(range!.first);
  // Order i belongs to client i % 2000: a surname has 2,500 orders, a company word 20,000.
  await db.execute(sql`
    insert into shop_orders (order_number, client_id, status, billing_mode, billing_address, taxable_paise, tax_paise,
                             total_paise, line_count, unit_count, search_text, placed_at, confirmed_at, created_at, updated_at)
    select 'SO-' || lpad(i::text, 6, '0'), ${firstClient} + i % ${CLIENTS},
           (array['delivered', 'delivered', 'delivered', 'shipped', 'partially_shipped', 'confirmed', 'placed', 'cancelled'])[1 + i % 8]::shop_order_status,
           'per_shipment',
           jsonb_build_object('addressId', null, 'label', 'Head office', 'contactName', null, 'phone', null,
             'addressLine1', '12 MG Road', 'addressLine2', null, 'city', 'Pune', 'district', null,
             'state', 'Maharashtra', 'stateCode', '27', 'pincode', '411001', 'country', 'India', 'gstin', null),
           (i::bigint * 7919) % 5000000, ((i::bigint * 7919) % 5000000) * 18 / 100, ((i::bigint * 7919) % 5000000) * 118 / 100,
           1 + i % 2, 1 + i % 20,
           lower('SO-' || lpad(i::text, 6, '0') || ' '
             || (${arrayLiteral(FIRST)})[1 + (i % ${CLIENTS}) % ${FIRST.length}] || ' '
             || (${arrayLiteral(LAST)})[1 + ((i % ${CLIENTS}) / ${FIRST.length}) % ${LAST.length}] || ' '
             || (${arrayLiteral(COMPANIES)})[1 + (i % ${CLIENTS}) % ${COMPANIES.length}] || ' ' || (i % ${CLIENTS})
             || ' fe-' || (i % 60) || ' ' || (${arrayLiteral(PRODUCTS)})[1 + i % ${PRODUCTS.length}]),
           now() - make_interval(mins => ((i::bigint * 7919) % ${SPAN_MINUTES})::int),
           case when i % 8 = 6 then null else now() end, now(), now()
    from generate_series(1, ${SEARCH_ORDERS}) as g(i)`);
  // Order numbers come from the sequence: the app's next order must not take one of these.
  await db.execute(
    sql`select setval('shop_order_number_seq', greatest((select last_value from shop_order_number_seq), ${SEARCH_ORDERS}))`,
  );
  await db.execute(sql`
    insert into shop_shipments (order_id, sequence, status, address, supply_type, created_at, updated_at)
    select id, 1,
           (case status when 'delivered' then 'delivered' when 'shipped' then 'shipped' when 'cancelled' then 'cancelled'
              when 'partially_shipped' then 'shipped' else 'pending' end)::shop_shipment_status,
           billing_address, 'intra_state', now(), now()
    from shop_orders where order_number ~ '^SO-[0-9]{6}$'`);
  // One bill per order, numbered in the 25-26 series (shop-bills.ts writes 26-27).
  await db.execute(sql`
    insert into shop_bills (bill_number, kind, financial_year, sequence, status, order_id, client_id, issued_on, seller,
                            buyer, ship_to, place_of_supply, supply_type, buyer_gstin, taxable_paise, cgst_paise,
                            sgst_paise, igst_paise, round_off_paise, total_paise, amount_in_words, search_text)
    select b.number, b.kind, '25-26', b.n,
           (case when b.n % 50 = 1 then 'cancelled' else 'issued' end)::shop_bill_status,
           o.id, o.client_id, (o.placed_at at time zone 'UTC')::date,
           jsonb_build_object('companyName', 'Bench Seller', 'gstin', '27AAPFU0939F1ZV', 'state', 'Maharashtra'),
           o.billing_address, o.billing_address, 'Maharashtra', 'intra_state', null,
           o.taxable_paise, o.tax_paise / 2, o.tax_paise - o.tax_paise / 2, 0, 0, o.total_paise,
           'Indian Rupees Only',
           lower(b.number || ' ' || o.order_number || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.company)
    from shop_orders o join users u on u.id = o.client_id
    cross join lateral (select case when o.order_number ~ '^SO-[0-9]{6}$' then substr(o.order_number, 4)::int end as n) as s
    cross join lateral (select s.n,
                               (case when s.n % 10 = 0 then 'credit_note' else 'invoice' end)::shop_bill_kind as kind,
                               case when s.n % 10 = 0 then 'CN/25-26/' else 'INV/25-26/' end || lpad(s.n::text, 6, '0') as number) as b
    where s.n <= ${SEARCH_ORDERS}`);
  // What autovacuum does on a live database: statistics and the visibility map.
  await db.execute(sql`vacuum analyze shop_orders`);
  await db.execute(sql`vacuum analyze shop_bills`);
  await db.execute(sql`analyze shop_shipments`);
  await db.execute(sql`analyze users`);
  if (driver === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
  console.log(
    `   (${driver}: ${SEARCH_ORDERS.toLocaleString('en-IN')} orders, shipments and bills for search generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  await db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Shop search',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
    })
    .onConflictDoNothing();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: EMAIL, password: PASSWORD },
  });
  return login.json().accessToken as string;
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The orders page written plainly: the 20 best matches through the trigram index (the exact order
 * number, then search text starting with the term, then the rest, newest first within each) with
 * their client and shipment counts, and the matches by status with their sums, counted up to 10,001.
 */
function rawOrdersPage(term: string, number: string | null): string[] {
  const lower = term.toLowerCase();
  const matches = `(search_text like ${quote(`%${lower}%`)}${number ? ` or order_number = ${quote(number)}` : ''})`;
  return [
    `select o.id, o.order_number, o.client_id, u.first_name, u.last_name, u.company, o.status, o.placed_at,
            o.line_count, o.unit_count, o.taxable_paise, o.tax_paise, o.total_paise, o.currency,
            o.billing_address ->> 'state', o.confirmed_at, o.cancelled_at,
            (select count(*) from shop_shipments s where s.order_id = o.id and s.status <> 'cancelled'),
            (select count(*) from shop_shipments s where s.order_id = o.id and s.status in ('shipped', 'delivered'))
       from shop_orders o join users u on u.id = o.client_id
      where ${matches.replaceAll('search_text', 'o.search_text').replaceAll('order_number', 'o.order_number')}
      order by case when o.order_number = ${quote(number ?? term.toUpperCase())} then 0
                    when o.search_text like ${quote(`${lower}%`)} then 1 else 2 end,
               o.placed_at desc, o.id desc
      limit 20`,
    `select status, count(*), sum(total_paise), sum(tax_paise)
       from (select status, total_paise, tax_paise from shop_orders where ${matches} limit 10001) m group by status`,
  ];
}

/**
 * The bills page written plainly: the 20 best matches (the exact bill number, then numbers starting
 * with the term, then the rest, newest first) with their client and order, and the matches counted
 * up to 10,001 with the money of the issued ones among them (the list answers no money past 10,000:
 * docs/shop-bills.md).
 */
function rawBillsPage(term: string): string[] {
  const lower = term.toLowerCase();
  const contains = quote(`%${lower}%`);
  return [
    `select b.*, u.first_name, u.last_name, u.company, o.order_number
       from shop_bills b join users u on u.id = b.client_id join shop_orders o on o.id = b.order_id
      where b.search_text like ${contains}
      order by lower(b.bill_number) = ${quote(lower)} desc, lower(b.bill_number) like ${quote(`${lower}%`)} desc,
               b.issued_on desc, b.id desc
      limit 20`,
    `select count(*),
            sum(case when kind = 'credit_note' then -1 else 1 end * taxable_paise) filter (where status = 'issued'),
            sum(case when kind = 'credit_note' then -1 else 1 end * total_paise) filter (where status = 'issued')
       from (select kind, status, taxable_paise, total_paise from shop_bills
              where search_text like ${contains} limit 10001) m`,
  ];
}

const goals = { p99OneConnectionMs: 50, p99OverRawSql: 1.5 };

function orderListCase(label: string, term: string, number: string | null): BenchCase {
  return {
    name: `list search: shop orders ${label} ?search=${term} (100k)`,
    goals,
    async prepare(ctx) {
      const token = await prepareOnce(ctx);
      return {
        path: `/api/shop/orders?search=${encodeURIComponent(term)}&limit=20`,
        headers: { authorization: token },
      };
    },
    rawSql: async () => rawOrdersPage(term, number),
    recordPlans: /shop_orders/,
  };
}

function billListCase(label: string, term: string): BenchCase {
  return {
    name: `list search: shop bills ${label} ?search=${term} (100k)`,
    goals,
    async prepare(ctx) {
      const token = await prepareOnce(ctx);
      return {
        path: `/api/shop/bills?search=${encodeURIComponent(term)}&limit=20`,
        headers: { authorization: token },
      };
    },
    rawSql: async () => rawBillsPage(term),
    recordPlans: /shop_bills/,
  };
}

/** One order number; a surname (50 clients: 2,500 orders); a company word (one client in five: 20,000). */
export const [shopOrdersSearchRareCase, shopOrdersSearchMediumCase, shopOrdersSearchCommonCase] = [
  orderListCase('rare', 'SO-054321', 'SO-054321'),
  orderListCase('medium', 'Kulkarni', null),
  orderListCase('common', 'Hospitals', null),
];
/** One bill number; a surname (2,500 bills); a company word (20,000 bills). */
export const [shopBillsSearchRareCase, shopBillsSearchMediumCase, shopBillsSearchCommonCase] = [
  billListCase('rare', 'INV/25-26/054321'),
  billListCase('medium', 'Kulkarni'),
  billListCase('common', 'Hospitals'),
];
