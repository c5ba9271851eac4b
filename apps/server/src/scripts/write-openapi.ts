import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

/**
 * Writes the OpenAPI document generated from the routes' Zod schemas to docs/openapi.json.
 * With --check it only compares, and fails when the committed file is stale.
 */
const target = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));
const check = process.argv.includes('--check');

const database = await openDatabase({});
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), {
  database,
  logger: false,
});
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();

if (check) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed !== document) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date');
} else {
  writeFileSync(target, document);
  console.log(`wrote ${target}`);
}
