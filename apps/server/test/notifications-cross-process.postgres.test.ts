import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './helpers/event-stream.js';
import { TEST_PASSWORD, uniqueEmail } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * Runs on PostgreSQL only (the integration-pglite project excludes *.postgres.test.ts): two built
 * server processes on one database; a notification raised by a request on A reaches a stream on B.
 */
const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/server.js');
const ADMIN = { email: 'first.admin@cross-process.test', password: TEST_PASSWORD };

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

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => log };
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('notifications across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    if (!existsSync(serverEntry)) throw new Error('The server is not built: run `npm run build` first.');
    database = await createTestDatabase();
    await database.handle.close();
    dataDir = mkdtempSync(path.join(tmpdir(), 'inspecta-cross-'));
    a = await startServer(database.url!, path.join(dataDir, 'a'));
    b = await startServer(database.url!, path.join(dataDir, 'b'));
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await database?.dispose().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('an event raised on A reaches a stream opened on B at once', async () => {
    const serverA = a!;
    const serverB = b!;
    const first = await post(`${serverA.url}/api/auth/login`, ADMIN);
    expect(first.status, serverA.output()).toBe(200);
    const tokenA = first.body.accessToken as string;

    // A second administrator, who will watch from process B.
    const watcher = { email: uniqueEmail('watcher'), password: TEST_PASSWORD };
    const registered = await post(
      `${serverA.url}/api/admin/register`,
      { userType: 'admin', firstName: 'Watch', lastName: 'Er', ...watcher },
      tokenA,
    );
    expect(registered.status).toBe(201);
    const signedIn = await post(`${serverB.url}/api/auth/login`, watcher);
    const tokenB = signedIn.body.accessToken as string;
    const ticket = await post(`${serverB.url}/api/notifications/stream-ticket`, {}, tokenB);
    expect(ticket.status).toBe(200);
    const stream = await openEventStream(
      `${serverB.url}/api/notifications/stream?ticket=${ticket.body.ticket}`,
    );
    try {
      expect(stream.status).toBe(200);
      const email = uniqueEmail('newcomer');
      const created = await post(
        `${serverA.url}/api/admin/register`,
        { userType: 'admin', firstName: 'Nita', lastName: 'Das', email, password: TEST_PASSWORD },
        tokenA,
      );
      expect(created.status).toBe(201);
      const event = await stream.next('notification', 10_000);
      expect(JSON.parse(event.data).notification).toMatchObject({
        type: 'user.registered',
        title: 'New administrator: Nita Das',
      });
    } finally {
      stream.close();
    }
  });

  it('a sign-out on A ends the stream of that session on B within a second, and nothing follows', async () => {
    const serverA = a!;
    const serverB = b!;
    const first = await post(`${serverA.url}/api/auth/login`, ADMIN);
    const tokenA = first.body.accessToken as string;
    const leaver = { email: uniqueEmail('leaver'), password: TEST_PASSWORD };
    const registered = await post(
      `${serverA.url}/api/admin/register`,
      { userType: 'admin', firstName: 'Lea', lastName: 'Ver', ...leaver },
      tokenA,
    );
    expect(registered.status).toBe(201);
    const token = (await post(`${serverB.url}/api/auth/login`, leaver)).body.accessToken as string;
    const ticket = await post(`${serverB.url}/api/notifications/stream-ticket`, {}, token);
    const stream = await openEventStream(
      `${serverB.url}/api/notifications/stream?ticket=${ticket.body.ticket}`,
    );
    try {
      expect(stream.status).toBe(200);
      await stream.waitForComment('connected');
      const started = Date.now();
      const logout = await post(`${serverA.url}/api/auth/logout`, {}, token);
      expect(logout.status).toBe(200);
      const end = await stream.next('end', 1000);
      expect(JSON.parse(end.data)).toEqual({ reason: 'signed-out' });
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(1000);
      // A notification for them raised on A afterwards does not reach the ended stream.
      const created = await post(
        `${serverA.url}/api/admin/register`,
        {
          userType: 'admin',
          firstName: 'Late',
          lastName: 'Comer',
          email: uniqueEmail('late'),
          password: TEST_PASSWORD,
        },
        tokenA,
      );
      expect(created.status).toBe(201);
      expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(0);
    } finally {
      stream.close();
    }
  });
});
