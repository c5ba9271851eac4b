import http from 'node:http';
import v8 from 'node:v8';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../apps/server/src/core/access.js';

export interface Measurement {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export interface BenchCase {
  name: string;
  /** Runs once before measuring: create data, sign in, and say what request to send. */
  prepare(ctx: BenchContext): Promise<{ path: string; headers?: Record<string, string> }>;
  /** Goals the issue names, checked and printed (never asserted in a test). */
  goals?: { p99OneConnectionMs?: number; p99OverRawSql?: number };
  /**
   * The same page written by hand in SQL (run on its own connection with the planner kept off
   * sequential scans), timed like the route with one caller: the route's p99 over this one's is
   * what issue 22 measures, and it holds up on a loaded machine because both run in the same minute.
   */
  rawSql?: (ctx: BenchContext) => Promise<string[]>;
  /**
   * On PostgreSQL, the plans of the statements the route runs whose text matches this are written
   * to docs/search-plans.md (a Seq Scan on a big table is flagged there), for review.
   */
  recordPlans?: RegExp;
}

export interface BenchContext {
  app: FastifyInstance;
  baseURL: string;
  driver: 'pglite' | 'postgres';
}

export const HELLO_PATH = '/api/bench/hello';

/** The reference: the cheapest route the same server can answer (no database, no auth). */
export async function registerHelloRoute(app: FastifyInstance): Promise<void> {
  app.get(HELLO_PATH, { config: { access: access.public } }, async () => ({ hello: 'world' }));
}

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSeconds: number,
): Promise<Measurement> {
  const result = await autocannon({ url, headers, connections, duration: durationSeconds, pipelining: 1 });
  return {
    name,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/**
 * What one request costs the process, away from the host's scheduling noise: the route called through
 * `app.inject` (no socket) one request after another for `durationSeconds`, after a warm-up. It
 * reports the process's CPU time per request (on PGlite the database's work is in it, on PostgreSQL
 * only Node's), the bytes the JavaScript heap allocated per request (the heap's growth plus what each
 * collection freed, from V8's GC profiler) and the young-generation collections per 1,000 requests
 * (docs/performance.md, "What a request allocates").
 */
export async function measureInProcess(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
  durationSeconds: number,
): Promise<string> {
  const call = async () => {
    const response = await app.inject({ url: path, headers });
    if (response.statusCode >= 300) throw new Error(`${path} answered ${response.statusCode}`);
  };
  for (let i = 0; i < 200; i++) await call();
  const profiler = new v8.GCProfiler();
  const heapBefore = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  const cpuBefore = process.cpuUsage();
  const until = performance.now() + durationSeconds * 1000;
  let requests = 0;
  while (performance.now() < until) {
    await call();
    requests++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const heapAfter = v8.getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  const freed = statistics.reduce(
    (sum, gc) => sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  const scavenges = statistics.filter((gc) => gc.gcType === 'Scavenge').length;
  const cpuMs = (cpu.user + cpu.system) / 1000 / requests;
  const allocatedKb = (heapAfter - heapBefore + freed) / 1024 / requests;
  return `in process (app.inject, ${requests} requests): ${cpuMs.toFixed(2)} ms CPU, ${allocatedKb.toFixed(0)} KB allocated per request; ${scavenges} scavenges (${((scavenges * 1000) / requests).toFixed(1)} per 1,000 requests)`;
}

export function formatRow(m: Measurement, helloRps?: number): string {
  const ratio = helloRps
    ? ` | ${((m.requestsPerSecond / helloRps) * 100).toFixed(1).padStart(5)}% of hello`
    : '';
  return `${m.name.padEnd(46)} | c=${String(m.connections).padStart(2)} | ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s | p50 ${String(m.p50).padStart(4)} ms | p99 ${String(m.p99).padStart(4)} ms${ratio}${m.non2xx ? ` | ${m.non2xx} non-2xx!` : ''}`;
}

/** Runs `statements` one after another, again and again for `durationSeconds`: p50 and p99 of one round. */
export async function measureSql(
  name: string,
  run: () => Promise<void>,
  durationSeconds: number,
): Promise<Measurement> {
  const times: number[] = [];
  const until = Date.now() + durationSeconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return {
    name,
    connections: 1,
    requestsPerSecond: times.length / durationSeconds,
    ...percentiles(times),
    non2xx: 0,
  };
}

/** p50 and p99 of sorted times, to a tenth of a millisecond. */
function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

/** One GET on a kept-alive connection, its body read to the end; rejects on a status other than 2xx. */
function getOnce(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () =>
        (response.statusCode ?? 0) < 300
          ? resolve()
          : reject(new Error(`${url.pathname}: ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * What the server saw of the requests it answered while `BENCH_SERVER_TIME=1` (bench/run.ts): each
 * request's time from Fastify's onRequest to its onResponse, and the young-generation collections
 * (scavenges) with when they started. Taken in turn, the route's time as the client sees it holds
 * what happens in the process between the client's write and the server's read (the in-process
 * client, a scavenge its allocation or the last raw round's set off); the server's own time does not.
 */
export interface ServerClock {
  requestTimes: number[];
  scavenges: Array<{ start: number; duration: number }>;
}

/** Scavenges that began within one of `spans` ([start, end] in `performance.now()` time). */
function scavengesIn(clock: ServerClock, spans: Array<[number, number]>): number {
  return clock.scavenges.filter((gc) => spans.some(([start, end]) => gc.start >= start && gc.start < end))
    .length;
}

/**
 * The route and its raw SQL taken in turn, one request then one round of statements, for
 * `durationSeconds`: both see the same minutes of the host, so a neighbour's burst lands on both
 * series alike (run one after the other, the two could meet different hosts). Times to a tenth of
 * a millisecond, where autocannon's are whole milliseconds.
 */
export async function measureInterleaved(
  name: string,
  url: string,
  headers: Record<string, string>,
  runSql: () => Promise<void>,
  durationSeconds: number,
  clock?: ServerClock,
): Promise<{ route: Measurement; rawSql: Measurement; serverSide?: Measurement; scavenges?: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const routeTimes: number[] = [];
  const sqlTimes: number[] = [];
  const routeSpans: Array<[number, number]> = [];
  const sqlSpans: Array<[number, number]> = [];
  let firstServerTime = 0;
  try {
    // A few of each first, so neither pays for the first connection or the first plan.
    for (let i = 0; i < 5; i++) {
      await getOnce(agent, target, headers);
      await runSql();
    }
    firstServerTime = clock?.requestTimes.length ?? 0;
    const until = Date.now() + durationSeconds * 1000;
    while (Date.now() < until) {
      const asked = performance.now();
      await getOnce(agent, target, headers);
      const answered = performance.now();
      await runSql();
      const ran = performance.now();
      routeTimes.push(answered - asked);
      sqlTimes.push(ran - answered);
      if (clock) {
        routeSpans.push([asked, answered]);
        sqlSpans.push([answered, ran]);
      }
    }
  } finally {
    agent.destroy();
  }
  const row = (label: string, times: number[]): Measurement => ({
    name: label,
    connections: 1,
    requestsPerSecond: times.length / durationSeconds,
    ...percentiles(times),
    non2xx: 0,
  });
  if (!clock) {
    return {
      route: row(`  ${name}, taken in turn`, routeTimes),
      rawSql: row('  raw SQL, taken in turn', sqlTimes),
    };
  }
  // The gc entries of the last requests are queued to a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    route: row(`  ${name}, taken in turn`, routeTimes),
    rawSql: row('  raw SQL, taken in turn', sqlTimes),
    serverSide: row(`  ${name} in turn, server side`, clock.requestTimes.slice(firstServerTime)),
    scavenges: `scavenges begun during the route's requests: ${scavengesIn(clock, routeSpans)}, during the raw SQL: ${scavengesIn(clock, sqlSpans)}`,
  };
}

/** A SQL array of the seed's fixed words (names, companies), for generators that pick from it by index. */
export const arrayLiteral = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
