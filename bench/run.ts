/**
 * `npm run bench`: load benchmarks. Each case runs against the real app on one port, next to an
 * in-process hello route, with many connections (throughput) and with one (latency). It runs on
 * PGlite and, when reachable, on PostgreSQL. Figures are printed, never asserted.
 */

import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.js';
import { authMeCase } from './cases/auth-me.js';
import { dashboardDataCase } from './cases/dashboard-data.js';
import {
  equipmentListBySerialCase,
  equipmentListBySiteDueCase,
  equipmentListByTypeStatusCase,
  equipmentSearchCommonCase,
  equipmentSearchMediumCase,
  equipmentSearchRareCase,
} from './cases/equipment-list.js';
import {
  equipmentTypesSearchCommonCase,
  equipmentTypesSearchMediumCase,
  equipmentTypesSearchRareCase,
} from './cases/equipment-types-search.js';
import { runExportStream } from './cases/export-stream.js';
import {
  globalSearchByNameCase,
  globalSearchBySerialCase,
  globalSearchBySiteCodeCase,
  globalSearchBySurnameCase,
  globalSearchCommonCase,
  globalSearchMediumCase,
  globalSearchRareCase,
} from './cases/global-search.js';
import {
  assignmentSearchCommonCase,
  assignmentSearchInspectorCase,
  assignmentSearchMediumCase,
  assignmentSearchRareCase,
  historySearchCommonCase,
  historySearchMediumCase,
  historySearchRareCase,
  inspectionHistoryAllCase,
  inspectionHistoryByDateCase,
  inspectionHistoryBySiteCase,
  inspectionHistoryBySiteDateCase,
} from './cases/inspection-history.js';
import {
  actionsAllCase,
  actionsOpenCase,
  actionsOverdueCase,
  actionsSearchCase,
  actionsSearchCommonCase,
  actionsSearchExactCase,
  actionsSearchManySitesCase,
  actionsSearchMediumCase,
  actionsSearchRareCase,
  actionsSiteCase,
  runSchedulePlanning,
} from './cases/maintenance.js';
import { portalOverviewCase, portalOverviewOverdueCase } from './cases/portal-overview.js';
import {
  shopLogHistoryCase,
  shopLogHistoryRangeCase,
  shopProductBroadSearchCase,
  shopProductNarrowSearchCase,
  shopProductSearchCase,
  shopProductSkuCase,
  shopProductsSearchCommonCase,
  shopProductsSearchCommonSortedCase,
  shopProductsSearchMediumCase,
  shopProductsSearchMediumSortedCase,
  shopProductsSearchRareCase,
  shopProductsSearchRareSortedCase,
} from './cases/shop.js';
import { runBillsExport } from './cases/shop-bills.js';
import {
  runOrderPlacing,
  shopOrdersAllCase,
  shopOrdersByClientCase,
  shopOrdersByClientDateCase,
  shopOrdersByDateCase,
  shopOrdersYearCase,
} from './cases/shop-orders.js';
import {
  shopBillsSearchCommonCase,
  shopBillsSearchMediumCase,
  shopBillsSearchRareCase,
  shopOrdersSearchCommonCase,
  shopOrdersSearchMediumCase,
  shopOrdersSearchRareCase,
} from './cases/shop-search.js';
import {
  sitesSearchByCodeCase,
  sitesSearchByNameCase,
  sitesSearchCommonCase,
  sitesSearchMediumCase,
  sitesSearchRareCase,
} from './cases/sites-search.js';
import {
  userSearchCase,
  userSearchCommonCase,
  userSearchCommonLargeCase,
  userSearchMediumCase,
  userSearchMediumLargeCase,
  userSearchNarrowCase,
  userSearchRareCase,
  userSearchRareLargeCase,
} from './cases/user-search.js';
import { runChainVerification } from './cases/verification.js';
import {
  type BenchCase,
  formatRow,
  HELLO_PATH,
  type Measurement,
  measure,
  measureInProcess,
  measureInterleaved,
  measureSql,
  registerHelloRoute,
  type ServerClock,
} from './harness.js';
import {
  type CapturedStatement,
  capturePlans,
  captureStatements,
  type RecordedPlan,
  writePlanRecord,
} from './plans.js';
import { runSoak } from './soak.js';

const ALL_CASES: BenchCase[] = [
  authMeCase,
  userSearchCase,
  userSearchNarrowCase,
  userSearchRareCase,
  userSearchMediumCase,
  userSearchCommonCase,
  sitesSearchByNameCase,
  sitesSearchByCodeCase,
  sitesSearchRareCase,
  sitesSearchMediumCase,
  sitesSearchCommonCase,
  equipmentListBySiteDueCase,
  equipmentListByTypeStatusCase,
  equipmentListBySerialCase,
  equipmentSearchRareCase,
  equipmentSearchMediumCase,
  equipmentSearchCommonCase,
  equipmentTypesSearchRareCase,
  equipmentTypesSearchMediumCase,
  equipmentTypesSearchCommonCase,
  globalSearchBySiteCodeCase,
  globalSearchByNameCase,
  globalSearchBySerialCase,
  globalSearchBySurnameCase,
  globalSearchRareCase,
  globalSearchMediumCase,
  globalSearchCommonCase,
  dashboardDataCase,
  inspectionHistoryBySiteCase,
  inspectionHistoryByDateCase,
  inspectionHistoryBySiteDateCase,
  inspectionHistoryAllCase,
  historySearchRareCase,
  historySearchMediumCase,
  historySearchCommonCase,
  assignmentSearchRareCase,
  assignmentSearchMediumCase,
  assignmentSearchCommonCase,
  assignmentSearchInspectorCase,
  shopProductSearchCase,
  shopProductNarrowSearchCase,
  shopProductSkuCase,
  shopProductBroadSearchCase,
  shopProductsSearchRareCase,
  shopProductsSearchMediumCase,
  shopProductsSearchCommonCase,
  shopProductsSearchCommonSortedCase,
  shopProductsSearchMediumSortedCase,
  shopProductsSearchRareSortedCase,
  shopLogHistoryCase,
  shopLogHistoryRangeCase,
  shopOrdersByDateCase,
  shopOrdersYearCase,
  shopOrdersAllCase,
  shopOrdersByClientCase,
  shopOrdersByClientDateCase,
  shopOrdersSearchRareCase,
  shopOrdersSearchMediumCase,
  shopOrdersSearchCommonCase,
  shopBillsSearchRareCase,
  shopBillsSearchMediumCase,
  shopBillsSearchCommonCase,
  actionsOpenCase,
  actionsOverdueCase,
  actionsSiteCase,
  actionsSearchCase,
  actionsSearchRareCase,
  actionsSearchMediumCase,
  actionsSearchCommonCase,
  actionsSearchExactCase,
  actionsSearchManySitesCase,
  actionsAllCase,
  portalOverviewCase,
  portalOverviewOverdueCase,
  // Last: they grow the users to 100,000, and every case before reads the 10,000 of the others.
  userSearchRareLargeCase,
  userSearchMediumLargeCase,
  userSearchCommonLargeCase,
];
/**
 * BENCH_ONLY=text runs only the cases whose name contains it (the hello reference always runs);
 * several texts separated by `|` run the cases that contain any of them.
 */
const ONLY = process.env.BENCH_ONLY?.toLowerCase().split('|');
const selected = (label: string) => !ONLY || ONLY.some((text) => label.toLowerCase().includes(text));
const CASES = ALL_CASES.filter((c) => selected(c.name));
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_PLANS=1 (PostgreSQL) rewrites docs/search-plans.md with the plans of the search cases. */
const RECORD_PLANS = process.env.BENCH_PLANS === '1';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * BENCH_SERVER_TIME=1 adds, to each route taken in turn, the server's own time (onRequest to
 * onResponse) and where the scavenges began (`ServerClock`): a diagnosis, off by default since its
 * hooks run on every request of every case.
 */
const SERVER_TIME = process.env.BENCH_SERVER_TIME === '1';
/**
 * BENCH_CPU=1 adds, under each case, what one request costs the process measured in process
 * (`measureInProcess`): CPU and heap kilobytes allocated per request, and scavenges per 1,000
 * requests; the kilobytes repeat run after run where latency moves with the host, so a change to
 * what a request builds or allocates shows in one pair of runs.
 */
const IN_PROCESS = process.env.BENCH_CPU === '1';

/** Hooks the app so that `clock` gets each request's server time and each scavenge. */
function startServerClock(app: FastifyInstance, clock: ServerClock): () => void {
  const receivedAt = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    receivedAt.set(request, performance.now());
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const at = receivedAt.get(request);
    if (at !== undefined) clock.requestTimes.push(performance.now() - at);
    done();
  });
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (
        (entry as { detail?: { kind?: number } | null }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR
      )
        clock.scavenges.push({ start: entry.startTime, duration: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}

function ratioLine(route: Measurement, rawRun: Measurement, goal: number | undefined): string {
  const ratio = rawRun.p99 > 0 ? route.p99 / rawRun.p99 : Number.POSITIVE_INFINITY;
  const verdict = goal === undefined ? '' : ` (goal ≤ ${goal}: ${ratio <= goal ? 'met' : 'NOT met'})`;
  return `p99 route / raw SQL: ${route.p99} / ${rawRun.p99} ms = ${ratio.toFixed(2)}${verdict}`;
}

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Runs hand-written SQL with the planner kept off sequential scans, on a connection of its own. */
type RawRunner = (statements: Array<string | CapturedStatement>) => Promise<void>;

async function withDatabase(
  driver: 'pglite' | 'postgres',
  run: (db: DatabaseHandle, raw: RawRunner) => Promise<void>,
) {
  if (driver === 'pglite') {
    const db = await openDatabase({});
    try {
      // PGlite has one connection: the setting holds only while the raw statements run.
      await run(db, async (statements) => {
        await db.db.execute(sql.raw('set enable_seqscan = off'));
        try {
          for (const statement of statements)
            if (typeof statement === 'string') await db.db.execute(sql.raw(statement));
        } finally {
          await db.db.execute(sql.raw('reset enable_seqscan'));
        }
      });
    } finally {
      await db.close();
    }
    return;
  }
  const name = `inspecta_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 10 });
  const rawClient = new pg.Client({ connectionString: url.toString() });
  await rawClient.connect();
  await rawClient.query('set enable_seqscan = off');
  try {
    await run(db, async (statements) => {
      for (const statement of statements)
        if (typeof statement === 'string') await rawClient.query(statement);
        else await rawClient.query(statement.text, statement.values);
    });
  } finally {
    await rawClient.end();
    await db.close();
    // BENCH_KEEP_DB=1 leaves the generated database behind, to read its plans with EXPLAIN.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`   (kept database ${name})`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function runDriver(driver: 'pglite' | 'postgres') {
  console.log(`\n== ${driver} (${DURATION} s per run, ${CONNECTIONS} connections for throughput) ==`);
  await withDatabase(driver, async (database, raw) => {
    // The request limiter is off, as ten connections from one address would reach it; BENCH_RATE_LIMIT=1
    // keeps it on with a limit no run reaches, to measure what it costs per request.
    const rateLimit = process.env.BENCH_RATE_LIMIT === '1' ? '100000000' : '0';
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: rateLimit,
      NODE_ENV: 'production',
      // BENCH_SESSION_CACHE_MS=0 measures every request with its session read from the database.
      ...(process.env.BENCH_SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.BENCH_SESSION_CACHE_MS } : {}),
    });
    const app = await buildApp(config, { database, logger: false });
    await registerHelloRoute(app);
    const clock: ServerClock | undefined = SERVER_TIME ? { requestTimes: [], scavenges: [] } : undefined;
    const stopClock = clock ? startServerClock(app, clock) : undefined;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as net.AddressInfo;
    const baseURL = `http://127.0.0.1:${address.port}`;
    try {
      const hello = await measure('hello (reference)', `${baseURL}${HELLO_PATH}`, {}, CONNECTIONS, DURATION);
      const helloOne = await measure('hello (reference)', `${baseURL}${HELLO_PATH}`, {}, 1, DURATION);
      console.log(formatRow(hello));
      console.log(formatRow(helloOne));
      const plans: RecordedPlan[] = [];
      for (const benchCase of CASES) {
        const { path, headers = {} } = await benchCase.prepare({ app, baseURL, driver });
        const many = await measure(benchCase.name, `${baseURL}${path}`, headers, CONNECTIONS, DURATION);
        const one = await measure(benchCase.name, `${baseURL}${path}`, headers, 1, DURATION);
        console.log(formatRow(many, hello.requestsPerSecond));
        console.log(formatRow(one, helloOne.requestsPerSecond));
        if (IN_PROCESS) console.log(`   ${await measureInProcess(app, path, headers, DURATION)}`);
        if (benchCase.rawSql) {
          const statements = await benchCase.rawSql({ app, baseURL, driver });
          const rawRun = await measureSql(`  raw SQL, written plainly`, () => raw(statements), DURATION);
          console.log(formatRow(rawRun));
          console.log(`   ${ratioLine(one, rawRun, benchCase.goals?.p99OverRawSql)}`);
          const turns = await measureInterleaved(
            'route',
            `${baseURL}${path}`,
            headers,
            () => raw(statements),
            DURATION,
            clock,
          );
          console.log(formatRow(turns.route));
          console.log(formatRow(turns.rawSql));
          console.log(
            `   ${ratioLine(turns.route, turns.rawSql, benchCase.goals?.p99OverRawSql)}, taken in turn`,
          );
          if (turns.serverSide) {
            console.log(formatRow(turns.serverSide));
            console.log(`   ${ratioLine(turns.serverSide, turns.rawSql, undefined)}, server side (no goal)`);
            console.log(`   ${turns.scavenges}`);
          }
          if (benchCase.recordPlans && database.pool) {
            // The route's own statements on the same page, sent back to back on one connection: what
            // the route costs without HTTP, authentication and JSON.
            const own = await captureStatements(app, database.pool, path, headers, benchCase.recordPlans);
            const ownRun = await measureSql(`  raw SQL, the route's statements`, () => raw(own), DURATION);
            console.log(formatRow(ownRun));
            console.log(`   ${ratioLine(one, ownRun, benchCase.goals?.p99OverRawSql)}`);
          }
        }
        if (benchCase.recordPlans && driver === 'postgres' && RECORD_PLANS && database.pool)
          plans.push(
            await capturePlans(app, database.pool, benchCase.name, path, headers, benchCase.recordPlans),
          );
        const goal = benchCase.goals?.p99OneConnectionMs;
        if (goal !== undefined) {
          // A run where no request finished has no latency to speak of: that is not a goal met.
          const met = one.requestsPerSecond > 0 && one.non2xx === 0 && one.p99 < goal;
          console.log(
            `   goal p99 < ${goal} ms with one connection: ${met ? 'met' : 'NOT met'} (${one.p99} ms)`,
          );
        }
      }
      writePlanRecord(
        plans,
        `Generated ${new Date().toISOString().slice(0, 10)}; hello reference on one connection: ${helloOne.requestsPerSecond.toFixed(0)} req/s.`,
      );
      // Placing orders: 10 callers, each placing a filled cart of its own (orders per second).
      if (selected('shop orders placing'))
        await runOrderPlacing({ app, baseURL, driver }, CONNECTIONS, DURATION, hello.requestsPerSecond);
      // Not a throughput case: one 100,000-row export per format, its time and memory.
      if (selected('export stream')) await runExportStream({ app, baseURL, driver });
      // The bills Excel export of 100,000 bills: time and peak RSS.
      if (selected('shop bills export')) await runBillsExport({ app, baseURL, driver });
      // Not a throughput case: one run of the schedule planning job (PostgreSQL only).
      if (selected('schedule job')) await runSchedulePlanning({ app, baseURL, driver });
      if (selected('verify chain')) await runChainVerification({ app, baseURL, driver });
    } finally {
      stopClock?.();
      await app.close();
    }
  });
}

/** BENCH_DRIVER=pglite or postgres runs one database only (both by default). */
const DRIVER = process.env.BENCH_DRIVER;
const CASES_SELECTED =
  CASES.length > 0 ||
  selected('export stream') ||
  selected('shop bills export') ||
  selected('schedule job') ||
  selected('verify chain');
const SOAK_SELECTED = selected('soak');
if (CASES_SELECTED && DRIVER !== 'postgres') await runDriver('pglite');
if (DRIVER !== 'pglite') {
  if (await reachable(POSTGRES_URL)) {
    if (CASES_SELECTED) await runDriver('postgres');
    // Several processes need a shared database: the soak runs on PostgreSQL only.
    if (SOAK_SELECTED) await runSoak(POSTGRES_URL);
  } else console.log(`\nPostgreSQL at ${POSTGRES_URL} is not reachable: its run is skipped.`);
}
