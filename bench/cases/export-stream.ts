import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/server/src/core/security/password-hasher.js';
import { users } from '../../apps/server/src/db/schema.js';
import type { BenchContext } from '../harness.js';

/**
 * Streaming exports at 100,000 rows (docs/exports.md). Not a throughput case: it downloads one
 * export of the equipment-type catalogue filtered to 100,000 generated types, as CSV and as .xlsx,
 * and prints the time, the chunks the body arrived in and how much the server process's heap and
 * RSS grew meanwhile (client and server share the process, so the figures include both). A
 * streaming export grows by a few batches of 1,000 rows; holding every row would take far more.
 */
export const EXPORT_ROWS = 100_000;
const CATEGORY = 'Bench export';

async function adminToken(ctx: BenchContext): Promise<string> {
  const email = 'bench-export@inspecta.test';
  const password = 'Bench-mark-passphrase';
  await ctx.app.database.db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Bench',
      lastName: 'Exporter',
      email,
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing();
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  return login.json().accessToken as string;
}

interface ExportFigures {
  seconds: number;
  bytes: number;
  chunks: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
}

async function download(url: string, token: string): Promise<ExportFigures> {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  // Sampled on a timer as well as per chunk, so a burst between two chunks is seen too. With
  // NODE_OPTIONS=--expose-gc the timer collects garbage first, so the figure is what stays alive.
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
  let chunks = 0;
  try {
    const response = await fetch(url, { headers: { authorization: token } });
    if (!response.ok) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      chunks++;
      sample();
    }
  } finally {
    clearInterval(timer);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    bytes,
    chunks,
    heapGrowthMb: (heapPeak - heapBefore) / 1e6,
    rssGrowthMb: (rssPeak - rssBefore) / 1e6,
  };
}

/** Generates the rows once, then exports them in both formats and prints the figures. */
export async function runExportStream(ctx: BenchContext): Promise<void> {
  const db = ctx.app.database.db;
  await db.execute(sql`
    insert into equipment_types (name, category, inspection_interval_days, manufacturer, model, description)
    select 'Export type ' || g, ${CATEGORY}, 30 + g % 300, 'Maker ' || (g % 97), 'M-' || g,
           'Generated for the export benchmark, row ' || g
    from generate_series(1, ${EXPORT_ROWS}) g`);
  const token = await adminToken(ctx);
  for (const format of ['csv', 'xlsx'] as const) {
    const url = `${ctx.baseURL}/api/auth/global-equipment/export?format=${format}&category=${encodeURIComponent(CATEGORY)}`;
    const f = await download(url, token);
    console.log(
      `${`export ${EXPORT_ROWS / 1000}k rows as ${format}`.padEnd(46)} | ${f.seconds.toFixed(1).padStart(5)} s | ` +
        `${(EXPORT_ROWS / f.seconds).toFixed(0).padStart(6)} rows/s | ${(f.bytes / 1e6).toFixed(1)} MB in ${f.chunks} chunks | ` +
        `heap +${f.heapGrowthMb.toFixed(1)} MB${globalThis.gc ? ' live' : ' (incl. garbage)'}, rss +${f.rssGrowthMb.toFixed(1)} MB at peak`,
    );
  }
}
