import { and, count, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { loginThrottle, sessions, users } from '../../db/schema.js';
import { announceSessionsChange, SESSION_IDS_PER_SIGNAL, SESSIONS_ENDED_CHANNEL } from './session-events.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
type ActiveSessionStatement = ReturnType<typeof prepareActiveSession>;
export type ThrottleKind = (typeof loginThrottle.$inferSelect)['kind'];

export class AuthRepository {
  private activeSessionStatement?: ActiveSessionStatement;

  constructor(private readonly db: Executor) {}

  async findLiveUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** A user's row by id, deleted or not (the caller decides what a deleted user may do). */
  async findUserById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findLiveUserByPhone(phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }

  /**
   * Every authenticated request runs this lookup, so it is built once and sent as a named prepared
   * statement: the query is not rebuilt by Drizzle, nor parsed and planned by PostgreSQL, per request.
   */
  async findActiveSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    this.activeSessionStatement ??= prepareActiveSession(this.db);
    const [row] = await this.activeSessionStatement.execute({ tokenHash, now });
    return row;
  }

  async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  async extendSession(id: number, lastUsedAt: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, id));
  }

  /**
   * Every revocation of a session goes through here: it marks the open sessions `where` picks as
   * revoked and announces them on SESSIONS_ENDED_CHANNEL in the same transaction, so the
   * realtime streams of those sessions end in every process as soon as the change commits.
   * Answers how many sessions were ended.
   */
  private async revokeWhere(where: SQL | undefined, now: Date): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(where, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id, userId: sessions.userId });
    const byUser = new Map<number, number[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id]);
    for (const [userId, ids] of byUser) {
      announceSessionsChange({ userId, sessionIds: ids });
      for (let at = 0; at < ids.length; at += SESSION_IDS_PER_SIGNAL) {
        const payload = JSON.stringify({ userId, sessionIds: ids.slice(at, at + SESSION_IDS_PER_SIGNAL) });
        await this.db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${payload})`);
      }
    }
    return rows.length;
  }

  async revokeSession(id: number, now: Date): Promise<void> {
    await this.revokeWhere(eq(sessions.id, id), now);
  }

  /**
   * Ends every open session of a user at once (deactivation, deletion, password reset). Run it in
   * the same transaction as the change that requires it. Answers how many sessions were ended.
   */
  async revokeAllSessionsOfUser(userId: number, now: Date): Promise<number> {
    return this.revokeWhere(eq(sessions.userId, userId), now);
  }

  /** Ends every open session of the user except `keep` (password change, sign out other sessions). */
  async revokeOtherSessionsOfUser(userId: number, keep: number, now: Date): Promise<number> {
    return this.revokeWhere(and(eq(sessions.userId, userId), ne(sessions.id, keep)), now);
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
   * Claims one sign-in attempt for a key in one statement, before the password is checked, so
   * concurrent guesses cannot all pass a count that is not written yet. Every claim counts as a
   * failure until the caller gives it back; the claim that reaches `max` also locks the key, for
   * longer at each further claim. Answers false (nothing counted) while the key is locked. The count
   * restarts when the previous attempt is older than the window, so an old mistake does not lock
   * anyone out weeks later.
   */
  async claimAttempt(
    kind: ThrottleKind,
    key: string,
    claim: { now: Date; windowStart: Date; max: number; firstLockMs: number; maxLockMs: number },
  ): Promise<boolean> {
    const { now, windowStart, max, firstLockMs, maxLockMs } = claim;
    const next = sql`case when ${loginThrottle.lastFailureAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`;
    const lockAt = (failures: SQL) =>
      sql`case when ${failures} >= ${max} then ${now}::timestamptz + least(${firstLockMs}::float8 * power(2, ${failures} - ${max}), ${maxLockMs}::float8) * interval '1 millisecond' end`;
    const rows = await this.db
      .insert(loginThrottle)
      .values({
        kind,
        key,
        failures: 1,
        lastFailureAt: now,
        lockedUntil: max <= 1 ? new Date(now.getTime() + firstLockMs) : null,
      })
      .onConflictDoUpdate({
        target: [loginThrottle.kind, loginThrottle.key],
        set: { failures: next, lastFailureAt: now, lockedUntil: lockAt(next) },
        setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${now}`,
      })
      .returning({ failures: loginThrottle.failures });
    return rows.length === 1;
  }

  /**
   * Gives back a claim whose password was right: it was no failure. Any lock on the key now is the
   * one this claim set (a claim only passes an unlocked key, and its lock refuses the others), so
   * it goes too.
   */
  async releaseAttempt(kind: ThrottleKind, key: string): Promise<void> {
    await this.db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, lockedUntil: null })
      .where(and(eq(loginThrottle.kind, kind), eq(loginThrottle.key, key)));
  }

  async clearThrottle(kind: ThrottleKind, key: string): Promise<void> {
    await this.db.delete(loginThrottle).where(and(eq(loginThrottle.kind, kind), eq(loginThrottle.key, key)));
  }
}

/** The session lookup with the token's hash and the time as placeholders (see findActiveSession). */
function prepareActiveSession(db: Executor) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('auth_find_active_session');
}
