import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications, sessions } from '../src/db/schema.js';
import { openEventStream } from './helpers/event-stream.js';
import {
  createTestApp,
  insertUser,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
  uniqueEmail,
} from './helpers/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ config: { NOTIFICATION_HEARTBEAT_SECONDS: '0.2' } });
});
afterAll(() => ctx.close());

async function listFor(token: string, query = '') {
  const response = await ctx.app.inject({
    url: `/api/get/notification${query}`,
    headers: { authorization: token },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    notifications: {
      id: number;
      title: string;
      type: string;
      body: string;
      link: string | null;
      readAt: string | null;
    }[];
    unread: number;
    pagination: { page: number; limit: number; total: number };
  };
}

describe('GET /api/get/notification', () => {
  it("lists only the caller's notifications, newest first, with paging and the unread count", async () => {
    const me = await insertUser(ctx.db);
    const someoneElse = await insertUser(ctx.db);
    const service = ctx.app.services.notifications;
    for (let i = 1; i <= 3; i++) await service.create({ userId: me.id, type: 'test', title: `Mine ${i}` });
    await service.create({ userId: someoneElse.id, type: 'test', title: 'Not mine' });
    const token = await tokenFor(ctx.app, me);

    const body = await listFor(token, '?limit=2');
    expect(body.notifications.map((n) => n.title)).toEqual(['Mine 3', 'Mine 2']);
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    expect(body.unread).toBe(3);
    expect(body.notifications[0]).toMatchObject({ type: 'test', body: '', link: null, readAt: null });

    const page2 = await listFor(token, '?limit=2&page=2');
    expect(page2.notifications.map((n) => n.title)).toEqual(['Mine 1']);
  });

  it('refuses bad paging values naming the field', async () => {
    const token = await tokenFor(ctx.app, await insertUser(ctx.db));
    const response = await ctx.app.inject({
      url: '/api/get/notification?limit=1000',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('limit');
  });

  it('requires a session', async () => {
    expect((await ctx.app.inject({ url: '/api/get/notification' })).statusCode).toBe(401);
  });
});

describe('trigger: a new user registered', () => {
  it('notifies every other active administrator, in the same transaction as the user', async () => {
    const actor = await insertUser(ctx.db, { firstName: 'Asha', lastName: 'Rao' });
    const colleague = await insertUser(ctx.db);
    const inactiveAdmin = await insertUser(ctx.db, { status: 'inactive' });
    const inspector = await insertUser(ctx.db, { userType: 'inspector' });
    const actorToken = await tokenFor(ctx.app, actor);
    const email = uniqueEmail('new.admin');

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: { authorization: actorToken },
      payload: { userType: 'admin', firstName: 'Meera', lastName: 'Iyer', email, password: TEST_PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const newId = created.json().user.id as number;

    const forColleague = await listFor(await tokenFor(ctx.app, colleague));
    expect(forColleague.notifications[0]).toMatchObject({
      type: 'user.registered',
      title: 'New administrator: Meera Iyer',
      body: `Asha Rao registered ${email}.`,
      link: `/dashboard/user-management?user=${newId}`,
      readAt: null,
    });
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.type, 'user.registered'));
    const recipientsOfThis = rows.filter((r) => r.link === `/dashboard/user-management?user=${newId}`);
    const ids = recipientsOfThis.map((r) => r.userId);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(actor.id);
    expect(ids).not.toContain(inactiveAdmin.id);
    expect(ids).not.toContain(inspector.id);
    expect(ids).not.toContain(newId);

    // A registration that fails (duplicate email) notifies nobody.
    const before = (await ctx.db.select().from(notifications)).length;
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: { authorization: actorToken },
      payload: { userType: 'admin', firstName: 'Again', lastName: 'Iyer', email, password: TEST_PASSWORD },
    });
    expect(duplicate.statusCode).toBe(409);
    expect((await ctx.db.select().from(notifications)).length).toBe(before);
  });
});

describe('mark read, mark all read, delete', () => {
  it('marks one read (idempotent), writes an audit event, and refuses other people’s notifications', async () => {
    const me = await insertUser(ctx.db);
    const other = await insertUser(ctx.db);
    const mine = await ctx.app.services.notifications.create({
      userId: me.id,
      type: 'test',
      title: 'Read me',
    });
    const theirs = await ctx.app.services.notifications.create({
      userId: other.id,
      type: 'test',
      title: 'No',
    });
    const token = await tokenFor(ctx.app, me);

    const read = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${mine.id}/read`,
      headers: { authorization: token },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().notification.readAt).not.toBeNull();
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${mine.id}/read`,
      headers: { authorization: token },
    });
    expect(again.json().notification.readAt).toBe(read.json().notification.readAt);

    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'notification.read'), eq(auditEvents.entityId, String(mine.id))))
      .orderBy(auditEvents.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(me.id);

    for (const [method, url] of [
      ['PATCH', `/api/notifications/${theirs.id}/read`],
      ['DELETE', `/api/notifications/${theirs.id}`],
      ['PATCH', '/api/notifications/999999999/read'],
      ['DELETE', '/api/notifications/999999999'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { authorization: token } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const badId = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/abc/read',
      headers: { authorization: token },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].field).toBe('id');
  });

  it('marks all of mine read and leaves other people’s alone', async () => {
    const me = await insertUser(ctx.db);
    const other = await insertUser(ctx.db);
    for (let i = 0; i < 3; i++) {
      await ctx.app.services.notifications.create({ userId: me.id, type: 'test', title: `M${i}` });
    }
    await ctx.app.services.notifications.create({ userId: other.id, type: 'test', title: 'Theirs' });
    const token = await tokenFor(ctx.app, me);

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { authorization: token },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ message: '3 notifications marked as read', updated: 3 });
    expect((await listFor(token)).unread).toBe(0);
    expect((await listFor(await tokenFor(ctx.app, other))).unread).toBe(1);

    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { authorization: token },
    });
    expect(none.json().updated).toBe(0);
  });

  it('deletes one of mine with an audit event', async () => {
    const me = await insertUser(ctx.db);
    const gone = await ctx.app.services.notifications.create({ userId: me.id, type: 'test', title: 'Gone' });
    const kept = await ctx.app.services.notifications.create({ userId: me.id, type: 'test', title: 'Kept' });
    const token = await tokenFor(ctx.app, me);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${gone.id}`,
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Notification deleted' });
    expect((await listFor(token)).notifications.map((n) => n.id)).toEqual([kept.id]);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'notification.delete'), eq(auditEvents.entityId, String(gone.id))))
      .orderBy(auditEvents.id);
    expect(audits[0]?.before).toMatchObject({ title: 'Gone' });
  });

  it('requires a session for every change', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
      ['DELETE', '/api/notifications/1'],
      ['POST', '/api/notifications/stream-ticket'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('the realtime stream', () => {
  let baseUrl: string;

  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  async function ticketFor(token: string): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    return response.json().ticket as string;
  }

  it('delivers a new notification to its user at once, and not to anyone else', async () => {
    const me = await insertUser(ctx.db);
    const other = await insertUser(ctx.db);
    const mine = await openEventStream(
      `${baseUrl}/api/notifications/stream?ticket=${await ticketFor(await tokenFor(ctx.app, me))}`,
    );
    const theirs = await openEventStream(
      `${baseUrl}/api/notifications/stream?ticket=${await ticketFor(await tokenFor(ctx.app, other))}`,
    );
    try {
      expect(mine.status).toBe(200);
      expect(mine.contentType).toContain('text/event-stream');
      const created = await ctx.app.services.notifications.create({
        userId: me.id,
        type: 'test',
        title: 'Straight to you',
        link: '/dashboard/site-management',
      });
      const event = await mine.next('notification');
      expect(JSON.parse(event.data).notification).toMatchObject({
        id: created.id,
        title: 'Straight to you',
        link: '/dashboard/site-management',
      });
      expect(event.id).toBe(String(created.id));
      // Heartbeats keep the connection open; the other user's stream sees no notification.
      await mine.waitForComment('heartbeat');
      expect(theirs.events.filter((e) => e.event === 'notification')).toHaveLength(0);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('does not deliver a notification whose transaction rolled back', async () => {
    const me = await insertUser(ctx.db);
    const stream = await openEventStream(
      `${baseUrl}/api/notifications/stream?ticket=${await ticketFor(await tokenFor(ctx.app, me))}`,
    );
    try {
      await ctx.db
        .transaction(async (tx) => {
          await ctx.app.services.notifications.notify(tx, {
            recipients: [me.id],
            type: 'user.registered',
            title: 'Never',
          });
          throw new Error('roll back');
        })
        .catch(() => {});
      await ctx.app.services.notifications.create({ userId: me.id, type: 'test', title: 'After' });
      const event = await stream.next('notification');
      expect(JSON.parse(event.data).notification.title).toBe('After');
      expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('refuses a missing, unknown or reused ticket, and a ticket of a signed-out session', async () => {
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    expect((await fetch(`${baseUrl}/api/notifications/stream`)).status).toBe(400);
    expect((await fetch(`${baseUrl}/api/notifications/stream?ticket=${'x'.repeat(43)}`)).status).toBe(401);

    const ticket = await ticketFor(token);
    const first = await openEventStream(`${baseUrl}/api/notifications/stream?ticket=${ticket}`);
    first.close();
    expect(first.status).toBe(200);
    const reused = await fetch(`${baseUrl}/api/notifications/stream?ticket=${ticket}`);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { code: string }).code).toBe('UNAUTHENTICATED');

    const late = await ticketFor(token);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } });
    expect((await fetch(`${baseUrl}/api/notifications/stream?ticket=${late}`)).status).toBe(401);
  });

  it('ends the stream when its session is signed out', async () => {
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const stream = await openEventStream(
      `${baseUrl}/api/notifications/stream?ticket=${await ticketFor(token)}`,
    );
    try {
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: token },
      });
      expect(logout.statusCode).toBe(200);
      const end = await stream.next('end');
      expect(JSON.parse(end.data)).toEqual({ reason: 'signed-out' });
      await stream.ended;
    } finally {
      stream.close();
    }
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(open[0]?.revokedAt).not.toBeNull();
  });
});
