import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    root: new URL('.', import.meta.url).pathname,
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser at a time on a two-core machine; specs share one server.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
