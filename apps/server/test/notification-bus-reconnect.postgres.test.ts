import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNEL } from '../src/modules/notifications/notification-bus.js';
import { openEventStream } from './helpers/event-stream.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/**
 * Runs on PostgreSQL only: the bus's LISTEN connection is lost (database restart, network). What
 * was announced while it was away never reaches the open streams, so they are closed when it is
 * back: each browser reconnects with a fresh ticket and refetches its list (docs/notifications.md),
 * and nothing is lost.
 */
let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

async function openStreamFor(token: string) {
  const ticket = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/stream-ticket',
    headers: { authorization: token },
  });
  const stream = await openEventStream(`${baseUrl}/api/notifications/stream?ticket=${ticket.json().ticket}`);
  await stream.waitForComment('connected');
  return stream;
}

describe('the notification bus loses its connection', () => {
  it('closes the open streams once it listens again (without "end"), and new streams deliver', async () => {
    const me = await insertUser(ctx.db);
    const token = await tokenFor(ctx.app, me);
    const stream = await openStreamFor(token);
    try {
      const killed = (await ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike ${`%LISTEN ${NOTIFICATION_CHANNEL}%`}`,
      )) as unknown as { rows: unknown[] };
      expect(killed.rows).toHaveLength(1);
      await stream.ended;
      expect(stream.events.filter((e) => e.event === 'end')).toHaveLength(0);
    } finally {
      stream.close();
    }

    const again = await openStreamFor(token);
    try {
      await ctx.app.services.notifications.create({ userId: me.id, type: 'test', title: 'After the gap' });
      const event = await again.next('notification');
      expect(JSON.parse(event.data).notification.title).toBe('After the gap');
    } finally {
      again.close();
    }
  });
});
