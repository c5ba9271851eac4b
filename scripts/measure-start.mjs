// `npm run bench` (BENCH_ONLY='server start'): how long the built server takes from `node main.js` to
// /api/health answering 200 on an existing embedded database, and its idle memory (RSS) afterwards.
// The first start creates the database (migrations, first administrator, demo data) and is not
// counted; then START_RUNS (3) more starts are timed and the median printed. Figures, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { rssMb, startBuiltServer, stopServer } from './built-server.mjs';

const RUNS = Number(process.env.START_RUNS ?? 3);
const IDLE_MS = Number(process.env.START_IDLE_MS ?? 5000);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'inspecta-start-'));
try {
  const first = await startBuiltServer(dataDir);
  console.log(`server start: first start (creates the database and demo data) ${first.ms.toFixed(0)} ms`);
  await stopServer(first.child);
  const times = [];
  const rss = [];
  for (let run = 1; run <= RUNS; run++) {
    const { ms, child } = await startBuiltServer(dataDir);
    const atHealth = rssMb(child.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = rssMb(child.pid);
    times.push(ms);
    rss.push(idle);
    console.log(
      `server start: run ${run}: ${ms.toFixed(0)} ms to /api/health; RSS ${atHealth.toFixed(0)} MB then, ${idle.toFixed(0)} MB after ${IDLE_MS / 1000} s idle`,
    );
    await stopServer(child);
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
