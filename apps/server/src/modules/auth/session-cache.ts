import type { SessionUser } from '@inspecta/contract';
import type { SessionsChange } from './session-events.js';

/** What the session check needs of a resolved token; never the password hash. */
export interface ResolvedSession {
  sessionId: number;
  userId: number;
  userType: SessionUser['userType'];
  user: SessionUser;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

interface Entry {
  resolved: ResolvedSession;
  /** On the monotonic clock: past it, the token is read from the database again. */
  until: number;
}

/**
 * Resolved tokens, kept for a short while so a burst of requests with one token reads its session
 * once (docs/security.md, "The session cache"). Correctness rests on three things:
 * - every revocation and every change of a user row announces itself (`SessionsChange`) in the
 *   process that makes it, synchronously, while its transaction is still open; other processes hear
 *   the revocation's NOTIFY when it commits;
 * - an announced session or user is *held* for the cache's lifetime: a lookup that read the row
 *   before the change committed cannot put the old answer back;
 * - an entry lives `ttlMs` at most, which bounds what a change made outside the app (SQL by hand,
 *   another process's profile edit) can go unseen.
 * Expiry is still checked against the app's clock on every hit.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly heldSessions = new Map<number, number>();
  private readonly heldUsers = new Map<number, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {}

  /** The resolved session of `tokenHash` if it is kept, fresh and not expired at `now`. */
  get(tokenHash: string, now: Date): ResolvedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.monotonicNow() || entry.resolved.expiresAt.getTime() <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.resolved;
  }

  /** Keeps `resolved` unless its session or user changed within the cache's lifetime. */
  keep(tokenHash: string, resolved: ResolvedSession): void {
    if (this.ttlMs <= 0) return;
    const at = this.monotonicNow();
    if (isHeld(this.heldSessions, resolved.sessionId, at) || isHeld(this.heldUsers, resolved.userId, at))
      return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { resolved, until: at + this.ttlMs });
  }

  forget(change: SessionsChange): void {
    if (change.all) {
      this.entries.clear();
      return;
    }
    const until = this.monotonicNow() + this.ttlMs;
    const sessionIds = change.sessionIds ? new Set(change.sessionIds) : null;
    if (sessionIds) for (const id of sessionIds) this.heldSessions.set(id, until);
    else this.heldUsers.set(change.userId, until);
    for (const [key, entry] of this.entries) {
      if (entry.resolved.userId !== change.userId) continue;
      if (!sessionIds || sessionIds.has(entry.resolved.sessionId)) this.entries.delete(key);
    }
    this.pruneHolds();
  }

  get size(): number {
    return this.entries.size;
  }

  private pruneHolds(): void {
    const at = this.monotonicNow();
    for (const holds of [this.heldSessions, this.heldUsers]) {
      if (holds.size < 1_000) continue;
      for (const [id, until] of holds) if (until <= at) holds.delete(id);
    }
  }
}

function isHeld(holds: Map<number, number>, id: number, at: number): boolean {
  const until = holds.get(id);
  if (until === undefined) return false;
  if (until > at) return true;
  holds.delete(id);
  return false;
}
