import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchCase, BenchContext } from '../harness.js';

/**
 * The shop at scale (issue 17): 100,000 products in 12 categories and a stock ledger of 1,000,000
 * movements, on PGlite and PostgreSQL alike. One product (the "hot" one) carries a fifth of the
 * ledger, the rest is spread over 10,000 products, over two years.
 */
export const SHOP_PRODUCTS = 100_000;
export const SHOP_MOVEMENTS = 1_000_000;
const HOT_SHARE = 5; // every 5th movement is the hot product's
const SPREAD_PRODUCTS = 10_000;
const SPAN_MINUTES = 2 * 365 * 24 * 60;

interface Prepared {
  token: string;
  hotProductId: number;
  from: string;
  to: string;
}

const rowsOf = (result: unknown) => (result as { rows: Array<{ id: number }> }).rows;
const prepared = new WeakMap<FastifyInstance, Promise<Prepared>>();
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

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
  const parents = rowsOf(
    await db.execute(sql`
      insert into shop_categories (name)
      select (array['Fire extinguishers', 'Hoses and nozzles', 'Signage', 'Detection', 'Service supplies'])[i]
      from generate_series(1, 5) as g(i)
      returning id`),
  ).map((r) => Number(r.id));
  const children = rowsOf(
    await db.execute(sql`
      insert into shop_categories (name, parent_id)
      select 'Bench subcategory ' || i, ${parents[0]!} + i % 5
      from generate_series(1, 7) as g(i)
      returning id`),
  ).map((r) => Number(r.id));
  const categories = [...parents, ...children];
  const firstCategory = Math.min(...categories);

  const products = rowsOf(
    await db.execute(sql`
      insert into shop_products (sku, name, category_id, unit, price_paise, hsn_code, gst_rate, reorder_level,
                                 on_hand, average_cost_paise, created_at, updated_at)
      select 'BP-' || lpad(i::text, 6, '0'),
             (array['ABC powder refill', 'CO2 refill', 'RRL hose', 'Branch pipe', 'Fog nozzle', 'Landing valve',
                    'Exit sign', 'Smoke detector', 'Hooter', 'Service kit', 'Sprinkler head', 'Fire bucket'])[1 + i % 12]
               || ' ' || (array['1 kg', '4.5 kg', '63 mm', '25 mm', 'type A', 'ISI', 'LED', 'gunmetal'])[1 + (i / 12) % 8]
               || ' ' || i,
             ${firstCategory} + i % ${categories.length},
             (array['piece', 'kg', 'litre', 'set'])[1 + i % 4]::product_unit,
             100 + (i * 37) % 500000, '84249000', (array[0, 5, 12, 18, 28])[1 + i % 5], 5,
             i % 40, 50 + (i * 31) % 300000,
             now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${SHOP_PRODUCTS}) as g(i)
      returning id`),
  ).map((r) => Number(r.id));
  const firstProduct = Math.min(...products);
  const hotProductId = firstProduct + 4_242;

  await db.execute(sql`
    insert into shop_stock_movements (product_id, kind, quantity_delta, on_hand_before, on_hand_after,
                                      unit_cost_paise, reason, created_at)
    select case when i % ${HOT_SHARE} = 0 then ${hotProductId} else ${firstProduct} + i % ${SPREAD_PRODUCTS} end,
           (case when i % 3 = 0 then 'write_off' when i % 7 = 0 then 'adjust' else 'receive' end)::stock_movement_kind,
           case when i % 3 = 0 then -1 else 1 end,
           10, case when i % 3 = 0 then 9 else 11 end,
           case when i % 3 = 0 or i % 7 = 0 then null else 1000 end,
           case when i % 3 = 0 then 'Used on AMC visit' when i % 7 = 0 then 'Stock-take' else null end,
           now() - make_interval(mins => ((i::bigint * 7919) % ${SPAN_MINUTES})::int)
    from generate_series(1, ${SHOP_MOVEMENTS}) as g(i)`);
  await db.execute(sql`vacuum analyze shop_products`);
  await db.execute(sql`vacuum analyze shop_stock_movements`);
  await db.execute(sql`analyze shop_categories`);
  if (driver === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
  console.log(
    `   (${driver}: ${SHOP_PRODUCTS.toLocaleString('en-IN')} products and ${SHOP_MOVEMENTS.toLocaleString('en-IN')} movements generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const password = 'Bench-mark-passphrase';
  await db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Shop',
      email: 'bench-shop@inspecta.test',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench-shop@inspecta.test', password },
  });
  // A month a year back: about 1/24 of the hot product's ledger.
  const from = new Date(Date.now() - 400 * 86_400_000);
  return {
    token: login.json().accessToken as string,
    hotProductId,
    from: isoDay(from),
    to: isoDay(new Date(from.getTime() + 30 * 86_400_000)),
  };
}

const goals = { p99OneConnectionMs: 50 };

/** The product list searched by two words: about 1 % of the products match ("hooter isi"), first page. */
export const shopProductSearchCase: BenchCase = {
  name: 'shop products: search=hooter isi (100k products)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: '/api/shop/products?search=hooter%20isi', headers: { authorization: p.token } };
  },
};

/** Not a goal: a broad word that 1 in 12 products match (8,333 ranked and counted for one page). */
export const shopProductBroadSearchCase: BenchCase = {
  name: 'shop products: search=hooter (8% match, no goal)',
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: '/api/shop/products?search=hooter', headers: { authorization: p.token } };
  },
};

/** The product list searched by a rarer fragment with a stock filter: a few hundred match. */
export const shopProductNarrowSearchCase: BenchCase = {
  name: 'shop products: search=gunmetal 77 + stock=low (100k products)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: '/api/shop/products?search=gunmetal%2077&stock=low', headers: { authorization: p.token } };
  },
};

/** The header's SKU lookup through the list: one product matches. */
export const shopProductSkuCase: BenchCase = {
  name: 'shop products: search=BP-054321 (100k products)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: '/api/shop/products?search=BP-054321', headers: { authorization: p.token } };
  },
};

/** A product's log history, first page: the product with 200,000 movements. */
export const shopLogHistoryCase: BenchCase = {
  name: 'shop log-history: hot product (1M movements)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return { path: `/api/shop/products/${p.hotProductId}/log-history`, headers: { authorization: p.token } };
  },
};

/** The same product's log history for one month a year back. */
export const shopLogHistoryRangeCase: BenchCase = {
  name: 'shop log-history: hot product, one month (1M movements)',
  goals,
  async prepare(ctx) {
    const p = await prepareOnce(ctx);
    return {
      path: `/api/shop/products/${p.hotProductId}/log-history?from=${p.from}&to=${p.to}`,
      headers: { authorization: p.token },
    };
  },
};

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The product list's page written by hand, as one would in psql: the 20 best matches with their
 * category through the trigram index (the exact SKU, then SKUs starting with the term, then by
 * name), and the matches counted up to 10,001. The runner keeps the planner off sequential scans.
 */
function rawProductsPage(term: string, order?: string): string[] {
  const lower = term.toLowerCase();
  const contains = quote(`%${lower}%`);
  const relevance = `lower(p.sku) = ${quote(lower)} desc, lower(p.sku) like ${quote(`${lower}%`)} desc, lower(p.name)`;
  return [
    `select p.*, c.name as category_name, pc.name as parent_name
       from shop_products p
       join shop_categories c on c.id = p.category_id
       left join shop_categories pc on pc.id = c.parent_id
      where p.search_text like ${contains}
      order by ${order ?? relevance}, p.id
      limit 20`,
    `select count(*) from (select 1 from shop_products where search_text like ${contains} limit 10001) m`,
  ];
}

/**
 * What the page shows beside each product, read by the page's ids as one would after the page: its
 * images in upload order and the equipment types it fits, by name. Without them the raw SQL was not
 * the same page as the route's (2026-11-30).
 */
function rawImagesAndTypes(ids: number[]): string[] {
  const list = `'{${ids.join(',')}}'::int[]`;
  return [
    `select id, product_id, url from shop_product_images where product_id = any(${list}) order by id`,
    `select pt.product_id, t.id, t.name
       from shop_product_equipment_types pt join equipment_types t on t.id = pt.equipment_type_id
      where pt.product_id = any(${list})
      order by lower(t.name), t.id`,
  ];
}

/** A product list search (issue 22): rare, medium and common terms over the same 100,000 products. */
function productListCase(label: string, term: string, sort?: { param: string; sql: string }): BenchCase {
  return {
    name: `list search: shop products ${label} (100k)`,
    goals: { ...goals, p99OverRawSql: 1.5 },
    async prepare(ctx) {
      const p = await prepareOnce(ctx);
      return {
        path: `/api/shop/products?search=${encodeURIComponent(term)}${sort ? `&sort=${sort.param}` : ''}`,
        headers: { authorization: p.token },
      };
    },
    rawSql: async (ctx) => {
      const p = await prepareOnce(ctx);
      const path = `/api/shop/products?search=${encodeURIComponent(term)}${sort ? `&sort=${sort.param}` : ''}`;
      const page = await ctx.app.inject({ url: path, headers: { authorization: p.token } });
      const ids = (page.json() as { products: Array<{ id: number }> }).products.map((product) => product.id);
      return [...rawProductsPage(term, sort?.sql), ...rawImagesAndTypes(ids)];
    },
    recordPlans: /"shop_products"/,
  };
}

/** One SKU. */
export const shopProductsSearchRareCase = productListCase('rare ?search=BP-054321', 'BP-054321');
/** Two words of the name: one product in 96, about 1,040. */
export const shopProductsSearchMediumCase = productListCase('medium ?search=hooter isi', 'hooter isi');
/** A word in two product names in twelve, about 16,700: past the cap. */
export const shopProductsSearchCommonCase = productListCase('common ?search=refill', 'refill');
/** The sorted cases' column order: price, dearest first. */
const BY_PRICE_DESC = { param: '-pricePaise', sql: 'p.price_paise desc' };
/** The same common word in a column order (price, dearest first): past the cap, "10,000+". */
export const shopProductsSearchCommonSortedCase = productListCase(
  'common sorted ?search=refill&sort=-pricePaise',
  'refill',
  BY_PRICE_DESC,
);
/** One SKU in a column order: a page of one. */
export const shopProductsSearchRareSortedCase = productListCase(
  'rare sorted ?search=BP-054321&sort=-pricePaise',
  'BP-054321',
  BY_PRICE_DESC,
);
/** The medium term in a column order: under the cap, sorted and counted exactly. */
export const shopProductsSearchMediumSortedCase = productListCase(
  'medium sorted ?search=hooter isi&sort=-pricePaise',
  'hooter isi',
  BY_PRICE_DESC,
);
