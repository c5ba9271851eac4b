// `npm run bench` (BENCH_ONLY='server start'): how long the built server takes from `node main.js` to
// /api/health answering 200 on an existing embedded database, and its idle memory (RSS) afterwards.
// The first start creates the database (migrations, first administrator, demo data) and is not
// counted; then START_RUNS (3) more starts are timed and the median printed. Figures, never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
const RUNS = Number(process.env.START_RUNS ?? 3);
const IDLE_MS = Number(process.env.START_IDLE_MS ?? 5000);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Starts the server on dataDir, waits for /api/health, returns the time taken and the process. */
async function start(dataDir) {
  const port = await freePort();
  let log = '';
  const began = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin@start.bench',
      ADMIN_PASSWORD: 'start-bench-password-1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk) => {
    if (log.length < 20_000) log += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`no answer from /api/health in 120 s:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { ms: performance.now() - began, child };
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'inspecta-start-'));
try {
  const first = await start(dataDir);
  console.log(`server start: first start (creates the database and demo data) ${first.ms.toFixed(0)} ms`);
  await stop(first.child);
  const times = [];
  const rss = [];
  for (let run = 1; run <= RUNS; run++) {
    const { ms, child } = await start(dataDir);
    const atHealth = rssMb(child.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = rssMb(child.pid);
    times.push(ms);
    rss.push(idle);
    console.log(
      `server start: run ${run}: ${ms.toFixed(0)} ms to /api/health; RSS ${atHealth.toFixed(0)} MB then, ${idle.toFixed(0)} MB after ${IDLE_MS / 1000} s idle`,
    );
    await stop(child);
  }
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `server start: median ${median(times).toFixed(0)} ms to /api/health (goal 1000), idle RSS median ${median(rss).toFixed(0)} MB (goal 300); load average ${load}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
