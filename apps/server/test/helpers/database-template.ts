import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite database (`dumpDataDir`), or '' when there is none. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy (`create database … template`), or ''. */
    postgresTemplate: string;
  }
}

const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let cleanup: (() => Promise<void>) | undefined;

/**
 * Vitest global setup of the integration and fuzz tiers: migrates one database per run and hands
 * the test files a copy of it, so each file's fresh database costs a copy, not every migration
 * replayed (about 3 s per file on PGlite). Each run makes its own template and removes it after,
 * so concurrent runs (other work trees, other migrations) never share one.
 */
export async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  if (driver === 'pglite') {
    const handle = await openDatabase({});
    const file = path.join(tmpdir(), `inspecta-test-template-${randomBytes(6).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await (await handle.pglite!.dumpDataDir('none')).arrayBuffer()));
    await handle.close();
    project.provide('pgliteTemplate', file);
    cleanup = async () => rmSync(file, { force: true });
    return;
  }
  const name = `inspecta_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    return; // No PostgreSQL here: the test files report it themselves.
  }
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  await handle.close();
  project.provide('postgresTemplate', name);
  cleanup = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

export async function teardown() {
  await cleanup?.();
}
