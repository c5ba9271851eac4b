import { EventEmitter } from 'node:events';

/**
 * The PostgreSQL channel on which the auth module announces ended sessions. The payload is
 * `{ userId, sessionIds }`; it is sent with `pg_notify` in the transaction that revokes them, so
 * every server process hears it when (and only if) the revocation commits.
 */
export const SESSIONS_ENDED_CHANNEL = 'inspecta_sessions_ended';

export interface SessionsEnded {
  userId: number;
  sessionIds: number[];
}

/** A NOTIFY payload is limited to 8000 bytes: a user with very many sessions gets several. */
export const SESSION_IDS_PER_SIGNAL = 500;

export function parseSessionsEnded(payload: string | undefined): SessionsEnded | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<SessionsEnded>;
    if (
      Number.isInteger(value.userId) &&
      Array.isArray(value.sessionIds) &&
      value.sessionIds.every((id) => Number.isInteger(id))
    ) {
      return { userId: value.userId as number, sessionIds: value.sessionIds };
    }
  } catch {
    // A foreign payload on our channel is ignored.
  }
  return null;
}

/**
 * What the session cache of every app in this process must read again: some sessions of a user,
 * every session of a user (`sessionIds` left out: the user's row changed), or everything (`all`:
 * the process may have missed signals). Process-wide, because revocations run in repositories
 * built on any transaction's executor, which know no app; forgetting too much only costs a lookup.
 */
export type SessionsChange = { all: true } | { all?: false; userId: number; sessionIds?: number[] };

const localChanges = new EventEmitter();
localChanges.setMaxListeners(0);

/** Tells every session cache of this process at once, before the change commits (see SessionCache). */
export function announceSessionsChange(change: SessionsChange): void {
  localChanges.emit('change', change);
}

export function onSessionsChange(listener: (change: SessionsChange) => void): () => void {
  localChanges.on('change', listener);
  return () => localChanges.off('change', listener);
}
