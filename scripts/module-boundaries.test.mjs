// The boundary rules of `npm run check` (.dependency-cruiser.cjs) run against small trees laid out
// like the real one: a deliberate import into another module's internals must be reported, and the
// same need met through the module's index.ts must not.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const trees = [];
// Each test runs dependency-cruiser in a child process: about 1 s on a quiet machine, past the
// default 5 s on a loaded one.
const DEPCRUISE_TEST_TIMEOUT = 60_000;

/**
 * Writes the files into a fresh folder beside the real rules and returns the violated rule names.
 * Files under node_modules/ are packages the sources import; they are resolved, not cruised.
 */
function violations(files, outputType = 'json') {
  const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  trees.push(dir);
  copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(path.join(root, 'tsconfig.depcruise.json'), path.join(dir, 'tsconfig.depcruise.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const sources = Object.keys(files).filter((file) => !file.startsWith('node_modules/'));
  const result = spawnSync(
    process.execPath,
    [
      depcruise,
      ...new Set(sources.map((file) => file.split('/')[0])),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      outputType,
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  if (outputType !== 'json') return result;
  const report = JSON.parse(result.stdout);
  expect(report.modules.filter((m) => !m.source.startsWith('node_modules/')).length).toBe(sources.length);
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for an npm package, enough for the import to resolve to node_modules/<name>/. */
function fakePackage(name) {
  return {
    [`node_modules/${name}/package.json`]: JSON.stringify({
      name,
      version: '0.0.0',
      type: 'module',
      main: 'index.js',
    }),
    [`node_modules/${name}/index.js`]: 'export const eq = (a, b) => [a, b];\n',
  };
}

const usersModule = {
  'apps/server/src/modules/users/users.repository.ts': 'export const findUser = (id: number) => id;\n',
  'apps/server/src/modules/users/users.service.ts':
    "import { findUser } from './users.repository.js';\nexport const userName = (id: number) => String(findUser(id));\n",
  'apps/server/src/modules/users/index.ts': "export { userName } from './users.service.js';\n",
};

describe('server module boundaries', { timeout: DEPCRUISE_TEST_TIMEOUT }, () => {
  it("reports a module that imports another module's repository", () => {
    const found = violations({
      ...usersModule,
      'apps/server/src/modules/sites/sites.service.ts':
        "import { findUser } from '../users/users.repository.js';\nexport const owner = findUser(1);\n",
    });
    expect(found).toEqual([
      'server-module-through-its-index: apps/server/src/modules/sites/sites.service.ts → apps/server/src/modules/users/users.repository.ts',
    ]);
  });

  it('fails the command as `npm run boundaries` runs it, naming the rule and the import', () => {
    const result = violations(
      {
        ...usersModule,
        'apps/server/src/modules/sites/sites.service.ts':
          "import { findUser } from '../users/users.repository.js';\nexport const owner = findUser(1);\n",
      },
      'err',
    );
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain(
      'server-module-through-its-index: apps/server/src/modules/sites/sites.service.ts → apps/server/src/modules/users/users.repository.ts',
    );
  });

  it("accepts the same need met through the other module's index", () => {
    expect(
      violations({
        ...usersModule,
        'apps/server/src/modules/sites/sites.service.ts':
          "import { userName } from '../users/index.js';\nexport const owner = userName(1);\n",
      }),
    ).toEqual([]);
  });

  it('reports an index that hands out its repository, and routes that skip the service', () => {
    const found = violations({
      ...usersModule,
      'apps/server/src/modules/users/index.ts': "export { findUser } from './users.repository.js';\n",
      'apps/server/src/modules/users/users.routes.ts':
        "import { findUser } from './users.repository.js';\nexport const route = () => findUser(1);\n",
    });
    expect(found).toEqual([
      'routes-call-services-not-repositories: apps/server/src/modules/users/users.routes.ts → apps/server/src/modules/users/users.repository.ts',
      'server-index-hides-repositories: apps/server/src/modules/users/index.ts → apps/server/src/modules/users/users.repository.ts',
    ]);
  });

  it('reports a service that builds queries itself, and accepts drizzle-orm in its repository and tests', () => {
    const found = violations({
      ...fakePackage('drizzle-orm'),
      'apps/server/src/modules/users/users.repository.ts':
        "import { eq } from 'drizzle-orm';\nexport const findUser = (id: number) => eq(id, 1);\n",
      'apps/server/src/modules/users/users.service.ts':
        "import { eq } from 'drizzle-orm';\nimport { findUser } from './users.repository.js';\nexport const userName = (id: number) => String(findUser(id) ?? eq(id, 2));\n",
      'apps/server/src/modules/users/users.service.test.ts':
        "import { eq } from 'drizzle-orm';\nexport const probe = eq(1, 1);\n",
      'apps/server/src/modules/users/index.ts': "export { userName } from './users.service.js';\n",
    });
    expect(found).toEqual([
      'queries-live-in-repositories: apps/server/src/modules/users/users.service.ts → node_modules/drizzle-orm/index.js',
    ]);
  });

  it('reports infrastructure that reaches up into a module, and an import cycle', () => {
    const found = violations({
      ...usersModule,
      'apps/server/src/core/audit.ts':
        "import { userName } from '../modules/users/index.js';\nexport const a = userName;\n",
      'apps/server/src/core/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'apps/server/src/core/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
    });
    expect(found).toContain(
      'server-infrastructure-below-modules: apps/server/src/core/audit.ts → apps/server/src/modules/users/index.ts',
    );
    expect(found.filter((line) => line.startsWith('no-circular: apps/server/src/core/'))).not.toEqual([]);
  });
});

describe('web feature and contract boundaries', { timeout: DEPCRUISE_TEST_TIMEOUT }, () => {
  it("reports a feature that imports another feature's api file, and accepts its index", () => {
    const found = violations({
      'apps/web/src/features/sites/api/get-sites.ts': 'export const getSites = () => [];\n',
      'apps/web/src/features/sites/index.ts': "export { getSites } from './api/get-sites';\n",
      'apps/web/src/features/assignments/components/site-filter.tsx':
        "import { getSites } from '@/features/sites/api/get-sites';\nexport const a = getSites;\n",
      'apps/web/src/features/assignments/components/site-list.tsx':
        "import { getSites } from '@/features/sites';\nexport const b = getSites;\n",
    });
    expect(found).toEqual([
      'web-feature-through-its-index: apps/web/src/features/assignments/components/site-filter.tsx → apps/web/src/features/sites/api/get-sites.ts',
    ]);
  });

  it('reports a contract that imports from an app', () => {
    const found = violations({
      'apps/server/src/config.ts': 'export const port = 3000;\n',
      'packages/contract/src/health.ts':
        "import { port } from '../../../apps/server/src/config.js';\nexport const p = port;\n",
    });
    expect(found).toEqual([
      'contract-imports-no-app: packages/contract/src/health.ts → apps/server/src/config.ts',
    ]);
  });
});
