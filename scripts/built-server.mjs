// Starts the built server (apps/server/dist/server.js) as its own process on a data folder and waits for
// /api/health: scripts/measure-start.mjs and scripts/lighthouse.mjs use it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from './lib.mjs';

// SERVER_ENTRY=apps/server/dist/main.js times the unbundled output, for comparison.
const SERVER_ENTRY = path.resolve(root, process.env.SERVER_ENTRY ?? 'apps/server/dist/server.js');
export const BENCH_ADMIN = { email: 'admin@start.bench', password: 'start-bench-password-1' };

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

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Starts the server on dataDir, waits for /api/health, returns the time taken and the process. */
export async function startBuiltServer(dataDir) {
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
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
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
  return { ms: performance.now() - began, child, url: `http://127.0.0.1:${port}` };
}

export function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Leaves `items` in the local storage of `url`'s origin, as the login pages would have (the keys of
 * apps/web/src/lib/storage.ts), through a page that is not the app's, so nothing reads them early.
 */
export async function plantLocalStorage(page, url, items) {
  await page.goto(`${url}/404-blank-for-storage`);
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}
