import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  appSettings,
  pushDeliveries,
  pushSubscriptions,
  userNotificationPreferences,
} from '../../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushDeliveryRow = typeof pushDeliveries.$inferSelect;
export type NewPushDeliveryRow = typeof pushDeliveries.$inferInsert;

/** A claimed delivery with the subscription it goes to. */
export interface ClaimedDelivery {
  delivery: PushDeliveryRow;
  subscription: PushSubscriptionRow;
}

export class PushRepository {
  constructor(private readonly db: Executor) {}

  // VAPID keys ----------------------------------------------------------------------------------

  /** Keeps `value` under `key` unless a value is already there; answers the value that is kept. */
  async findSetting(key: string): Promise<unknown> {
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value;
  }

  async keepSettingOnce(key: string, value: unknown): Promise<unknown> {
    await this.db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value;
  }

  // Registrations -------------------------------------------------------------------------------

  async findById(id: number, lock = false): Promise<PushSubscriptionRow | undefined> {
    const query = this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async findByEndpoint(endpoint: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
      .limit(1)
      .for('update');
    return row;
  }

  async listForUser(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.id));
  }

  async insert(values: typeof pushSubscriptions.$inferInsert): Promise<PushSubscriptionRow> {
    const [row] = await this.db.insert(pushSubscriptions).values(values).returning();
    return row!;
  }

  async update(
    id: number,
    values: Partial<typeof pushSubscriptions.$inferInsert>,
  ): Promise<PushSubscriptionRow> {
    const [row] = await this.db
      .update(pushSubscriptions)
      .set(values)
      .where(eq(pushSubscriptions.id, id))
      .returning();
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /**
   * The subscriptions of these users who want push for this kind. Mirrors
   * `SettingsService.wantsPush` (a kind is on until its `push` is stored as false) but runs on the
   * caller's transaction, so the queue rows commit with the notification.
   */
  async subscriptionsWantingPush(userIds: number[], type: string): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ subscription: pushSubscriptions })
      .from(pushSubscriptions)
      .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, pushSubscriptions.userId))
      .where(
        and(
          inArray(pushSubscriptions.userId, userIds),
          sql`coalesce(${userNotificationPreferences.preferences} -> ${type} ->> 'push', 'true') <> 'false'`,
        ),
      )
      .orderBy(asc(pushSubscriptions.id));
    return rows.map((r) => r.subscription);
  }

  // The queue -----------------------------------------------------------------------------------

  async enqueue(rows: NewPushDeliveryRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(pushDeliveries).values(rows);
  }

  /**
   * Claims up to `limit` due deliveries for this process: rows another process holds are skipped
   * (FOR UPDATE SKIP LOCKED), and the lease in `locked_until` keeps them ours after the commit
   * while we send. A process that dies mid-send leaves the lease to expire; another one retries.
   * Call inside a transaction.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const due = await this.db
      .select({ id: pushDeliveries.id })
      .from(pushDeliveries)
      .where(
        and(
          eq(pushDeliveries.status, 'queued'),
          lte(pushDeliveries.nextAttemptAt, now),
          or(isNull(pushDeliveries.lockedUntil), lt(pushDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(pushDeliveries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await this.db
      .update(pushDeliveries)
      .set({ lockedUntil: leaseUntil, attempts: sql`${pushDeliveries.attempts} + 1` })
      .where(
        inArray(
          pushDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const subscriptions = await this.db
      .select()
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.id,
          claimed.map((c) => c.subscriptionId),
        ),
      );
    const byId = new Map(subscriptions.map((s) => [s.id, s]));
    return claimed
      .sort((a, b) => a.id - b.id)
      .flatMap((delivery) => {
        const subscription = byId.get(delivery.subscriptionId);
        return subscription ? [{ delivery, subscription }] : [];
      });
  }

  async markSent(deliveryId: number, subscriptionId: number, now: Date): Promise<void> {
    await this.db
      .update(pushDeliveries)
      .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
      .where(eq(pushDeliveries.id, deliveryId));
    await this.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failureCount: 0, lastError: null })
      .where(eq(pushSubscriptions.id, subscriptionId));
  }

  /** Puts the delivery back in the queue for `nextAttemptAt`, or gives up when that is null. */
  async markFailed(
    deliveryId: number,
    subscriptionId: number,
    error: string,
    nextAttemptAt: Date | null,
  ): Promise<void> {
    await this.db
      .update(pushDeliveries)
      .set(
        nextAttemptAt
          ? { status: 'queued', nextAttemptAt, lockedUntil: null, lastError: error.slice(0, 500) }
          : { status: 'failed', lockedUntil: null, lastError: error.slice(0, 500) },
      )
      .where(eq(pushDeliveries.id, deliveryId));
    await this.db
      .update(pushSubscriptions)
      .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1`, lastError: error.slice(0, 500) })
      .where(eq(pushSubscriptions.id, subscriptionId));
  }

  /** Sent and failed rows older than `before` (the queue is not a history). */
  async pruneFinished(before: Date): Promise<void> {
    await this.db
      .delete(pushDeliveries)
      .where(and(inArray(pushDeliveries.status, ['sent', 'failed']), lt(pushDeliveries.createdAt, before)));
  }
}
