import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { notifications, pushDeliveries } from '../src/db/schema.js';
import type { PushSender } from '../src/modules/push/push-sender.js';
import { insertAssignment, insertWorkRefs } from './helpers/dashboard-fixtures.js';
import { insertSite } from './helpers/equipment-fixtures.js';
import { type CreatedUser, insertUser, testConfig, tokenFor } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * Runs on PostgreSQL only: two app instances, each with its own connection pool, bus and workers,
 * on one database, as two server processes would be. Both run the scheduled overdue job and the
 * push worker at the same moment; every notification and every push must exist exactly once.
 */
interface Instance {
  app: FastifyInstance;
  handle: DatabaseHandle;
}

/** Records every push it is asked to send; answers "delivered" on a later turn so sends overlap. */
function recordingSender(sent: string[], name: string): PushSender {
  return {
    async send(target, payload) {
      await new Promise((resolve) => setImmediate(resolve));
      const { notificationId } = JSON.parse(payload) as { notificationId: number };
      sent.push(`${target.endpoint} ${notificationId} ${name}`);
      return { kind: 'delivered', status: 201 };
    },
  };
}

const OVERDUE = 12;

describe('scheduled notifications and the push worker with two processes on one database', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  const sent: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const name of ['a', 'b']) {
      const handle = name === 'a' ? database.handle : await openDatabase({ url: database.url!, poolSize: 5 });
      const app = await buildApp(testConfig({ PUSH_TIMEOUT_MS: '1000' }), {
        database: handle,
        logger: false,
        mailTransport: null,
        pushSender: recordingSender(sent, name),
      });
      await app.ready();
      instances.push({ app, handle });
    }
  });

  afterAll(async () => {
    for (const { app } of instances) await app.close();
    await instances[1]?.handle.close();
    await database?.dispose();
  });

  async function subscribe(app: FastifyInstance, user: CreatedUser): Promise<string> {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://push.example.test/${randomBytes(6).toString('hex')}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/push/registrations',
      headers: { authorization: await tokenFor(app, user) },
      payload: {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return endpoint;
  }

  it('announces each overdue assignment once and sends each push once, whichever process gets it', async () => {
    const [a, b] = instances.map((i) => i.app) as [FastifyInstance, FastifyInstance];
    const db = database.handle.db;
    const admins = [await insertUser(db), await insertUser(db), await insertUser(db)];
    const inspector = await insertUser(db, { userType: 'inspector' });
    const refs = {
      ...(await insertWorkRefs(db)),
      siteId: (await insertSite(db)).id,
      inspectorId: inspector.id,
    };
    for (let n = 0; n < OVERDUE; n++)
      await insertAssignment(db, refs, { status: 'assigned', dueOn: '2020-01-01' });
    const endpoints = [
      ...(await Promise.all(admins.map((admin, n) => subscribe(n % 2 ? a : b, admin)))),
      await subscribe(a, inspector),
    ];

    // Both processes' jobs and workers at once, then the workers again until the queue is empty.
    const runs = await Promise.all([
      a.services.escalation.runOnce(),
      b.services.escalation.runOnce(),
      a.services.pushWorker.runOnce(),
      b.services.pushWorker.runOnce(),
    ]);
    // Each overdue assignment is one claim of the escalation step (administrators and its inspector).
    expect(runs[0].length + runs[1].length).toBe(OVERDUE);
    for (;;) {
      const [x, y] = await Promise.all([a.services.pushWorker.runOnce(), b.services.pushWorker.runOnce()]);
      if (x.sent + y.sent === 0) break;
    }

    const overdue = await db.select().from(notifications).where(eq(notifications.type, 'assignment.overdue'));
    for (const user of [...admins, inspector]) {
      expect(overdue.filter((n) => n.userId === user.id)).toHaveLength(OVERDUE);
    }

    const queue = await db.select().from(pushDeliveries);
    expect(queue.filter((d) => d.status !== 'sent')).toEqual([]);
    expect(queue.every((d) => d.attempts === 1)).toBe(true);
    const pushes = sent.map((line) => line.split(' ').slice(0, 2).join(' '));
    expect(pushes).toHaveLength(endpoints.length * OVERDUE);
    expect(new Set(pushes).size).toBe(pushes.length);
    expect(new Set(queue.map((d) => d.notificationId)).size).toBe(overdue.length);
  });

  it('a session opened through one process is used and ended through the other', async () => {
    const [a, b] = instances.map((i) => i.app) as [FastifyInstance, FastifyInstance];
    const user = await insertUser(database.handle.db);
    const token = await tokenFor(a, user);
    const me = (app: FastifyInstance) =>
      app.inject({ url: '/api/auth/me', headers: { authorization: token } });
    expect((await me(b)).statusCode).toBe(200);
    expect(
      (await b.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } }))
        .statusCode,
    ).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
  });
});
