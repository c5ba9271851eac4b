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
      // Lazy route chunks load slowly in jsdom on a busy machine; the async finders wait 25 s
      // (a loaded two-core machine has taken 17 s to show the first route).
      testTimeout: 60_000,
    },
  }),
);
