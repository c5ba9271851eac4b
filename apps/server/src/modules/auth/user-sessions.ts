import type { Executor } from '../../db/database.js';
import { AuthRepository } from './auth.repository.js';

/**
 * What the user administration and the settings may know and do about a user's sessions; sessions
 * stay the auth module's tables. Each runs on the caller's executor, so it joins its transaction.
 */
export const userSessions = {
  countActive(db: Executor, userId: number, now: Date): Promise<number> {
    return new AuthRepository(db).countActiveSessionsOfUser(userId, now);
  },

  /** Ends every session of the user; answers how many were open. */
  revokeAll(db: Executor, userId: number, now: Date): Promise<number> {
    return new AuthRepository(db).revokeAllSessionsOfUser(userId, now);
  },

  /** Ends every session of the user but `keep` (the caller's own); answers how many were open. */
  revokeOthers(db: Executor, userId: number, keep: number, now: Date): Promise<number> {
    return new AuthRepository(db).revokeOtherSessionsOfUser(userId, keep, now);
  },
};
