import type { LoginResponse, SessionUser } from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { burnPasswordCheck, verifyPassword } from '../../core/security/password-hasher.js';
import { generateSessionToken, hashSessionToken } from '../../core/security/session-token.js';
import type { Database } from '../../db/database.js';
import { AuthRepository, type ThrottleKind, type UserRow } from './auth.repository.js';
import { SessionCache } from './session-cache.js';
import { onSessionsChange } from './session-events.js';
import { toSessionUser } from './user-mapper.js';

export interface AuthSettings {
  sessionTtlHours: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  /** How long a resolved token is answered from memory (docs/security.md, "The session cache"). */
  sessionCacheMs: number;
}

const FAILURE_WINDOW_MS = 15 * 60_000;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
/** Sessions slide forward with use, but never beyond this age. */
const ABSOLUTE_SESSION_MS = 30 * 24 * 3_600_000;
/** Writing on every request would turn reads into writes; refresh at most this often. */
const SESSION_TOUCH_MS = 5 * 60_000;

const INVALID_CREDENTIALS_MESSAGE = 'The email or password is incorrect';

export class AuthService {
  private readonly repo: AuthRepository;
  private readonly sessions: SessionCache;
  private readonly stopFollowingChanges: () => void;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
  ) {
    this.repo = new AuthRepository(db);
    this.sessions = new SessionCache(settings.sessionCacheMs);
    this.stopFollowingChanges = onSessionsChange((change) => this.sessions.forget(change));
  }

  /**
   * Each attempt first claims a place under both limits (the client address and the account) in one
   * statement per key, so concurrent guesses are counted before the slow password check rather than
   * after it. A wrong password keeps its claims; a right one gives the address's claim back and
   * clears the account's counter. The address's count is never cleared by a success: otherwise an
   * attacker could reset it by signing in to an account of their own between guesses.
   */
  async login(email: string, password: string, origin: RequestOrigin): Promise<LoginResponse> {
    const now = this.clock.now();
    const accountKey = email.toLowerCase();
    await this.claimAttempt('address', origin.ip, this.settings.maxFailuresPerAddress, now);
    try {
      await this.claimAttempt('account', accountKey, this.settings.maxFailuresPerAccount, now);
    } catch (error) {
      await this.repo.releaseAttempt('address', origin.ip);
      throw error;
    }

    const user = await this.repo.findLiveUserByEmail(accountKey);
    let passwordOk = false;
    if (user?.passwordHash) passwordOk = await verifyPassword(user.passwordHash, password);
    else await burnPasswordCheck(password);

    if (!user || !passwordOk) {
      await recordAudit(this.db, {
        actorId: null,
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: user?.id ?? null,
        after: { email: accountKey },
        ipAddress: origin.ip,
      });
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }

    await this.repo.releaseAttempt('address', origin.ip);
    await this.repo.clearThrottle('account', accountKey);

    // The password was right: only now is it safe to say why the account cannot come in.
    if (user.status !== 'active') {
      throw AppError.forbidden('This account has been deactivated. Ask an administrator to reactivate it.');
    }
    return this.createSession(user, origin, 'password');
  }

  /**
   * Opens a session for a user whose identity is proven (password or phone code): the one place
   * sessions are created, so both sign-ins answer the same. Refuses inactive accounts; clients come in
   * too (issue 20: the client portal), and every route they may not use is closed to them by role.
   */
  async createSession(
    user: UserRow,
    origin: RequestOrigin,
    method: 'password' | 'phone',
  ): Promise<LoginResponse> {
    if (user.status !== 'active') {
      throw AppError.forbidden('This account has been deactivated. Ask an administrator to reactivate it.');
    }
    const now = this.clock.now();
    const token = generateSessionToken();
    const expiresAt = new Date(now.getTime() + this.settings.sessionTtlHours * 3_600_000);
    const session = await this.db.transaction(async (tx) => {
      const repo = new AuthRepository(tx);
      const created = await repo.insertSession({
        userId: user.id,
        tokenHash: hashSessionToken(token),
        expiresAt,
        lastUsedAt: now,
        ipAddress: origin.ip,
        userAgent: origin.userAgent?.slice(0, 400) ?? null,
      });
      await repo.recordLogin(user.id, now);
      await recordAudit(tx, {
        actorId: user.id,
        action: 'auth.login',
        entityType: 'session',
        entityId: created.id,
        after: { method },
        ipAddress: origin.ip,
      });
      return created;
    });

    return { accessToken: token, expiresAt: session.expiresAt.toISOString(), user: toSessionUser(user) };
  }

  /**
   * Resolves a bearer token to its caller, or null when it is unknown, expired or revoked. A token
   * seen within the last `sessionCacheMs` is answered from memory (SessionCache says why that is safe).
   */
  async authenticate(token: string): Promise<AuthContext | null> {
    const now = this.clock.now();
    const tokenHash = hashSessionToken(token);
    let resolved = this.sessions.get(tokenHash, now);
    if (!resolved) {
      const found = await this.repo.findActiveSession(tokenHash, now);
      if (!found) return null;
      const { session, user } = found;
      resolved = {
        sessionId: session.id,
        userId: user.id,
        userType: user.userType,
        user: toSessionUser(user),
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        expiresAt: session.expiresAt,
      };
      this.sessions.keep(tokenHash, resolved);
    }
    if (now.getTime() - resolved.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
      const slid = now.getTime() + this.settings.sessionTtlHours * 3_600_000;
      const cap = resolved.createdAt.getTime() + ABSOLUTE_SESSION_MS;
      const expiresAt = new Date(Math.min(slid, cap));
      await this.repo.extendSession(resolved.sessionId, now, expiresAt);
      resolved.lastUsedAt = now;
      resolved.expiresAt = expiresAt;
    }
    const { userId, userType, sessionId, user } = resolved;
    return { userId, userType, sessionId, user };
  }

  /** Stops following this process's session changes (the app is closing). */
  close(): void {
    this.stopFollowingChanges();
  }

  async logout(auth: AuthContext, origin: RequestOrigin): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const repo = new AuthRepository(tx);
      await repo.revokeSession(auth.sessionId, this.clock.now());
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'auth.logout',
        entityType: 'session',
        entityId: auth.sessionId,
        ipAddress: origin.ip,
      });
    });
    return { message: 'Signed out' };
  }

  /** The session lookup already checked the user is live and active. */
  currentUser(auth: AuthContext): SessionUser {
    return auth.user;
  }

  /** Refuses (429, with the time left) while the key is locked; otherwise the attempt is counted. */
  private async claimAttempt(kind: ThrottleKind, key: string, max: number, now: Date): Promise<void> {
    const claim = {
      now,
      windowStart: new Date(now.getTime() - FAILURE_WINDOW_MS),
      max,
      firstLockMs: FIRST_LOCK_MS,
      maxLockMs: MAX_LOCK_MS,
    };
    // A lock can lift between the refused claim and the read (a right password gives its claim
    // back): then claim again rather than answer a wait that is already over.
    for (let round = 0; round < 3; round++) {
      if (await this.repo.claimAttempt(kind, key, claim)) return;
      const row = await this.repo.findThrottle(kind, key);
      if (row?.lockedUntil && row.lockedUntil > now) {
        const retryAfter = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Try again in ${formatWait(retryAfter)}.`,
          { retryAfter },
        );
      }
    }
    throw new AppError('RATE_LIMITED', 'Too many sign-in attempts at once. Try again in a second.', {
      retryAfter: 1,
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
