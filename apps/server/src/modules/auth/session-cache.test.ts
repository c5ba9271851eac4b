import { describe, expect, it } from 'vitest';
import { type ResolvedSession, SessionCache } from './session-cache.js';

const NOW = new Date('2026-11-29T10:00:00Z');

function resolved(
  sessionId: number,
  userId: number,
  expiresAt = new Date(NOW.getTime() + 3_600_000),
): ResolvedSession {
  return {
    sessionId,
    userId,
    userType: 'admin',
    user: {
      id: userId,
      userType: 'admin',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'a@x.in',
      phone: null,
      profileImage: null,
    },
    createdAt: NOW,
    lastUsedAt: NOW,
    expiresAt,
  };
}

/** A cache on a hand-moved monotonic clock. */
function cache(ttlMs = 2_000, maxEntries = 10_000) {
  const time = { now: 0 };
  return { sessions: new SessionCache(ttlMs, maxEntries, () => time.now), time };
}

describe('SessionCache', () => {
  it('answers a kept token until its lifetime is over', () => {
    const { sessions, time } = cache();
    sessions.keep('t1', resolved(1, 10));
    time.now = 1_999;
    expect(sessions.get('t1', NOW)?.sessionId).toBe(1);
    time.now = 2_000;
    expect(sessions.get('t1', NOW)).toBeUndefined();
    expect(sessions.get('unknown', NOW)).toBeUndefined();
  });

  it('never answers a session past its expiry on the app clock', () => {
    const { sessions } = cache();
    sessions.keep('t1', resolved(1, 10, new Date(NOW.getTime() + 1_000)));
    expect(sessions.get('t1', new Date(NOW.getTime() + 999))?.sessionId).toBe(1);
    expect(sessions.get('t1', new Date(NOW.getTime() + 1_000))).toBeUndefined();
  });

  it('forgets the ended sessions of a user and keeps the others', () => {
    const { sessions } = cache();
    sessions.keep('a', resolved(1, 10));
    sessions.keep('b', resolved(2, 10));
    sessions.keep('c', resolved(3, 11));
    sessions.forget({ userId: 10, sessionIds: [1] });
    expect(sessions.get('a', NOW)).toBeUndefined();
    expect(sessions.get('b', NOW)?.sessionId).toBe(2);
    expect(sessions.get('c', NOW)?.sessionId).toBe(3);
  });

  it('forgets every session of a changed user, or everything', () => {
    const { sessions } = cache();
    sessions.keep('a', resolved(1, 10));
    sessions.keep('b', resolved(2, 10));
    sessions.keep('c', resolved(3, 11));
    sessions.forget({ userId: 10 });
    expect(sessions.get('a', NOW)).toBeUndefined();
    expect(sessions.get('b', NOW)).toBeUndefined();
    expect(sessions.get('c', NOW)?.sessionId).toBe(3);
    sessions.forget({ all: true });
    expect(sessions.size).toBe(0);
  });

  it('does not take back an answer read before the change committed', () => {
    const { sessions, time } = cache();
    // A lookup read the row, then the revocation (and the user's edit) announced itself, then the
    // lookup tries to keep what it read: refused for the cache's lifetime, then allowed again.
    sessions.forget({ userId: 10, sessionIds: [1] });
    sessions.forget({ userId: 20 });
    sessions.keep('a', resolved(1, 10));
    sessions.keep('b', resolved(2, 20));
    sessions.keep('c', resolved(3, 10));
    expect(sessions.get('a', NOW)).toBeUndefined();
    expect(sessions.get('b', NOW)).toBeUndefined();
    expect(sessions.get('c', NOW)?.sessionId).toBe(3);
    time.now = 2_000;
    sessions.keep('a', resolved(1, 10));
    sessions.keep('b', resolved(2, 20));
    expect(sessions.get('a', NOW)?.sessionId).toBe(1);
    expect(sessions.get('b', NOW)?.sessionId).toBe(2);
  });

  it('keeps nothing with a lifetime of 0, and at most its limit of tokens', () => {
    const off = cache(0).sessions;
    off.keep('a', resolved(1, 10));
    expect(off.get('a', NOW)).toBeUndefined();
    const { sessions } = cache(2_000, 2);
    sessions.keep('a', resolved(1, 10));
    sessions.keep('b', resolved(2, 11));
    sessions.keep('c', resolved(3, 12));
    expect(sessions.size).toBe(2);
    expect(sessions.get('a', NOW)).toBeUndefined();
    expect(sessions.get('c', NOW)?.sessionId).toBe(3);
  });
});
