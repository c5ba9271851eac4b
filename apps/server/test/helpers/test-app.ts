import { randomBytes } from 'node:crypto';
import type { UserType } from '@inspecta/contract';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import type { Clock } from '../../src/core/clock.js';
import { type FileStorage, MemoryFileStorage } from '../../src/core/files/file-storage.js';
import { hashPassword } from '../../src/core/security/password-hasher.js';
import type { Database } from '../../src/db/database.js';
import { users } from '../../src/db/schema.js';
import type { MailTransport } from '../../src/modules/delivery/index.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_PASSWORD = 'Inspect-Th1s-Carefully';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    WEB_DIST_DIR: '/nonexistent-inspecta-web-dist',
    DATA_DIR: '/tmp/inspecta-test-unused',
    ...overrides,
  });
}

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Record<string, string>;
  clock?: Clock;
  logger?: BuildAppOptions['logger'];
  /** Extra routes registered before the app is ready (used to exercise shared mechanisms). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** A fake mail server; by default none, so messages stay queued in the outbox. */
  mailTransport?: MailTransport | null;
  /** Uploads go to memory unless a test gives another storage. */
  fileStorage?: FileStorage;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(options.config), {
    database: database.handle,
    logger: options.logger ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    mailTransport: options.mailTransport ?? null,
    fileStorage: options.fileStorage ?? new MemoryFileStorage(),
  });
  if (options.extend) await options.extend(app);
  await app.ready();
  return {
    app,
    db: database.handle.db,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.test`;
}

let cachedHash: Promise<string> | undefined;

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  userType: UserType;
}

/** Inserts a user straight into the database (the user-management API arrives in its own issue). */
export async function insertUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> & { userType?: UserType } = {},
): Promise<CreatedUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const email = values.email ?? uniqueEmail(values.userType ?? 'admin');
  const [row] = await db
    .insert(users)
    .values({
      userType: 'admin',
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await cachedHash,
      ...values,
      email,
    })
    .returning();
  return { id: row!.id, email, password: TEST_PASSWORD, userType: row!.userType };
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD, ip = '10.0.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
  return response;
}

export async function tokenFor(app: FastifyInstance, user: CreatedUser): Promise<string> {
  const response = await login(
    app,
    user.email,
    user.password,
    `10.1.${user.id % 250}.${Math.floor(Math.random() * 250)}`,
  );
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().accessToken as string;
}
