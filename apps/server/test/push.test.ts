import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, auditEvents, pushDeliveries, pushSubscriptions } from '../src/db/schema.js';
import { PushService } from '../src/modules/push/push.service.js';
import { WebPushSender } from '../src/modules/push/push-sender.js';
import { defaultPushWorkerOptions, PushWorker } from '../src/modules/push/push-worker.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

// --------------------------------------------------------------------------------------------
// A local fake push service: an http server acting as the subscription endpoints. Each endpoint
// answers the statuses queued for it (201 once the queue is empty); 'slow' never answers in time.
// --------------------------------------------------------------------------------------------

interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type FakeAnswer = number | 'slow';

interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  answer(path: string, ...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, FakeAnswer[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const next = answers.get(path)?.shift() ?? 201;
      if (next === 'slow') {
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(201).end();
        }, 3000).unref();
        return;
      }
      res.writeHead(next).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...list) => answers.set(path, list),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --------------------------------------------------------------------------------------------
// A browser's side of a subscription: its P-256 key pair and auth secret, and RFC 8291 decryption.
// --------------------------------------------------------------------------------------------

interface FakeBrowser {
  ecdh: ECDH;
  authSecret: Buffer;
  keys: { p256dh: string; auth: string };
}

function fakeBrowser(): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) the way a browser does. */
function decryptPush(browser: FakeBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(browser.authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last-record delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: signed by the server's VAPID key, for this audience. */
function verifyVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, `Authorization header: ${header}`).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'));
  expect(payload.aud).toBe(audience);
  expect(payload.sub).toMatch(/^mailto:/);
}

// --------------------------------------------------------------------------------------------

let ctx: TestContext;
let fake: FakePushService;
const clock = new FakeClock();

beforeAll(async () => {
  fake = await startFakePushService();
  ctx = await createTestApp({
    clock,
    config: {
      PUSH_ALLOW_HTTP_ENDPOINTS: 'true',
      PUSH_TIMEOUT_MS: '300',
      MAIL_FROM: 'Inspecta <push@example.test>',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const fieldsOf = (body: { details?: Array<{ field: string }> }) =>
  [...new Set((body.details ?? []).map((d) => d.field))].sort();

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), 'user-agent': 'PushTest/1.0' },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

let pathCounter = 0;
/** A signed-in user with one browser registered at a fresh endpoint of the fake push service. */
async function registeredUser() {
  const user = await insertUser(ctx.db);
  const token = await tokenFor(ctx.app, user);
  const browser = fakeBrowser();
  const path = `/push/${++pathCounter}-${randomBytes(4).toString('hex')}`;
  const response = await call('POST', '/api/push/registrations', token, {
    endpoint: `${fake.origin}${path}`,
    keys: browser.keys,
    deviceLabel: 'Chrome on Linux',
  });
  expect(response.statusCode).toBe(201);
  return { user, token, browser, path, registrationId: response.json().registration.id as number };
}

const receivedAt = (path: string) => fake.received.filter((r) => r.path === path);

async function deliveriesOf(subscriptionId: number) {
  return ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, subscriptionId));
}

function notifyOne(userId: number, title = 'New administrator: Meera Iyer') {
  return ctx.app.services.notifications.create({
    userId,
    type: 'user.registered',
    title,
    body: 'Meera Iyer was added as an administrator',
    link: '/dashboard/user-management?user=12',
  });
}

describe('VAPID keys', () => {
  it('are generated once, kept in app_settings, and answered to signed-in users only', async () => {
    const { token } = await registeredUser();
    expect((await call('GET', '/api/push/vapid-public-key')).statusCode).toBe(401);
    const first = await call('GET', '/api/push/vapid-public-key', token);
    expect(first.statusCode).toBe(200);
    const publicKey = first.json().publicKey as string;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [kept] = await ctx.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect(kept?.value).toMatchObject({ publicKey });

    // Another server process on the same database (a restart, or a second instance) keeps the key.
    const another = new PushService(ctx.db, clock, { allowHttpEndpoints: false });
    expect((await another.publicKey()).publicKey).toBe(publicKey);
    expect((await call('GET', '/api/push/vapid-public-key', token)).json().publicKey).toBe(publicKey);
  });
});

describe('push registrations', () => {
  it('names each invalid field', async () => {
    const { token } = await registeredUser();
    const empty = await call('POST', '/api/push/registrations', token, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty.json())).toEqual(['endpoint', 'keys']);
    const bad = await call('POST', '/api/push/registrations', token, {
      endpoint: 'ftp://push.example.test/x',
      keys: { p256dh: 'not base64!', auth: '' },
      deviceLabel: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['deviceLabel', 'endpoint', 'keys.auth', 'keys.p256dh']);
    const halfPatch = await call('PATCH', '/api/push/registrations/1', token, {
      endpoint: `${fake.origin}/x`,
    });
    expect(halfPatch.statusCode).toBe(400);
    expect(fieldsOf(halfPatch.json())).toEqual(['keys']);
    expect((await call('POST', '/api/push/registrations', undefined, {})).statusCode).toBe(401);
  });

  it('creates (201), refreshes the same endpoint (200, same id), and audits without keys', async () => {
    const { user, token, browser, path, registrationId } = await registeredUser();
    const again = await call('POST', '/api/push/registrations', token, {
      endpoint: `${fake.origin}${path}`,
      keys: browser.keys,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().registration).toMatchObject({
      id: registrationId,
      deviceLabel: 'Chrome on Linux',
      pushService: fake.origin,
      lastSuccessAt: null,
    });
    const list = await call('GET', '/api/push/registrations', token);
    expect(list.json().registrations.map((r: { id: number }) => r.id)).toEqual([registrationId]);

    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, 'push_registration'),
          eq(auditEvents.entityId, String(registrationId)),
        ),
      )
      .orderBy(auditEvents.id);
    expect(audit.map((a) => a.action).sort()).toEqual([
      'push.registration_create',
      'push.registration_refresh',
    ]);
    expect(audit[0]?.actorId).toBe(user.id);
    const serialized = JSON.stringify(audit);
    expect(serialized).not.toContain(browser.keys.auth);
    expect(serialized).not.toContain(path);
  });

  it('moves an endpoint to the user who registers it next (a shared computer)', async () => {
    const first = await registeredUser();
    const second = await registeredUser();
    const moved = await call('POST', '/api/push/registrations', second.token, {
      endpoint: `${fake.origin}${first.path}`,
      keys: first.browser.keys,
    });
    expect(moved.statusCode).toBe(201);
    expect((await call('GET', '/api/push/registrations', first.token)).json().registrations).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${fake.origin}${first.path}`));
    expect(row?.userId).toBe(second.user.id);
  });

  it('refreshes (PATCH) and deletes only your own registrations; others answer 404', async () => {
    const mine = await registeredUser();
    const theirs = await registeredUser();
    const before = (
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, mine.registrationId))
    )[0]!;

    clock.advance(60_000);
    const rotated = fakeBrowser();
    const refreshed = await call('PATCH', `/api/push/registrations/${mine.registrationId}`, mine.token, {
      endpoint: `${fake.origin}${mine.path}-rotated`,
      keys: rotated.keys,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(new Date(refreshed.json().registration.refreshedAt).getTime()).toBeGreaterThan(
      before.refreshedAt.getTime(),
    );
    const after = (
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, mine.registrationId))
    )[0]!;
    expect(after).toMatchObject({
      endpoint: `${fake.origin}${mine.path}-rotated`,
      p256dh: rotated.keys.p256dh,
    });
    // An empty body only marks the registration as refreshed.
    expect(
      (await call('PATCH', `/api/push/registrations/${mine.registrationId}`, mine.token, {})).statusCode,
    ).toBe(200);

    expect(
      (await call('PATCH', `/api/push/registrations/${theirs.registrationId}`, mine.token, {})).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/push/registrations/${theirs.registrationId}`, mine.token)).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/api/push/registrations/99999999', mine.token, {})).statusCode).toBe(404);

    const removed = await call('DELETE', `/api/push/registrations/${mine.registrationId}`, mine.token);
    expect(removed.statusCode).toBe(200);
    expect(
      (await call('DELETE', `/api/push/registrations/${mine.registrationId}`, mine.token)).statusCode,
    ).toBe(404);
    const [deleteAudit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'push.registration_delete'),
          eq(auditEvents.entityId, String(mine.registrationId)),
        ),
      )
      .orderBy(auditEvents.id);
    expect(deleteAudit?.actorId).toBe(mine.user.id);
    // Theirs is untouched.
    expect((await call('GET', '/api/push/registrations', theirs.token)).json().registrations).toHaveLength(1);
  });
});

describe('sending', () => {
  it('queues a push with the notification and the worker delivers it encrypted, signed with VAPID', async () => {
    const { user, token, browser, path, registrationId } = await registeredUser();
    const publicKey = (await call('GET', '/api/push/vapid-public-key', token)).json().publicKey as string;
    const notification = await notifyOne(user.id);

    // The request only queued it: nothing reached the push service yet.
    expect(receivedAt(path)).toHaveLength(0);
    expect(await deliveriesOf(registrationId)).toMatchObject([{ status: 'queued', attempts: 0 }]);

    const result = await ctx.app.services.pushWorker.runOnce();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [push] = receivedAt(path);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBe(86_400);
    verifyVapid(push!.headers.authorization, publicKey, fake.origin);
    expect(push!.body.toString('utf8')).not.toContain('Meera');
    expect(JSON.parse(decryptPush(browser, push!.body))).toEqual({
      title: 'New administrator: Meera Iyer',
      body: 'Meera Iyer was added as an administrator',
      link: '/dashboard/user-management?user=12',
      tag: `notification-${notification.id}`,
      notificationId: notification.id,
    });
    expect(await deliveriesOf(registrationId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    const [subscription] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, registrationId));
    expect(subscription?.lastSuccessAt).not.toBeNull();
    expect(
      (await call('GET', '/api/push/registrations', token)).json().registrations[0].lastSuccessAt,
    ).not.toBeNull();

    // Sent once: another pass sends nothing more.
    await ctx.app.services.pushWorker.runOnce();
    expect(receivedAt(path)).toHaveLength(1);
  });

  it('sends nothing to a user who turned push off for that kind', async () => {
    const { user, token, path, registrationId } = await registeredUser();
    const saved = await call('PUT', '/api/auth/me/notification-preferences', token, {
      preferences: { 'user.registered': { inApp: true, push: false } },
    });
    expect(saved.statusCode).toBe(200);
    await notifyOne(user.id);
    expect(await deliveriesOf(registrationId)).toEqual([]);
    await ctx.app.services.pushWorker.runOnce();
    expect(receivedAt(path)).toHaveLength(0);
  });

  it('sends nothing for a notification whose transaction rolled back', async () => {
    const { user, path, registrationId } = await registeredUser();
    await expect(
      ctx.db.transaction(async (tx) => {
        await ctx.app.services.notifications.notify(tx, {
          recipients: [user.id],
          type: 'user.registered',
          title: 'Never happened',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(registrationId)).toEqual([]);
    await ctx.app.services.pushWorker.runOnce();
    expect(receivedAt(path)).toHaveLength(0);
  });

  it.each([410, 404])('removes a subscription the push service answers %i for', async (status) => {
    const { user, token, path, registrationId } = await registeredUser();
    fake.answer(path, status);
    await notifyOne(user.id);
    const result = await ctx.app.services.pushWorker.runOnce();
    expect(result.removed).toBe(1);
    expect(receivedAt(path)).toHaveLength(1);
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, registrationId)),
    ).toEqual([]);
    expect((await call('GET', '/api/push/registrations', token)).json().registrations).toEqual([]);
  });

  it('retries a 500 later, with backoff, and then delivers', async () => {
    const { user, path, registrationId } = await registeredUser();
    fake.answer(path, 500, 503);
    await notifyOne(user.id);

    expect((await ctx.app.services.pushWorker.runOnce()).retried).toBe(1);
    const [first] = await deliveriesOf(registrationId);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'push service answered 500' });
    const firstDelay = first!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(defaultPushWorkerOptions.retryBaseMs * 0.8 - 1);

    // Not due yet: a pass right away leaves it alone.
    await ctx.app.services.pushWorker.runOnce();
    expect(receivedAt(path)).toHaveLength(1);

    clock.advance(firstDelay + 1);
    expect((await ctx.app.services.pushWorker.runOnce()).retried).toBe(1);
    const [second] = await deliveriesOf(registrationId);
    const secondDelay = second!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThan(firstDelay * 1.2); // doubled, jitter aside

    clock.advance(secondDelay + 1);
    expect((await ctx.app.services.pushWorker.runOnce()).sent).toBe(1);
    expect(receivedAt(path)).toHaveLength(3);
    expect(await deliveriesOf(registrationId)).toMatchObject([{ status: 'sent', attempts: 3 }]);
    const [subscription] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, registrationId));
    expect(subscription).toMatchObject({ failureCount: 0, lastError: null });
  });

  it('gives a slow push service PUSH_TIMEOUT_MS and no more, then retries later', async () => {
    const { user, path, registrationId } = await registeredUser();
    fake.answer(path, 'slow');
    await notifyOne(user.id);
    const started = Date.now();
    const result = await ctx.app.services.pushWorker.runOnce();
    const took = Date.now() - started;
    expect(result.retried).toBe(1);
    expect(took).toBeLessThan(2000); // the fake answers after 3 s; the timeout is 300 ms
    expect(await deliveriesOf(registrationId)).toMatchObject([
      { status: 'queued', attempts: 1, lastError: 'no answer within 300 ms' },
    ]);
  });

  it('never slows the request: notify only inserts, even when the push service hangs', async () => {
    const { user, path } = await registeredUser();
    fake.answer(path, 'slow');
    const started = Date.now();
    await notifyOne(user.id);
    expect(Date.now() - started).toBeLessThan(250);
    expect(receivedAt(path)).toHaveLength(0);
  });

  it('sends each queued push once when two workers run at the same time', async () => {
    const people = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    // Settle whatever earlier tests left due, so only these three are counted.
    clock.advance(24 * 60 * 60 * 1000);
    await ctx.app.services.pushWorker.runOnce();
    for (const p of people) await notifyOne(p.user.id, `Race ${p.user.id}`);
    const second = new PushWorker(
      ctx.db,
      clock,
      new WebPushSender({ vapidSubject: 'mailto:push@example.test', timeoutMs: 300, ttlSeconds: 60 }),
      () => ctx.app.services.push.vapidKeys(),
      ctx.app.log,
      { ...defaultPushWorkerOptions, timeoutMs: 300, batchSize: 1 },
    );
    const [a, b] = await Promise.all([ctx.app.services.pushWorker.runOnce(), second.runOnce()]);
    expect(a.sent + b.sent).toBe(3);
    for (const p of people) expect(receivedAt(p.path)).toHaveLength(1);
  });
});

describe('https only by default', () => {
  it('refuses an http:// endpoint unless PUSH_ALLOW_HTTP_ENDPOINTS is set', async () => {
    const { user } = await registeredUser();
    const strict = new PushService(ctx.db, clock, { allowHttpEndpoints: false });
    const auth = { userId: user.id, userType: 'admin' as const, sessionId: 0, user: {} as never };
    await expect(
      strict.register(auth, { endpoint: `${fake.origin}/push/strict`, keys: fakeBrowser().keys }, {}),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'endpoint' }] });
    const accepted = await strict.register(
      auth,
      { endpoint: 'https://push.example.test/send/abc', keys: fakeBrowser().keys },
      {},
    );
    expect(accepted.created).toBe(true);
  });
});
