import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      // The files share their worker's jsdom and loaded modules instead of starting each in a fresh
      // process: every file loads React, Mantine and the router again otherwise, which made this
      // tier 260 s of a full run for 15 s of tests (51 s without, in a run beside a bench).
      // setup-tests.ts resets what a file could leave behind (the DOM, storage, media queries,
      // timers), and stubbed globals such as `fetch` are put back after every test.
      isolate: false,
      unstubGlobals: true,
      // Lazy route chunks load slowly in jsdom on a busy machine; the async finders wait 25 s
      // (a loaded two-core machine has taken 17 s to show the first route).
      testTimeout: 60_000,
    },
  }),
);
