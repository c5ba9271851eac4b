import { defineConfig } from 'vitest/config';
import { browserWorkers } from './support/workers.js';

export default defineConfig({
  test: {
    name: 'browser',
    root: new URL('.', import.meta.url).pathname,
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Spec files run side by side, each worker with its own server (support/global-setup.ts); the
    // tests inside a file stay in order, since later ones build on earlier ones.
    fileParallelism: browserWorkers() > 1,
    maxWorkers: browserWorkers(),
    // A timeout is there to stop a hung test, not to time one (speed is measured in `npm run bench`):
    // on a machine under half as fast, a long journey of 40 s took more than 60 s (docs/decisions/0002).
    testTimeout: 120_000,
    // One retry for a browser test that fails under load (docs/decisions/0002); a retried test is
    // listed in the output, so a flaky test is seen and fixed, not hidden.
    retry: 1,
    // expect.poll gives up after 1 s by default: under load (two workers, the machine shared) a list
    // can take longer than that to show what was just saved, so a poll waits up to 10 s.
    expect: { poll: { timeout: 10_000 } },
    // A spec's beforeAll may start its own server (support/server-process.ts waits up to 180 s for it
    // to answer) and Chromium: at 90 s, one such hook gave up under load before the server's own wait
    // did (account-recovery, load average 10–12), so the hook's limit is above the server's.
    hookTimeout: 240_000,
  },
});
