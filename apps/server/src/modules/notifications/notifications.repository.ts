import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { indexOrder } from '../../db/query-helpers.js';
import {
  notificationStreamTickets,
  notifications,
  sessions,
  userNotificationPreferences,
  users,
} from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationsRepository {
  constructor(private readonly db: Executor) {}

  async listForUser(userId: number, offset: number, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(indexOrder(notifications.id, true))
      .offset(offset)
      .limit(limit);
  }

  async countForUser(userId: number): Promise<{ total: number; unread: number }> {
    const [totals] = await this.db
      .select({ total: count() })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    const [unread] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return { total: totals?.total ?? 0, unread: unread?.unread ?? 0 };
  }

  async findById(id: number): Promise<NotificationRow | undefined> {
    const [row] = await this.db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
    return row;
  }

  async findOwn(userId: number, id: number, lock = false): Promise<NotificationRow | undefined> {
    const query = this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values(values).returning();
    return row!;
  }

  async insertMany(values: (typeof notifications.$inferInsert)[]): Promise<NotificationRow[]> {
    if (values.length === 0) return [];
    return this.db.insert(notifications).values(values).returning();
  }

  async markRead(id: number, now: Date): Promise<NotificationRow> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(eq(notifications.id, id))
      .returning();
    return row!;
  }

  async markAllRead(userId: number, now: Date): Promise<number[]> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(notifications).where(eq(notifications.id, id));
  }

  /** Active administrators (the recipients of office-wide events). */
  async activeAdminIds(): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)));
    return rows.map((r) => r.id);
  }

  /** Of these users, the ones that are live (not deleted); notifications go only to them. */
  async liveUserIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
    return rows.map((r) => r.id);
  }

  /** Of these users, the ones who switched this kind off in the app (Settings → Notifications). */
  async optedOutInApp(ids: number[], type: string): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: userNotificationPreferences.userId })
      .from(userNotificationPreferences)
      .where(
        and(
          inArray(userNotificationPreferences.userId, ids),
          sql`${userNotificationPreferences.preferences} -> ${type} ->> 'inApp' = 'false'`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * Of these users, the ones an e-mail of this kind goes to: active, live, and not switched off for
   * e-mail (no stored choice means on).
   */
  async emailRecipients(
    ids: number[],
    type: string,
  ): Promise<Array<{ id: number; email: string; firstName: string }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, users.id))
      .where(
        and(
          inArray(users.id, ids),
          isNull(users.deletedAt),
          eq(users.status, 'active'),
          sql`coalesce(${userNotificationPreferences.preferences} -> ${type} ->> 'email', 'true') <> 'false'`,
        ),
      );
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  // Stream tickets ----------------------------------------------------------------------------

  async insertTicket(values: typeof notificationStreamTickets.$inferInsert): Promise<void> {
    await this.db.insert(notificationStreamTickets).values(values);
  }

  /** Spends a ticket (single use): answers its session when it was valid, and deletes it either way. */
  async consumeTicket(ticketHash: string, now: Date): Promise<{ sessionId: number } | undefined> {
    const [row] = await this.db
      .delete(notificationStreamTickets)
      .where(eq(notificationStreamTickets.ticketHash, ticketHash))
      .returning({
        sessionId: notificationStreamTickets.sessionId,
        expiresAt: notificationStreamTickets.expiresAt,
      });
    if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
    return { sessionId: row.sessionId };
  }

  async deleteExpiredTickets(now: Date): Promise<void> {
    await this.db.delete(notificationStreamTickets).where(lt(notificationStreamTickets.expiresAt, now));
  }

  /** The user of a session that is still open (not revoked or expired, user active and live). */
  async liveSessionUser(sessionId: number, now: Date): Promise<{ userId: number } | undefined> {
    const [row] = await this.db
      .select({ userId: users.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNull(users.deletedAt),
          eq(users.status, 'active'),
        ),
      )
      .limit(1);
    return row;
  }
}
