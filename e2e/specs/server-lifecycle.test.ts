import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process.js';

/** The server as a process: first start, graceful stop, and reopening the embedded database. */
describe('server process', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
  });

  it('creates the first admin with a generated password printed once, stops cleanly on SIGTERM and reopens its data', async () => {
    const first = await startServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: 'false' });
    started.push(first);
    const match = /First administrator created: admin@inspecta\.local with password (\S+)/.exec(
      first.output(),
    );
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(first.output().split(password).length - 1).toBe(1);

    const login = await fetch(`${first.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@inspecta.local', password }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };

    // A request in flight when SIGTERM arrives still gets its answer; then the process exits 0.
    const inFlight = fetch(`${first.baseURL}/api/auth/me`, { headers: { authorization: accessToken } });
    const exitCode = await first.stop();
    expect(exitCode).toBe(0);
    expect((await inFlight).status).toBe(200);
    expect(first.output()).toContain('shutting down');

    // The same data folder opens again without repair: same admin, same session, no second bootstrap.
    const second = await startServer(
      { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: 'false' },
      first.dataDir,
    );
    started.push(second);
    expect(second.output()).not.toContain('First administrator created');
    const health = await (await fetch(`${second.baseURL}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'up', driver: 'pglite' });
    const me = await fetch(`${second.baseURL}/api/auth/me`, { headers: { authorization: accessToken } });
    expect(me.status).toBe(200);
  });

  it('refuses to start with a bad setting and names it', async () => {
    await expect(startServer({ PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
  });
});
