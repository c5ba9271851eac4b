// The embedded database opens with the buffer cache it is given (PGLITE_SHARED_BUFFERS: the server's
// memory, docs/performance.md), and with PGlite's own when none is given (tests, benchmarks).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';

async function sharedBuffers(pgliteSharedBuffers?: string): Promise<string> {
  const database = await openDatabase({ pgliteSharedBuffers });
  try {
    const result = await database.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    return result.rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe.runIf(process.env.TEST_DB !== 'postgres')('embedded database settings', () => {
  it('applies the shared_buffers it is given, keeping search and migrations working', async () => {
    expect(await sharedBuffers('16MB')).toBe('16MB');
  });

  it("keeps PGlite's default when none is given", async () => {
    expect(await sharedBuffers()).toBe('128MB');
  });
});

// A start on an existing embedded database reads the last recorded migration instead of running
// Drizzle's migrator, which re-reads every file (docs/performance.md, server start): a database that
// lacks the newest migration must still get it.
describe.runIf(process.env.TEST_DB !== 'postgres')('migrations on an existing embedded database', () => {
  // The newest migration (0034) makes the request limiter's table unlogged.
  const limiterUnlogged = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
    (
      await database.pglite!.query<{ persistence: string }>(
        "select relpersistence as persistence from pg_class where oid = 'public.request_rate_limit'::regclass",
      )
    ).rows[0]!.persistence === 'u';

  it('applies a migration the database lacks, and leaves an up-to-date one as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'inspecta-migrations-'));
    try {
      let database = await openDatabase({ pgliteDir: dir });
      expect(await limiterUnlogged(database)).toBe(true);
      const recorded = async () =>
        (
          await database.pglite!.query<{ n: number }>(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          )
        ).rows[0]!.n;
      const all = await recorded();
      // As if the database were made before the newest migration.
      await database.pglite!.exec(
        'alter table request_rate_limit set logged; delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      await database.close();

      database = await openDatabase({ pgliteDir: dir });
      expect(await limiterUnlogged(database)).toBe(true);
      expect(await recorded()).toBe(all);
      await database.close();

      database = await openDatabase({ pgliteDir: dir });
      expect(await recorded()).toBe(all);
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
