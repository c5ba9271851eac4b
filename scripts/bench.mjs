// `npm run bench`: installs when needed, builds the contract, runs the load benchmarks.
import { ensureInstall, mustRun } from './lib.mjs';

ensureInstall();
mustRun('npm', ['run', 'build', '--workspace', 'packages/contract']);
mustRun('npx', ['tsx', 'bench/run.ts']);
