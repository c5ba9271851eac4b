import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { userSessions } from '../auth/index.js';

type UserRow = typeof users.$inferSelect;

/** The queries of the own-account changes (the email change): the signed-in user's row. */
export class AccountRepository {
  constructor(private readonly db: Executor) {}

  async findLiveUser(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  /** Whether another live account already uses this (lower-cased) email. */
  async emailTakenByAnother(email: string, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt), ne(users.id, userId)))
      .limit(1);
    return !!row;
  }

  /** The user's row, locked until the transaction ends (deleted users included: the caller decides). */
  async lockUser(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  async updateEmail(id: number, email: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ email, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    userSessions.userChanged(id);
    return row;
  }
}
