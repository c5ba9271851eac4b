import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type FakePostal, startFakePostal } from './fake-postal.js';
import { E2E_ADMIN, type ServerProcess, startServer } from './server-process.js';
import { browserWorkers } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per browser worker: worker N (VITEST_POOL_ID) uses baseURLs[N - 1]. */
    baseURLs: string[];
    adminEmail: string;
    adminPassword: string;
  }
}

let servers: ServerProcess[] = [];
let postal: FakePostal | undefined;

export async function setup(project: TestProject) {
  // The app's outside services are local fakes: the browser tier never reaches the internet.
  postal = await startFakePostal();
  const url = postal.url;
  // Each worker gets its own server and data folder, so two specs running at once never see each
  // other's rows; within a worker, specs share the server one after another as before.
  servers = await Promise.all(
    Array.from({ length: browserWorkers() }, () => startServer({ POSTAL_LOOKUP_URL: url })),
  );
  project.provide(
    'baseURLs',
    servers.map((s) => s.baseURL),
  );
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
  // The shared servers' logs stay with the run's reports, to read what one answered when a spec failed.
  const dir = path.resolve(import.meta.dirname, '../../test-results');
  mkdirSync(dir, { recursive: true });
  servers.forEach((s, i) => {
    writeFileSync(path.join(dir, `e2e-server-${i + 1}.log`), s.output());
  });
  await postal?.stop();
}
