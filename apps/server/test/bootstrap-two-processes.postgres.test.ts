import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import { TEST_PASSWORD, testConfig } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * Runs on PostgreSQL only: several server processes started at the same moment on one empty
 * database (a deployment's first rollout) must all come up, with one first administrator.
 */
describe('first start of two processes at once on one empty database', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ url: database.url!, poolSize: 2 });
  });

  afterAll(async () => {
    await second?.close();
    await database?.dispose();
  });

  it('both start; exactly one creates the first administrator', async () => {
    const config = testConfig({
      ADMIN_EMAIL: 'first@two-processes.test',
      ADMIN_PASSWORD: TEST_PASSWORD,
      SEED_DEMO: 'false',
    });
    const log = pino({ level: 'silent' });
    const results = await Promise.all([
      bootstrapDatabase(database.handle.db, config, log),
      bootstrapDatabase(second.db, config, log),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    const rows = await database.handle.db.select().from(users);
    expect(rows.map((u) => u.email)).toEqual(['first@two-processes.test']);
  });
});
