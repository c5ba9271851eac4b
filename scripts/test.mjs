import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureInstall, mustRun, root, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const inCi = process.env.CI === 'true';
const resultsDir = path.join(root, 'test-results');

const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`\n${CHROMIUM} is missing: installing Debian's chromium (needs root).`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update', '-qq'], {
    env,
  });
  mustRun(
    sudo[0] ?? 'apt-get',
    [...(sudo.length ? ['apt-get'] : []), 'install', '-y', '-qq', 'chromium', 'fonts-noto-color-emoji'],
    { env },
  );
}

function postgresReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A static check counts as one test in the summary. */
function check(name, command, args) {
  const status = run(command, args);
  if (status === 0) tally.passed++;
  else {
    tally.failed++;
    failures.push(`check: ${name}`);
  }
}

function vitest(label, args) {
  const output = path.join(resultsDir, `${label}.json`);
  rmSync(output, { force: true });
  run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${output}`]);
  if (!existsSync(output)) {
    tally.failed++;
    failures.push(`${label}: the runner produced no report`);
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults) {
    if (file.status === 'failed' && file.assertionResults.every((a) => a.status !== 'failed')) {
      // A file that failed before any test ran (import error, hook failure) must not pass silently.
      tally.failed++;
      failures.push(
        `${label}: ${path.relative(root, file.name)}: ${file.message?.split('\n')[0] ?? 'failed'}`,
      );
    }
    for (const a of file.assertionResults) {
      if (a.status === 'failed') failures.push(`${label}: ${a.fullName}`);
    }
  }
  if (report.numTotalTests === 0) {
    tally.failed++;
    failures.push(`${label}: no test ran`);
  }
}

ensureInstall();
ensureChromium();
mkdirSync(resultsDir, { recursive: true });
mustRun('npm', ['run', 'build']);

check('typecheck', 'npm', ['run', 'typecheck']);
check('lint and format', 'npx', ['biome', 'ci', '.']);
check('module boundaries (dependency-cruiser)', 'npm', ['run', 'boundaries']);
check('no unused files, exports or dependencies (knip)', 'npm', ['run', 'unused']);
check('migrations match the schema', 'node', ['scripts/check-migrations.mjs']);
check('OpenAPI document is current', 'npm', ['run', 'openapi:check', '--workspace', 'apps/server']);
check('JavaScript of the first screens within budget', 'node', [
  'scripts/check-bundle-budget.mjs',
  '--dist',
  'apps/web/dist',
]);

const projects = ['unit', 'web', 'integration-pglite', 'fuzz'];
if (await postgresReachable(POSTGRES_URL)) projects.push('integration-postgres');
else if (inCi) {
  tally.failed++;
  failures.push(
    `integration-postgres: PostgreSQL at ${POSTGRES_URL} is not reachable (required when CI=true)`,
  );
} else console.log(`\nPostgreSQL at ${POSTGRES_URL} is not reachable: its integration tier is skipped.`);

vitest(
  'unit-integration',
  projects.flatMap((p) => ['--project', p]),
);
vitest('browser', ['--config', 'e2e/vitest.config.ts']);

if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  - ${f}`);
}
console.log(
  `\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
);
process.exit(tally.failed === 0 ? 0 : 1);
