/**
 * The soak case (`BENCH_ONLY=soak npm run bench`): two built server processes
 * (`apps/server/dist/server.js`) on one throwaway PostgreSQL database with demo data, 200 concurrent
 * simulated administrators (100 on each process, as a round-robin proxy would spread them) for SOAK_SECONDS
 * (default 600), each sending SOAK_RATE_PER_CONNECTION requests per second (default 1), over a mix
 * of reads and writes as an administrator. It reports errors (goal 0),
 * p95 latency (goal under 300 ms) and each process's RSS after the warm-up and at the end (goal: no
 * more than 10 % growth). Figures are printed, never asserted.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SERVER_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/dist/server.js',
);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = 200;
/**
 * Requests per second each simulated user sends: 200 people clicking about once a second, not 200
 * loops firing back to back. 0 sends as fast as answers come, which measures saturation, where
 * latency is only the queue length (Little's law), not the soak.
 */
const RATE_PER_CONNECTION = Number(process.env.SOAK_RATE_PER_CONNECTION ?? 1);
/** Caches, JIT and pools fill up first; RSS is compared from here on. */
const WARMUP_SECONDS = Math.min(30, Math.max(5, Math.round(SOAK_SECONDS / 10)));
const ADMIN = { email: 'soak.admin@inspecta.test', password: 'Soak-Test-Passphrase-1' };
const GOALS = { p95Ms: 300, rssGrowth: 0.1 };

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  errorLines: () => number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(name: string, databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  let log = '';
  let errors = 0;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      // The soak measures the server, not the per-address request limit it would trip at once.
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    errors += (text.match(/"level":(50|60)/g) ?? []).length;
    if (log.length < 20_000) log += text;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server ${name} did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, url, child, errorLines: () => errors };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

/** Resident set size of a process in MiB (Linux /proc). */
function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Response times bucketed by millisecond: enough for any percentile, constant memory. */
class Histogram {
  private readonly buckets = new Uint32Array(60_001);
  count = 0;
  record(ms: number): void {
    this.buckets[Math.min(60_000, Math.max(0, Math.round(ms)))]! += 1;
    this.count++;
  }
  percentile(p: number): number {
    const target = Math.ceil(this.count * p);
    let seen = 0;
    for (let ms = 0; ms < this.buckets.length; ms++) {
      seen += this.buckets[ms]!;
      if (seen >= target) return ms;
    }
    return Number.NaN;
  }
}

interface Tally {
  /** Latency per step of the mix ("GET /api/dashboard/data"), to see which one is slow. */
  bySteps: Map<string, Histogram>;
  requests: number;
  errors: number;
  timeouts: number;
  statuses: Map<number, number>;
  latency: Histogram;
}

const newTally = (): Tally => ({
  bySteps: new Map(),
  requests: 0,
  errors: 0,
  timeouts: 0,
  statuses: new Map(),
  latency: new Histogram(),
});

/** One request of the mix; `body` and `path` may depend on what this user did before. */
interface Step {
  label: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: (user: VirtualUser) => string;
  body?: (user: VirtualUser) => unknown;
  after?: (user: VirtualUser, status: number, body: string) => void;
  /** False skips the step (a user who starts mid-round has no category to change yet). */
  ready?: (user: VirtualUser) => boolean;
}

/** What a simulated administrator remembers between requests: the category they created last. */
interface VirtualUser {
  categoryId?: number;
}

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}-${(++sequence).toString(36)}-${randomBytes(2).toString('hex')}`;

/**
 * One administrator's round through the app, repeated by every simulated user: the lists, a site's
 * page, search, the home screen, the notification list, and writes (create a category, change it,
 * mark all notifications read).
 */
function mix(siteIds: number[], searchTerms: string[]): Step[] {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const get = (path: string): Step => ({
    label: `GET ${path.split('?')[0]}`,
    method: 'GET',
    path: () => path,
  });
  return [
    get('/api/dashboard/data'),
    get('/api/auth/get/all/sites?page=1&limit=20'),
    {
      label: 'GET /api/auth/sites/full-details/:id',
      method: 'GET',
      path: () => `/api/auth/sites/full-details/${pick(siteIds)}`,
    },
    get('/api/auth/equipments?page=1&limit=20'),
    {
      label: 'GET /api/global/search',
      method: 'GET',
      path: () => `/api/global/search?search=${encodeURIComponent(pick(searchTerms))}`,
    },
    get('/api/admin/userlist?page=1&limit=20'),
    get('/api/auth/inspections?page=1&limit=20'),
    {
      label: 'POST /api/inspection-categories',
      method: 'POST',
      path: () => '/api/inspection-categories',
      body: () => ({ name: `Soak ${unique()}`, colour: '#1f5fa6' }),
      after: (user, status, body) => {
        if (status === 201) user.categoryId = (JSON.parse(body) as { category: { id: number } }).category.id;
      },
    },
    {
      label: 'PATCH /api/inspection-categories/:id',
      method: 'PATCH',
      ready: (user) => user.categoryId !== undefined,
      path: (user) => `/api/inspection-categories/${user.categoryId}`,
      body: () => ({ description: `Checked during the soak ${unique()}` }),
    },
    get('/api/get/notification?page=1&limit=20'),
    { label: 'POST /api/notifications/read-all', method: 'POST', path: () => '/api/notifications/read-all' },
    get('/api/inspection-categories?page=1&limit=20'),
  ];
}

const REQUEST_TIMEOUT_MS = 10_000;

function send(
  agent: http.Agent,
  base: URL,
  token: string,
  step: Step,
  user: VirtualUser,
): Promise<{ status: number; body: string }> {
  const payload = step.body ? JSON.stringify(step.body(user)) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: step.method,
        path: step.path(user),
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('time-out')));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * CONNECTIONS simulated administrators, half on each process (as a round-robin proxy spreads
 * connections), each on its own kept-alive connection: request, wait for the answer, think for a
 * random while (exponential, mean 1 / RATE_PER_CONNECTION s; users do not click in step), repeat.
 */
async function phase(servers: Server[], token: string, steps: Step[], seconds: number): Promise<Tally> {
  const tally = newTally();
  const until = Date.now() + seconds * 1000;
  const agents = servers.map(
    () => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS / servers.length }),
  );
  const think = () =>
    RATE_PER_CONNECTION > 0 ? -Math.log(1 - Math.random()) * (1000 / RATE_PER_CONNECTION) : 0;
  const run = async (index: number) => {
    const server = servers[index % servers.length]!;
    const agent = agents[index % servers.length]!;
    const user: VirtualUser = {};
    let at = Math.floor(Math.random() * steps.length);
    await new Promise((r) => setTimeout(r, think()));
    while (Date.now() < until) {
      const step = steps[at++ % steps.length]!;
      if (step.ready && !step.ready(user)) continue;
      const started = performance.now();
      try {
        const { status, body } = await send(agent, new URL(server.url), token, step, user);
        const took = performance.now() - started;
        tally.latency.record(took);
        if (!tally.bySteps.has(step.label)) tally.bySteps.set(step.label, new Histogram());
        tally.bySteps.get(step.label)!.record(took);
        tally.requests++;
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        step.after?.(user, status, body);
      } catch (error) {
        if ((error as Error).message === 'time-out') tally.timeouts++;
        else tally.errors++;
      }
      const pause = Math.min(think(), until - Date.now());
      if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => run(index)));
  for (const agent of agents) agent.destroy();
  return tally;
}

async function setupData(url: string): Promise<{ token: string; siteIds: number[]; searchTerms: string[] }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`soak: sign-in failed (${login.status}): ${await login.text()}`);
  const { accessToken: token } = (await login.json()) as { accessToken: string };
  const sites = (await (
    await fetch(`${url}/api/auth/get/all/sites?page=1&limit=50`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { sites: { id: number; name: string; siteCode?: string }[] };
  if (sites.sites.length === 0) throw new Error('soak: the demo data has no sites');
  const searchTerms = [
    ...sites.sites.slice(0, 10).map((s) => s.name.split(' ')[0]!),
    ...sites.sites.slice(0, 5).flatMap((s) => (s.siteCode ? [s.siteCode] : [])),
    'admin',
  ];
  return { token, siteIds: sites.sites.map((s) => s.id), searchTerms };
}

export async function runSoak(postgresUrl: string): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('soak: the server is not built (npm run build)');
  console.log(
    `\n== soak: 2 processes on one PostgreSQL, ${CONNECTIONS} connections at ${RATE_PER_CONNECTION || 'unlimited'} req/s each, ${WARMUP_SECONDS} s warm-up + ${SOAK_SECONDS} s ==`,
  );
  const name = `inspecta_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inspecta-soak-'));
  const servers: Server[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    servers.push(await startServer('A', url.toString(), path.join(dataDir, 'a')));
    servers.push(await startServer('B', url.toString(), path.join(dataDir, 'b')));
    const idle = servers.map((s) => rssMiB(s.child.pid));
    const { token, siteIds, searchTerms } = await setupData(servers[0]!.url);
    const steps = mix(siteIds, searchTerms);

    const warmup = await phase(servers, token, steps, WARMUP_SECONDS);
    const start = servers.map((s) => rssMiB(s.child.pid));
    const peak = [...start];
    const sampler = setInterval(() => {
      servers.forEach((s, i) => {
        peak[i] = Math.max(peak[i]!, rssMiB(s.child.pid));
      });
    }, 5000);
    const soak = await phase(servers, token, steps, SOAK_SECONDS);
    clearInterval(sampler);
    const end = servers.map((s) => rssMiB(s.child.pid));

    const failed = (t: Tally) =>
      t.errors + t.timeouts + [...t.statuses].filter(([code]) => code >= 400).reduce((n, [, c]) => n + c, 0);
    const errors = failed(soak) + failed(warmup);
    const p95 = soak.latency.percentile(0.95);
    const statuses = [...soak.statuses]
      .sort(([a], [b]) => a - b)
      .map(([code, count]) => `${code}: ${count}`)
      .join(', ');
    console.log(
      `requests ${soak.requests} in ${SOAK_SECONDS} s (${(soak.requests / SOAK_SECONDS).toFixed(0)} req/s) | statuses ${statuses}`,
    );
    console.log(
      `latency p50 ${soak.latency.percentile(0.5)} ms | p95 ${p95} ms | p99 ${soak.latency.percentile(0.99)} ms`,
    );
    console.log(
      `errors ${errors} (warm-up ${failed(warmup)}: ${warmup.timeouts} time-outs; soak ${failed(soak)}: ${soak.timeouts} time-outs (> ${REQUEST_TIMEOUT_MS / 1000} s), ${soak.errors} connection errors) | error log lines ${servers.map((s) => `${s.name} ${s.errorLines()}`).join(', ')}`,
    );
    for (const [label, histogram] of [...soak.bySteps].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(
        `   ${label.padEnd(40)} n ${String(histogram.count).padStart(6)} | p50 ${histogram.percentile(0.5)} ms | p95 ${histogram.percentile(0.95)} ms`,
      );
    }
    servers.forEach((s, i) => {
      const growth = (end[i]! - start[i]!) / start[i]!;
      console.log(
        `RSS ${s.name}: idle ${idle[i]!.toFixed(0)} MiB, after warm-up ${start[i]!.toFixed(0)} MiB, peak ${peak[i]!.toFixed(0)} MiB, end ${end[i]!.toFixed(0)} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %): ${growth <= GOALS.rssGrowth ? 'met' : 'NOT met'}`,
      );
    });
    console.log(
      `   goals: 0 errors ${errors === 0 ? 'met' : 'NOT met'}; p95 < ${GOALS.p95Ms} ms ${p95 < GOALS.p95Ms ? 'met' : 'NOT met'}`,
    );
  } finally {
    await Promise.all(servers.map(stopServer));
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
