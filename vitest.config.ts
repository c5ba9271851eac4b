import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tiers. The browser tier has its own config (e2e/vitest.config.ts) because it
 * needs the built app and runs one file at a time. scripts/test.mjs runs both and adds them up.
 */
export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores (cores − 1). The integration files wait on
    // PostgreSQL and on file copies much of the time, and each has its own database, so two at once
    // use the machine instead of leaving a core idle (docs/architecture.md, "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'integration-pglite',
          include: ['apps/server/test/**/*.test.ts'],
          // Tests that need several processes on one real database run on PostgreSQL only; the fuzz
          // tier is its own project.
          exclude: ['apps/server/test/**/*.postgres.test.ts', 'apps/server/test/fuzz/**'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/helpers/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database (createTestApp), so the files of a worker
          // share its loaded modules instead of each importing the whole server again in a fresh
          // process (docs/architecture.md, "Tests").
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/fuzz/**'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/helpers/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        test: {
          // Property-based requests over every route (FUZZ_RUNS, FUZZ_SEED: README.md).
          name: 'fuzz',
          include: ['apps/server/test/fuzz/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/helpers/database-template.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
