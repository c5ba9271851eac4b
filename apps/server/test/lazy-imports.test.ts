// Server start (docs/performance.md): the PDF, Excel, image and push libraries load on first use, not
// when the app is built. A fresh process builds the app and lists the packages Node has loaded.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
// web-push too, but a fresh database (as here) loads it once to make the VAPID key pair.
const LAZY_PACKAGES = ['exceljs', 'pdfkit', 'sharp'];
// Each test starts a fresh process that compiles the whole app with tsx: about 10 s on a quiet
// machine, past 30 s on a loaded one; the child's own limit below is what bounds it.
const CHILD_TEST_TIMEOUT = 150_000;

function packagesLoadedAfter(script: string): string[] {
  const code = `
    import { createRequire } from 'node:module';
    const { buildApp } = await import(${JSON.stringify(path.join(here, '../src/app.ts'))});
    const { testConfig } = await import(${JSON.stringify(path.join(here, 'helpers/test-app.ts'))});
    const { openDatabase } = await import(${JSON.stringify(path.join(here, '../src/db/database.ts'))});
    const database = await openDatabase({});
    const app = await buildApp(testConfig(), { database, logger: false, mailTransport: null });
    await app.ready();
    ${script}
    const cache = createRequire(import.meta.url).cache;
    const loaded = new Set();
    for (const file of Object.keys(cache)) {
      const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file);
      if (match) loaded.add(match[1]);
    }
    console.log(JSON.stringify([...loaded]));
    await app.close();
    await database.close();
  `;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test' },
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`the child failed:\n${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as string[];
}

describe('lazy loading of heavy libraries', { timeout: CHILD_TEST_TIMEOUT }, () => {
  it('builds and readies the app without loading pdfkit, exceljs or sharp', () => {
    const loaded = packagesLoadedAfter('');
    // The probe works: packages the app does load at start are listed.
    expect(loaded).toContain('@fastify/static');
    for (const name of LAZY_PACKAGES) expect(loaded).not.toContain(name);
  });

  it('loads exceljs when the first spreadsheet is written', () => {
    const loaded = packagesLoadedAfter(`
      const { loadExcelJs } = await import(${JSON.stringify(path.join(here, '../src/core/spreadsheet.ts'))});
      new (await loadExcelJs()).Workbook();
    `);
    expect(loaded).toContain('exceljs');
    expect(loaded).not.toContain('pdfkit');
  });
});
