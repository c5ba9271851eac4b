import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { requestRateLimit } from '../db/schema.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit in PostgreSQL, so server processes sharing one database share each
 * address's budget. Fixed windows aligned to the clock: one row per key and window, bumped by one
 * atomic upsert per request. Rows of past windows are deleted at most once per window and process,
 * with one indexed delete.
 */
export function postgresRateLimitStore(db: Database) {
  let prunedBefore = 0;
  // Every request runs the upsert: built once and sent as a named prepared statement, so neither
  // Drizzle nor PostgreSQL's planner repeats its work per request.
  const hit = db
    .insert(requestRateLimit)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), hits: 1 })
    .onConflictDoUpdate({
      target: [requestRateLimit.key, requestRateLimit.windowStart],
      set: { hits: sql`${requestRateLimit.hits} + 1` },
    })
    .returning({ hits: requestRateLimit.hits })
    .prepare('rate_limit_hit');

  class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = Date.now();
      const windowStart = Math.floor(now / timeWindow) * timeWindow;
      const ttl = windowStart + timeWindow - now;
      hit
        .execute({ key, windowStart: new Date(windowStart) })
        .then(([row]) => callback(null, { current: row!.hits, ttl }), callback);
      if (windowStart > prunedBefore) {
        prunedBefore = windowStart;
        // Best effort: a failed clean-up only leaves rows for the next window's.
        db.delete(requestRateLimit)
          .where(lt(requestRateLimit.windowStart, new Date(windowStart)))
          .catch(() => undefined);
      }
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  }
  return PostgresRateLimitStore;
}
