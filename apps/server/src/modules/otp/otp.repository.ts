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

  /** The newest code of the address that is still open: not used, not expired, tries left. */
  async findOpen(
    purpose: OneTimeCodePurpose,
    subject: string,
    now: Date,
    maxAttempts: number,
  ): Promise<OneTimeCodeRow | undefined> {
    const [row] = await this.db
      .select()
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
    return row;
  }

  /** Counts a wrong try atomically; answers the tries used, or null when the code was already dead. */
  async addAttempt(id: number, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.attempts, maxAttempts)))
      .returning({ attempts: oneTimeCodes.attempts });
    return row?.attempts ?? null;
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
