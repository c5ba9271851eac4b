// `npm run bench`: installs when needed, builds the contract, runs the load benchmarks.
import { ensureInstall, mustRun } from './lib.mjs';

ensureInstall();
mustRun('npm', ['run', 'build', '--workspace', 'packages/contract']);
// The soak case runs the built server as separate processes.
const only = process.env.BENCH_ONLY?.toLowerCase();
if (!only || 'soak'.includes(only)) mustRun('npm', ['run', 'build', '--workspace', 'apps/server']);
mustRun('npx', ['tsx', 'bench/run.ts']);
