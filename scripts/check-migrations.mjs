// Fails when src/db/schema.ts has changes that no committed migration carries.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const dir = path.join(root, 'apps/server/drizzle');
const before = new Set(readdirSync(dir));
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'stale_check'], {
  cwd: path.join(root, 'apps/server'),
  encoding: 'utf8',
});
const created = readdirSync(dir).filter((f) => !before.has(f));
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (created.length) {
  // Leave the tree as it was; the developer generates the migration with a real name.
  for (const f of created) rmSync(path.join(dir, f));
  spawnSync('git', ['checkout', '--', 'apps/server/drizzle/meta'], { cwd: root });
  console.error('The schema has changes without a migration: run `npm run db:generate` and commit it.');
  process.exit(1);
}
console.log('migrations match the schema');
