import type { Executor } from '../../db/database.js';
import { AuthRepository } from './auth.repository.js';
import { announceSessionsChange, type SessionsEnded } from './session-events.js';

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

  /**
   * Every write to a user's row says so here, in the transaction that makes it: the user's sessions
   * are then read again from the database rather than answered from the session cache.
   */
  userChanged(userId: number): void {
    announceSessionsChange({ userId });
  },

  /** Sessions ended, as heard on SESSIONS_ENDED_CHANNEL (from any process, this one included). */
  ended(ended: SessionsEnded): void {
    announceSessionsChange(ended);
  },

  /** The listener was away and may have missed revocations: nothing kept in memory is trusted. */
  signalsMissed(): void {
    announceSessionsChange({ all: true });
  },

  /** Ends every session of the user but `keep` (the caller's own); answers how many were open. */
  revokeOthers(db: Executor, userId: number, keep: number, now: Date): Promise<number> {
    return new AuthRepository(db).revokeOtherSessionsOfUser(userId, keep, now);
  },
};
