// Helpers for the project scripts; Node built-ins only, so they run before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyDependencyPatches } from './patch-dependencies.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server process's V8 flags unless NODE_OPTIONS is set: a 64 MB young generation semi-space
 * (16 MB by default), measured to shorten the request tail (docs/decisions/0006).
 */
export const SERVER_NODE_OPTIONS = '--max-semi-space-size=64';

/** The environment a server process (or the benchmark's in-process server) starts with. */
export function serverEnv() {
  return { ...process.env, NODE_OPTIONS: process.env.NODE_OPTIONS ?? SERVER_NODE_OPTIONS };
}

export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n"${[command, ...args].join(' ')}" failed with exit code ${status}`);
    process.exit(status);
  }
}

/** Installs the locked dependencies when node_modules is missing or older than the lock file. */
export function ensureInstall() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    // npm's postinstall applies them; a checkout installed before they existed gets them here.
    applyDependencyPatches();
    return;
  }
  // `npm install`, not `npm ci`: npm 11 writes lock files without other platforms' optional
  // packages (e.g. Biome's binaries) and then `npm ci` refuses them (docs/decisions/0003).
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}
