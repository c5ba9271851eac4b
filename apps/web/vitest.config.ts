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
      // Lazy route chunks load slowly in jsdom on a busy machine; the async finders wait 15 s.
      testTimeout: 30_000,
    },
  }),
);
