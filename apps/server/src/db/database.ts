import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { withFields } from '../core/with-fields.js';
import { migrationsFolder } from '../paths.js';
import { withTextParsers } from './pglite-text-parsers.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The raw PostgreSQL pool, when running on PostgreSQL (LISTEN/NOTIFY needs its own client). */
  pool?: pg.Pool;
  /**
   * The embedded PGlite client, when running on PGlite (its LISTEN runs in process). It reads
   * timestamps, dates and intervals as text, as Drizzle does (`withTextParsers`).
   */
  pglite?: PGlite;
}

/** Serialises migrations when several server processes start on one PostgreSQL database. */
const MIGRATION_LOCK_KEY = 728_100_117;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for PGlite; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this dump of a migrated database (`dumpDataDir`) instead of
   * empty: the tests' template, so each test file skips replaying every migration.
   */
  pgliteDump?: Blob | undefined;
  poolSize?: number;
  /**
   * PGlite's shared_buffers (PostgreSQL's own default, 128MB, is most of the embedded server's memory;
   * docs/performance.md). Undefined keeps PGlite's default.
   */
  pgliteSharedBuffers?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? await openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options.pgliteDir, options.pgliteDump, options.pgliteSharedBuffers);
  return handle;
}

async function openPglite(
  dir: string | undefined,
  dump: Blob | undefined,
  sharedBuffers: string | undefined,
): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const settings = {
    extensions: { pg_trgm },
    ...(sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
      : {}),
  };
  const client = dump
    ? await PGlite.create(withFields(settings, { loadDataDir: dump }))
    : await PGlite.create(dir ?? 'memory://', settings);
  const drizzleClient = withTextParsers(client);
  const db = drizzlePglite({ client: drizzleClient, schema }) as unknown as Database;
  if (await pgliteMigrationsPending(client))
    await migratePglite(drizzlePglite({ client: drizzleClient }), { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Whether the embedded database lacks a committed migration. Drizzle's migrator applies the journal's
 * entries newer than the last one recorded; when the last recorded one is the journal's last, it
 * would apply nothing, but only after reading and hashing every migration file and four statements
 * (about 25-80 ms of each start, docs/performance.md). One read answers the same question.
 */
async function pgliteMigrationsPending(client: PGlite): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await client.query<{ created_at: string | number | null }>(
      'select max(created_at) as created_at from drizzle.__drizzle_migrations',
    );
    const recorded = rows[0]?.created_at;
    return recorded === null || recorded === undefined || Number(recorded) < newest;
  } catch {
    // No migrations table yet: a new database.
    return true;
  }
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // Connections open on demand and then stay (min = max): pg-pool would otherwise close them after
  // 10 s idle, and the home screen's concurrent queries would pay for fresh backends with cold
  // catalog caches on the next visit (measured: 65 ms warm, 270 ms after 12 s idle).
  // node-postgres and its Drizzle driver load only here: a start on the embedded database skips them
  // (about 17 ms of a 1.2 s start, docs/performance.md).
  const [{ default: pgModule }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pgModule.Pool({ connectionString: url, max: poolSize, min: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
