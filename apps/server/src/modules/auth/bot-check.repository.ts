import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { appSettings, botCheckSolutions } from '../../db/schema.js';

/** The bot check's storage: its HMAC key in `app_settings` and the solutions already used. */
export class BotCheckRepository {
  constructor(private readonly db: Executor) {}

  /** Keeps `value` under `key` unless a value is already there; answers the value that is kept. */
  async keepSettingOnce(key: string, value: unknown): Promise<unknown> {
    await this.db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row!.value;
  }

  async forgetExpiredSolutions(now: Date): Promise<void> {
    await this.db.delete(botCheckSolutions).where(lt(botCheckSolutions.expiresAt, now));
  }

  /** Remembers a used solution by its signature; answers false when it was already remembered. */
  async rememberSolution(signature: string, expiresAt: Date): Promise<boolean> {
    const stored = await this.db
      .insert(botCheckSolutions)
      .values({ signature, expiresAt })
      .onConflictDoNothing()
      .returning({ signature: botCheckSolutions.signature });
    return stored.length > 0;
  }

  async countSolutions(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(botCheckSolutions);
    return row?.n ?? 0;
  }
}
