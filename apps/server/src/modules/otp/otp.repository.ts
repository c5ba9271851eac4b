import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { oneTimeCodes } from '../../db/schema.js';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type OneTimeCodePurpose = OneTimeCodeRow['purpose'];

export class OtpRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: typeof oneTimeCodes.$inferInsert): Promise<OneTimeCodeRow> {
    const [row] = await this.db.insert(oneTimeCodes).values(values).returning();
    return row!;
  }

  /** How many codes went to this address since `since`, and when the newest one did. */
  async sendsSince(
    purpose: OneTimeCodePurpose,
    subject: string,
    since: Date,
  ): Promise<{ count: number; latest: Date | null }> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        latest: sql<Date | null>`max(${oneTimeCodes.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.subject, subject),
          gte(oneTimeCodes.createdAt, since),
        ),
      );
    return { count: row?.count ?? 0, latest: row?.latest ?? null };
  }

  /** A new code replaces the earlier ones: only the latest code of an address works. */
  async retireOpen(purpose: OneTimeCodePurpose, subject: string, now: Date): Promise<void> {
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.subject, subject),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
  }

  /**
   * Spends one try of the newest open code of the address (not used, not expired, tries left) in
   * one statement and answers the code, or nothing when no code is open. The try is spent before the
   * code is compared, so concurrent guesses cannot all be compared against a count not yet written.
   */
  async claimTry(
    purpose: OneTimeCodePurpose,
    subject: string,
    now: Date,
    maxAttempts: number,
  ): Promise<OneTimeCodeRow | undefined> {
    const newestOpen = this.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.subject, subject),
          isNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, now),
          lt(oneTimeCodes.attempts, maxAttempts),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1);
    const [row] = await this.db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      // Checked again on the locked row: a concurrent try may have spent the last one meanwhile.
      .where(and(eq(oneTimeCodes.id, newestOpen), lt(oneTimeCodes.attempts, maxAttempts)))
      .returning();
    return row;
  }

  /** Gives back the try of a right code: only wrong codes count against it. */
  async releaseTry(id: number): Promise<void> {
    await this.db
      .update(oneTimeCodes)
      .set({ attempts: sql`greatest(${oneTimeCodes.attempts} - 1, 0)` })
      .where(eq(oneTimeCodes.id, id));
  }

  /**
   * Serialises the sends of one address until the transaction ends, so concurrent requests cannot
   * all pass the send limit before any of them has stored its code.
   */
  async lockSubject(purpose: OneTimeCodePurpose, subject: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${purpose}:${subject}`}, 0))`,
    );
  }

  async assignUser(id: number, userId: number): Promise<void> {
    await this.db.update(oneTimeCodes).set({ userId }).where(eq(oneTimeCodes.id, id));
  }

  /** Marks the code used; false when another request used it first. */
  async consume(
    id: number,
    now: Date,
    grant?: { grantHash: string; grantExpiresAt: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now, ...(grant ?? {}) })
      .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    return rows.length === 1;
  }

  async findOpenGrant(
    purpose: OneTimeCodePurpose,
    grantHash: string,
    now: Date,
  ): Promise<OneTimeCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.grantHash, grantHash),
          isNull(oneTimeCodes.grantUsedAt),
          gt(oneTimeCodes.grantExpiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** Uses the grant up; false when another request used it first. */
  async useGrant(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ grantUsedAt: now })
      .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.grantUsedAt)))
      .returning({ id: oneTimeCodes.id });
    return rows.length === 1;
  }
}
