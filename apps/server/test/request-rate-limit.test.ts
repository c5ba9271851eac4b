import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { requestRateLimit } from '../src/db/schema.js';
import { testConfig } from './helpers/test-app.js';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/test-database.js';

/**
 * RATE_LIMIT_PER_MINUTE is a budget per client address for the whole service: server processes that
 * share one PostgreSQL database share it, rather than each granting the full budget.
 */
describe.runIf(TEST_DB === 'postgres')('request rate limit across server processes', () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Its own pool, as a second process would have.
    secondHandle = await openDatabase({ url: database.url!, poolSize: 2 });
    const config = testConfig({ RATE_LIMIT_PER_MINUTE: '6', DATABASE_URL: database.url! });
    first = await buildApp(config, { database: database.handle, logger: false, mailTransport: null });
    second = await buildApp(config, { database: secondHandle, logger: false, mailTransport: null });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondHandle?.close();
    await database?.dispose();
  });

  it('shares one budget per address between two app instances on one database', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    for (let i = 0; i < 8; i++) {
      const app = i % 2 === 0 ? first : second;
      last = await app.inject({ url: '/api/auth/me', remoteAddress: '10.80.0.1' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect(last!.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await second.inject({ url: '/api/auth/me', remoteAddress: '10.80.0.2' })).statusCode).toBe(401);
  });

  it('counts concurrent requests exactly (one atomic upsert each)', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).inject({ url: '/api/auth/me', remoteAddress: '10.80.1.1' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(14);
  });

  it('keeps one small row per address and minute', async () => {
    const rows = await database.handle.db.select().from(requestRateLimit);
    expect(rows.map((row) => row.key).sort()).toEqual(['10.80.0.1', '10.80.0.2', '10.80.1.1']);
    expect(rows.find((row) => row.key === '10.80.1.1')!.hits).toBe(20);
  });
});
