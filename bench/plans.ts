import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The plan record (issue 22): the statements one request of a search case runs on PostgreSQL,
 * captured from the app's pool, explained on the generated data and written to docs/search-plans.md,
 * so a change that makes a search read a whole table shows up in review as a `Seq Scan` line.
 */
export interface RecordedPlan {
  caseName: string;
  path: string;
  statements: Array<{ text: string; plan: string }>;
}

const PLAN_FILE = new URL('../docs/search-plans.md', import.meta.url);
const SEQ_SCAN_ROWS = 1_000;

/** The statements one request sends through the app's pool whose text matches `match`. */
export async function captureStatements(
  app: FastifyInstance,
  pool: pg.Pool,
  path: string,
  headers: Record<string, string>,
  match: RegExp,
): Promise<CapturedStatement[]> {
  const seen: CapturedStatement[] = [];
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const patched = (...args: unknown[]) => {
    const [query, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof query === 'string' ? query : query.text;
    if (match.test(text))
      seen.push({ text, values: values ?? (typeof query === 'string' ? [] : query.values) ?? [] });
    return original(...args);
  };
  (pool as unknown as { query: unknown }).query = patched;
  try {
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  return seen;
}

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

export async function capturePlans(
  app: FastifyInstance,
  pool: pg.Pool,
  caseName: string,
  path: string,
  headers: Record<string, string>,
  match: RegExp,
): Promise<RecordedPlan> {
  const statements: RecordedPlan['statements'] = [];
  for (const { text, values } of await captureStatements(app, pool, path, headers, match)) {
    // Costs and timings move from run to run; the plan's shape and its row counts are what review needs.
    const result = await pool.query(`explain (analyze, costs off, timing off, summary off) ${text}`, values);
    statements.push({ text, plan: result.rows.map((r) => r['QUERY PLAN']).join('\n') });
  }
  return { caseName, path, statements };
}

/**
 * The tables a plan reads sequentially with at least SEQ_SCAN_ROWS rows (returned plus filtered
 * out): a search that reads a big table whole. A small table read whole (250 clients) is cheaper
 * than its index and is not flagged.
 */
export function seqScans(plan: string): string[] {
  const flagged: string[] = [];
  const lines = plan.split('\n');
  lines.forEach((line, i) => {
    const scan = /Seq Scan on (\w+).*actual rows=(\d+) loops=(\d+)/.exec(line);
    if (!scan) return;
    let rows = Number(scan[2]) * Number(scan[3]);
    for (const next of lines.slice(i + 1, i + 4)) {
      const removed = /Rows Removed by Filter: (\d+)/.exec(next);
      if (removed) rows += Number(removed[1]) * Number(scan[3]);
    }
    if (rows >= SEQ_SCAN_ROWS) flagged.push(`${scan[1]} (${rows.toLocaleString('en')} rows)`);
  });
  return flagged;
}

/** One case's section of the plan record, as markdown lines. */
function planSection(record: RecordedPlan, note: string): string {
  const lines = [`## ${record.caseName}`, '', note, '', `\`GET ${record.path}\``, ''];
  record.statements.forEach((s, i) => {
    const flagged = seqScans(s.plan);
    lines.push(
      `Statement ${i + 1}${flagged.length ? ` — **SEQ SCAN** on ${flagged.join(', ')}` : ''}:`,
      '',
      '```sql',
      s.text.trim(),
      '```',
      '',
      '```',
      s.plan,
      '```',
      '',
    );
  });
  return lines.join('\n').trimEnd();
}

/**
 * Rewrites docs/search-plans.md with these records. The sections of cases not run this time are
 * kept as they were (a run of some cases, `BENCH_ONLY=…`, updates only theirs), and a case run again
 * keeps its place, so the diff of a partial run shows only what changed; each section says when and
 * under what load it was recorded.
 */
export function writePlanRecord(records: RecordedPlan[], note: string): void {
  if (records.length === 0) return;
  const fresh = new Map(records.map((r) => [r.caseName, r]));
  const sections = existsSync(PLAN_FILE)
    ? readFileSync(PLAN_FILE, 'utf8')
        .split(/^(?=## )/m)
        .slice(1)
        .map((section) => section.trimEnd())
    : [];
  let kept = 0;
  const body = sections.map((section) => {
    const record = fresh.get(section.slice(3, section.indexOf('\n')).trim());
    if (!record) {
      kept += 1;
      return section;
    }
    fresh.delete(record.caseName);
    return planSection(record, note);
  });
  for (const record of fresh.values()) body.push(planSection(record, note));
  const lines = [
    '# Search plans (generated)',
    '',
    'Written by `BENCH_DRIVER=postgres BENCH_PLANS=1 npm run bench` (bench/plans.ts): for each search case, the',
    'statements one request runs, with `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)` on the generated data.',
    'A sequential scan reading 1,000 rows or more is flagged **SEQ SCAN**: a search that falls back to',
    'reading a whole table shows up here in review. See docs/search.md, "Speed and relevance of list search".',
    'A run of some cases (`BENCH_ONLY=…`) rewrites their sections in place and keeps the others.',
    '',
  ];
  for (const section of body) lines.push(section, '');
  writeFileSync(PLAN_FILE, `${lines.join('\n').trimEnd()}\n`);
  console.log(`   (plans of ${records.length} cases written to docs/search-plans.md, ${kept} kept)`);
}
