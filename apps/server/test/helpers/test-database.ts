import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';

/** Which database the integration tier runs on: set per Vitest project (pglite | postgres). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A server where the suite may create and drop throwaway databases (trust auth on this machine). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The database URL on PostgreSQL, for tests that start a second process or connection. */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * One fresh, migrated database per test file: PGlite in memory, or a throwaway database on the
 * PostgreSQL server. Tests inside a file share it and keep their data apart (unique emails). Both
 * start as a copy of the run's migrated template (database-template.ts) when there is one; the
 * migrations then only confirm they are applied.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const template = inject('pgliteTemplate');
    const handle = await openDatabase({
      pgliteDump: template ? new Blob([readFileSync(template)]) : undefined,
    });
    return { handle, dispose: () => handle.close() };
  }
  const name = `inspecta_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
