import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { appSettings, sessions, userNotificationPreferences, users } from '../../db/schema.js';
import { userSessions } from '../auth/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  // app_settings ------------------------------------------------------------------------------

  async getSetting(key: string, lock = false): Promise<unknown> {
    const query = this.db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.value;
  }

  async putSetting(key: string, value: unknown, now: Date): Promise<void> {
    await this.db
      .insert(appSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
  }

  // Notification preferences ------------------------------------------------------------------

  async getPreferences(userId: number, lock = false): Promise<Record<string, unknown> | undefined> {
    const query = this.db
      .select()
      .from(userNotificationPreferences)
      .where(eq(userNotificationPreferences.userId, userId))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.preferences as Record<string, unknown> | undefined;
  }

  async putPreferences(userId: number, preferences: unknown, now: Date): Promise<void> {
    await this.db
      .insert(userNotificationPreferences)
      .values({ userId, preferences, updatedAt: now })
      .onConflictDoUpdate({
        target: userNotificationPreferences.userId,
        set: { preferences, updatedAt: now },
      });
  }

  // The account -------------------------------------------------------------------------------

  async findLiveUser(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  async lockLiveUser(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('update')
      .limit(1);
    return row;
  }

  async updateUser(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    userSessions.userChanged(id);
    return row!;
  }

  async activeSessions(userId: number, now: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  }
}
