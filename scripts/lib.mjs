// Helpers for the project scripts; Node built-ins only, so they run before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: npm 11 writes lock files without other platforms' optional
  // packages (e.g. Biome's binaries) and then `npm ci` refuses them (docs/decisions/0003).
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}
