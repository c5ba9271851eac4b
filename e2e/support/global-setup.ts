import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type FakePostal, startFakePostal } from './fake-postal.js';
import { E2E_ADMIN, type ServerProcess, startServer } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
  }
}

let server: ServerProcess | undefined;
let postal: FakePostal | undefined;

export async function setup(project: TestProject) {
  // The app's outside services are local fakes: the browser tier never reaches the internet.
  postal = await startFakePostal();
  server = await startServer({ POSTAL_LOOKUP_URL: postal.url });
  project.provide('baseURL', server.baseURL);
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);
}

export async function teardown() {
  await server?.stop();
  // The shared server's log stays with the run's reports, to read what it answered when a spec failed.
  if (server) {
    const dir = path.resolve(import.meta.dirname, '../../test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'e2e-server.log'), server.output());
  }
  await postal?.stop();
}
