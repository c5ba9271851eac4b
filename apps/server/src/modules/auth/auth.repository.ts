import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { loginThrottle, sessions, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ThrottleKind = (typeof loginThrottle.$inferSelect)['kind'];

export class AuthRepository {
  constructor(private readonly db: Executor) {}

  async findLiveUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  async findActiveSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNull(users.deletedAt),
          eq(users.status, 'active'),
        ),
      )
      .limit(1);
    return row;
  }

  async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  async extendSession(id: number, lastUsedAt: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, id));
  }

  async revokeSession(id: number, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /**
   * Ends every open session of a user at once (deactivation, deletion). Run it in the same
   * transaction as the change that requires it. Answers how many sessions were ended.
   */
  async revokeAllSessionsOfUser(userId: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** Sessions of a user that still let them in: not revoked and not expired. */
  async countActiveSessionsOfUser(userId: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row?.n ?? 0;
  }

  async recordLogin(userId: number, now: Date): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  }

  async findThrottle(kind: ThrottleKind, key: string) {
    const [row] = await this.db
      .select()
      .from(loginThrottle)
      .where(and(eq(loginThrottle.kind, kind), eq(loginThrottle.key, key)))
      .limit(1);
    return row;
  }

  /**
   * Counts one failure atomically; the count restarts when the previous failure is older than
   * the window, so an old mistake does not lock anyone out weeks later.
   */
  async addFailure(kind: ThrottleKind, key: string, now: Date, windowStart: Date): Promise<number> {
    const [row] = await this.db
      .insert(loginThrottle)
      .values({ kind, key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [loginThrottle.kind, loginThrottle.key],
        set: {
          failures: sql`case when ${loginThrottle.lastFailureAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: loginThrottle.failures });
    return row!.failures;
  }

  async lockThrottle(kind: ThrottleKind, key: string, until: Date): Promise<void> {
    await this.db
      .update(loginThrottle)
      .set({ lockedUntil: until })
      .where(and(eq(loginThrottle.kind, kind), eq(loginThrottle.key, key)));
  }

  async clearThrottle(kind: ThrottleKind, key: string): Promise<void> {
    await this.db.delete(loginThrottle).where(and(eq(loginThrottle.kind, kind), eq(loginThrottle.key, key)));
  }
}
