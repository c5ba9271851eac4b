import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchContext } from '../harness.js';

/**
 * The bills Excel export at 100,000 bills (issue 18, docs/shop-bills.md). Not a throughput case:
 * 100,000 bills (two lines each, three GST rates, one in ten a credit note, one in fifty cancelled)
 * are generated set-based, then the .xlsx of a date range covering all of them is downloaded once:
 * the "Bills" sheet streamed in keyset batches of 1,000 and the "Tax by rate" sheet from one
 * grouped query. It prints the time, the size and the server process's RSS at its peak (client and
 * server share the process): a constant-memory export grows by a few batches, not by the file.
 */
export const BENCH_BILLS = 100_000;
const BENCH_BILL_ORDERS = 1_000;
const PASSWORD = 'Bench-mark-passphrase';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function signIn(ctx: BenchContext): Promise<string> {
  const email = 'bench-bills@inspecta.test';
  await ctx.app.database.db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Bills',
      email,
      passwordHash: await hashPassword(PASSWORD),
    })
    .onConflictDoNothing();
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  return login.json().accessToken as string;
}

async function generate(ctx: BenchContext): Promise<void> {
  const db = ctx.app.database.db;
  const [client] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (user_type, first_name, last_name, email, company)
      values ('client', 'Bench', 'Buyer', 'bench-bills-client@inspecta.test', 'Bench Buyer Pvt Ltd')
      returning id`),
  );
  const clientId = Number(client!.id);
  const address = sql`jsonb_build_object('addressId', null, 'label', 'Head office', 'contactName', null, 'phone', null,
    'addressLine1', '12 MG Road', 'addressLine2', null, 'city', 'Bengaluru', 'district', null, 'state', 'Karnataka',
    'stateCode', '29', 'pincode', '560001', 'country', 'India', 'gstin', '29AAGCB7383J1Z4')`;
  const orders = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into shop_orders (order_number, client_id, status, billing_address, taxable_paise, tax_paise, total_paise,
                               line_count, unit_count, placed_at)
      select 'SO-B' || lpad(i::text, 6, '0'), ${clientId}, 'delivered', ${address}, 0, 0, 0, 2, 2, now()
      from generate_series(1, ${BENCH_BILL_ORDERS}) as g(i)
      returning id`),
  );
  const firstOrder = Math.min(...orders.map((o) => Number(o.id)));
  // Two lines per bill: 18 % and 5 % or 12 %; inter-state (IGST) for every other bill.
  await db.execute(sql`
    insert into shop_bills (bill_number, kind, financial_year, sequence, status, order_id, client_id, issued_on, seller,
                            buyer, ship_to, place_of_supply, supply_type, buyer_gstin, taxable_paise, cgst_paise,
                            sgst_paise, igst_paise, round_off_paise, total_paise, amount_in_words, search_text)
    select case when i % 10 = 0 then 'CN/26-27/' else 'INV/26-27/' end || lpad(i::text, 6, '0'),
           (case when i % 10 = 0 then 'credit_note' else 'invoice' end)::shop_bill_kind,
           '26-27', i,
           (case when i % 50 = 1 then 'cancelled' else 'issued' end)::shop_bill_status,
           ${firstOrder} + i % ${BENCH_BILL_ORDERS}, ${clientId},
           date '2026-04-01' + (i % 300),
           jsonb_build_object('companyName', 'Bench Seller', 'gstin', '27AAPFU0939F1ZV', 'state', 'Maharashtra'),
           ${address}, ${address},
           case when i % 2 = 0 then 'Maharashtra' else 'Karnataka' end,
           (case when i % 2 = 0 then 'intra_state' else 'inter_state' end)::shop_supply_type,
           '29AAGCB7383J1Z4',
           100000 + i % 9000,
           case when i % 2 = 0 then 9000 + i % 800 else 0 end,
           case when i % 2 = 0 then 9000 + i % 800 else 0 end,
           case when i % 2 = 0 then 0 else 18000 + i % 1600 end,
           0, 118000 + i % 9000 * 2, 'Indian Rupees One Thousand One Hundred Eighty Only',
           'inv/26-27/' || lpad(i::text, 6, '0') || ' bench buyer'
    from generate_series(1, ${BENCH_BILLS}) as g(i)`);
  await db.execute(sql`
    insert into shop_bill_lines (bill_id, line_number, sku, description, hsn_code, unit, quantity, unit_price_paise,
                                 gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
    select b.id, l.n, 'SKU-' || l.n, 'Bench item ' || l.n, '38130000', 'piece', 1, b.taxable_paise / 2,
           case when l.n = 1 then 18 when b.id % 2 = 0 then 5 else 12 end,
           b.taxable_paise / 2, b.cgst_paise / 2, b.sgst_paise / 2, b.igst_paise / 2, b.total_paise / 2
    from shop_bills b cross join (values (1), (2)) as l(n)`);
  await db.execute(sql`analyze shop_bills`);
  await db.execute(sql`analyze shop_bill_lines`);
}

/** Generates the bills, then downloads the .xlsx of all of them once and prints time and memory. */
export async function runBillsExport(ctx: BenchContext): Promise<void> {
  const generated = performance.now();
  await generate(ctx);
  const token = await signIn(ctx);
  const generateSeconds = (performance.now() - generated) / 1000;
  const url = `${ctx.baseURL}/api/shop/bills/export?format=xlsx&start_date=2026-04-01&end_date=2027-03-31`;
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  // As in export-stream.ts: with NODE_OPTIONS=--expose-gc the timer collects garbage first, so the
  // heap figure is what stays alive; RSS is what the process held at its peak.
  const collect = globalThis.gc;
  const sample = (withGc = false) => {
    if (withGc) collect?.();
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
  };
  const timer = setInterval(() => sample(true), collect ? 250 : 20);
  const started = performance.now();
  let bytes = 0;
  let rows = '';
  try {
    const response = await fetch(url, { headers: { authorization: token } });
    if (!response.ok) throw new Error(`bills export answered ${response.status}`);
    rows = response.headers.get('x-export-row-count') ?? '?';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      sample();
    }
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${`bills export ${BENCH_BILLS / 1000}k bills as xlsx`.padEnd(46)} | ${seconds.toFixed(1).padStart(5)} s | ` +
      `${rows} rows | ${(bytes / 1e6).toFixed(1)} MB | heap +${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB` +
      `${collect ? ' live' : ' (incl. garbage)'} | rss ${(rssBefore / 1e6).toFixed(0)} MB before, ${(rssPeak / 1e6).toFixed(0)} MB at peak ` +
      `(+${((rssPeak - rssBefore) / 1e6).toFixed(1)} MB) | generated in ${generateSeconds.toFixed(1)} s`,
  );
}
