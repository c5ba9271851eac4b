// `npm run bench`: installs when needed, builds the contract, runs the load benchmarks.
import { ensureInstall, mustRun, serverEnv } from './lib.mjs';

ensureInstall();
mustRun('npm', ['run', 'build', '--workspace', 'packages/contract']);
// The soak case runs the built server as separate processes.
const only = process.env.BENCH_ONLY?.toLowerCase();
if (!only || 'soak'.includes(only)) mustRun('npm', ['run', 'build', '--workspace', 'apps/server']);
// Server start and idle memory on an existing embedded database (scripts/measure-start.mjs).
if (!only || 'server start'.includes(only)) {
  mustRun('npm', ['run', 'build', '--workspace', 'apps/server']);
  mustRun('node', ['scripts/measure-start.mjs']);
}
// Lighthouse, mobile, on the login page, the dashboard home and the inspector home (scripts/lighthouse.mjs).
if (!only || 'lighthouse'.includes(only)) {
  mustRun('npm', ['run', 'build']);
  mustRun('node', ['scripts/lighthouse.mjs']);
}
// The routes are served in this process: with the server's own V8 flags (docs/decisions/0006).
mustRun('npx', ['tsx', 'bench/run.ts'], { env: serverEnv() });
