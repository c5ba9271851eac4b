import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../src/modules/delivery/mail-transport.js';
import { type EventStreamReader, openEventStream } from './helpers/event-stream.js';
import { codeOf, type SmtpInbox, startSmtpInbox } from './helpers/smtp-inbox.js';
import {
  type CreatedUser,
  createTestApp,
  insertUser,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
} from './helpers/test-app.js';

/**
 * Every way a session is revoked ends its realtime streams at once. The heartbeat (which also
 * re-checks the session) stays at its default 25 s here, so only the revocation itself can end a
 * stream within the second these tests allow.
 */
let ctx: TestContext;
let inbox: SmtpInbox;
let baseUrl: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ctx = await createTestApp({ mailTransport: createSmtpTransport(inbox.url) });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: token } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function openStreamAs(token: string): Promise<EventStreamReader> {
  const ticket = await call('POST', '/api/notifications/stream-ticket', token);
  expect(ticket.statusCode).toBe(200);
  const stream = await openEventStream(`${baseUrl}/api/notifications/stream?ticket=${ticket.json().ticket}`);
  expect(stream.status).toBe(200);
  // The stream is subscribed once its first comment arrived.
  await stream.waitForComment('connected');
  return stream;
}

/**
 * The stream got `end` and was closed by the server within 1 s of `revokedAt`; a notification
 * for the user after that (when they still exist) does not reach it.
 */
async function expectEndedAtOnce(
  stream: EventStreamReader,
  user: CreatedUser,
  revokedAt: number,
  { notifyAfter = true } = {},
) {
  const end = await stream.next('end', 1000);
  expect(JSON.parse(end.data)).toEqual({ reason: 'signed-out' });
  await stream.ended;
  expect(Date.now() - revokedAt).toBeLessThan(1000);
  if (!notifyAfter) return;
  await ctx.app.services.notifications.create({ userId: user.id, type: 'test', title: 'Too late' });
  expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(0);
}

describe('a revoked session loses its notification streams at once', () => {
  it('logout', async () => {
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const stream = await openStreamAs(token);
    try {
      const started = Date.now();
      expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(200);
      await expectEndedAtOnce(stream, me, started);
    } finally {
      stream.close();
    }
  });

  it('logout ends only the streams of that session', async () => {
    const me = await insertUser(ctx.db);
    const leaving = await tokenFor(ctx.app, me);
    const staying = await tokenFor(ctx.app, me);
    const gone = await openStreamAs(leaving);
    const kept = await openStreamAs(staying);
    try {
      const started = Date.now();
      expect((await call('POST', '/api/auth/logout', leaving)).statusCode).toBe(200);
      await expectEndedAtOnce(gone, me, started);
      const event = await kept.next('notification');
      expect(JSON.parse(event.data).notification.title).toBe('Too late');
      expect(kept.events.filter((e) => e.event === 'end')).toHaveLength(0);
    } finally {
      gone.close();
      kept.close();
    }
  });

  it('password reset', async () => {
    const me = await insertUser(ctx.db);
    const stream = await openStreamAs(await tokenFor(ctx.app, me));
    try {
      const before = inbox.countFor(me.email);
      expect(
        (await call('POST', '/api/auth/forgot-password', undefined, { email: me.email })).statusCode,
      ).toBe(200);
      const code = codeOf(await inbox.waitFor(me.email, { after: before }));
      const verified = await call('POST', '/api/auth/verify-otp', undefined, { email: me.email, code });
      expect(verified.statusCode).toBe(200);
      const started = Date.now();
      const reset = await call('POST', '/api/auth/reset-password', undefined, {
        token: verified.json().resetToken,
        password: 'Fresh-Harbour-Lantern-42',
      });
      expect(reset.statusCode).toBe(200);
      await expectEndedAtOnce(stream, me, started);
    } finally {
      stream.close();
    }
  });

  it('password change and "sign out other sessions" end the other sessions’ streams', async () => {
    const me = await insertUser(ctx.db);
    const current = await tokenFor(ctx.app, me);
    const first = await openStreamAs(await tokenFor(ctx.app, me));
    try {
      const started = Date.now();
      const changed = await call('POST', '/api/auth/change-password', current, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Fresh-Harbour-Lantern-42',
      });
      expect(changed.statusCode).toBe(200);
      await expectEndedAtOnce(first, me, started);
    } finally {
      first.close();
    }
    const moved = { ...me, password: 'Fresh-Harbour-Lantern-42' };
    const second = await openStreamAs(await tokenFor(ctx.app, moved));
    try {
      const started = Date.now();
      expect((await call('POST', '/api/auth/sessions/sign-out-others', current)).statusCode).toBe(200);
      await expectEndedAtOnce(second, me, started);
    } finally {
      second.close();
    }
  });

  it('deactivation and deletion by an administrator', async () => {
    const admin = await tokenFor(ctx.app, await insertUser(ctx.db));
    const deactivated = await insertUser(ctx.db, { userType: 'inspector' });
    const deleted = await insertUser(ctx.db, { userType: 'inspector' });
    const first = await openStreamAs(await tokenFor(ctx.app, deactivated));
    const second = await openStreamAs(await tokenFor(ctx.app, deleted));
    try {
      let started = Date.now();
      const status = await call('PATCH', `/api/admin/update-user-status/${deactivated.id}`, admin, {
        status: 'inactive',
      });
      expect(status.statusCode).toBe(200);
      await expectEndedAtOnce(first, deactivated, started);
      started = Date.now();
      expect((await call('DELETE', `/api/admin/deleteuser/${deleted.id}`, admin)).statusCode).toBe(200);
      await expectEndedAtOnce(second, deleted, started, { notifyAfter: false });
    } finally {
      first.close();
      second.close();
    }
  });
});
