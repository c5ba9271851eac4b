import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

export const E2E_ADMIN = { email: 'admin@inspecta.test', password: 'Browser-Test-Passw0rd' } as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseURL: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built server as a newcomer would, on its own data folder and port. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<ServerProcess> {
  if (!existsSync(serverEntry) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm test does it).');
  }
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'inspecta-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      // The overdue job would notify every administrator (the demo data has overdue work) at a
      // moment no spec controls; the integration tests cover it. A spec may pass its own interval.
      SCHEDULED_NOTIFICATIONS_INTERVAL_SECONDS: '0',
      // The schedule planning job: the demo data has no schedule, so it does nothing until a spec
      // (maintenance-loop) creates one, whose assignments then appear within seconds.
      SCHEDULE_PLANNING_INTERVAL_SECONDS: '2',
      DATABASE_URL: '',
      // Never the internet: a spec that needs the postal lookup passes its local fake.
      POSTAL_LOOKUP_URL: 'http://127.0.0.1:9/pincode',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // Seeding the demo data (months of inspection history) takes over a minute on a loaded machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) throw new Error(`server did not become healthy:\n${log}`);
  return {
    baseURL,
    dataDir: dir,
    child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
