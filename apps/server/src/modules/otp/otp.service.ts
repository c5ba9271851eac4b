import {
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_MAX_PER_HOUR,
  ONE_TIME_CODE_RESEND_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
} from '@inspecta/contract';
import { AppError } from '../../core/errors.js';
import type { Executor, Transaction } from '../../db/database.js';
import { generateOneTimeCode, hashOneTimeCode, oneTimeCodeMatches } from './one-time-code.js';
import { type OneTimeCodePurpose, type OneTimeCodeRow, OtpRepository } from './otp.repository.js';

const HOUR_MS = 3_600_000;

export interface IssuedCode {
  row: OneTimeCodeRow;
  /** The clear code: put it in the message, never in a log or a response. */
  code: string;
}

export type CodeCheck =
  | { ok: true; row: OneTimeCodeRow }
  | { ok: false; reason: 'invalid' | 'dead'; triesLeft: number };

/**
 * The rules every one-time code shares, whatever it is for: limits on sending, lifetime, tries and
 * single use. The callers decide what a verified code unlocks.
 */
export const oneTimeCodes = {
  /**
   * Refuses (429) when the address had a code less than a minute ago or five in the last hour.
   * Applies to unknown addresses exactly as to known ones. Call it in the transaction that issues
   * the code: it holds the address until that transaction ends, so the limit holds under
   * concurrent requests.
   */
  async assertMaySend(
    db: Transaction,
    purpose: OneTimeCodePurpose,
    subject: string,
    now: Date,
  ): Promise<void> {
    const repo = new OtpRepository(db);
    await repo.lockSubject(purpose, subject);
    const lastHour = await repo.sendsSince(purpose, subject, new Date(now.getTime() - HOUR_MS));
    if (lastHour.latest) {
      const wait = Math.ceil(
        (lastHour.latest.getTime() + ONE_TIME_CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
      );
      if (wait > 0) {
        throw new AppError('RATE_LIMITED', 'A code was sent to this address moments ago.', {
          retryAfter: wait,
        });
      }
    }
    if (lastHour.count >= ONE_TIME_CODE_MAX_PER_HOUR) {
      // The oldest send of the hour leaves the window first; a minute is a fair, honest estimate floor.
      throw new AppError('RATE_LIMITED', 'Too many codes were requested for this address. Try again later.', {
        retryAfter: 15 * 60,
      });
    }
  },

  /** Stores a fresh code (earlier open codes of the address stop working) and answers it. */
  async issue(
    db: Executor,
    values: {
      purpose: OneTimeCodePurpose;
      subject: string;
      userId: number | null;
      now: Date;
      ipAddress?: string | null;
      binding?: string | null;
      payload?: unknown;
    },
  ): Promise<IssuedCode> {
    const repo = new OtpRepository(db);
    await repo.retireOpen(values.purpose, values.subject, values.now);
    const code = generateOneTimeCode();
    const row = await repo.insert({
      purpose: values.purpose,
      subject: values.subject,
      userId: values.userId,
      codeHash: hashOneTimeCode(code),
      binding: values.binding ?? null,
      payload: values.payload ?? null,
      expiresAt: new Date(values.now.getTime() + ONE_TIME_CODE_TTL_MINUTES * 60_000),
      ipAddress: values.ipAddress ?? null,
      createdAt: values.now,
    });
    return { row, code };
  },

  /**
   * Checks a code against the newest open code of the address. A wrong code spends one of the
   * five tries (spent before the comparison, so concurrent guesses count); after the fifth the code
   * is dead. Does not consume a right code: the caller does,
   * in the transaction of what the code unlocks.
   */
  async check(
    db: Executor,
    purpose: OneTimeCodePurpose,
    subject: string,
    code: string,
    now: Date,
    options: { binding?: string } = {},
  ): Promise<CodeCheck> {
    const repo = new OtpRepository(db);
    const row = await repo.claimTry(purpose, subject, now, ONE_TIME_CODE_MAX_ATTEMPTS);
    if (!row) return { ok: false, reason: 'dead', triesLeft: 0 };
    // A code bound to a request only works with that request: otherwise it counts as a wrong try.
    const bound = options.binding === undefined || row.binding === options.binding;
    if (bound && oneTimeCodeMatches(row.codeHash, code)) {
      await repo.releaseTry(row.id);
      return { ok: true, row };
    }
    const triesLeft = ONE_TIME_CODE_MAX_ATTEMPTS - row.attempts;
    return { ok: false, reason: triesLeft > 0 ? 'invalid' : 'dead', triesLeft };
  },

  /**
   * Uses a checked code up, optionally leaving a grant for the next step (a password reset);
   * false when another request used it first.
   */
  consume(
    db: Executor,
    id: number,
    now: Date,
    grant?: { grantHash: string; grantExpiresAt: Date },
  ): Promise<boolean> {
    return new OtpRepository(db).consume(id, now, grant);
  },

  /** The unused, unexpired grant a verified code left behind. */
  findOpenGrant(
    db: Executor,
    purpose: OneTimeCodePurpose,
    grantHash: string,
    now: Date,
  ): Promise<OneTimeCodeRow | undefined> {
    return new OtpRepository(db).findOpenGrant(purpose, grantHash, now);
  },

  /** Names the user a code was issued for, when that is known only after the code was stored. */
  assignUser(db: Executor, id: number, userId: number): Promise<void> {
    return new OtpRepository(db).assignUser(id, userId);
  },

  /** Uses the grant up; false when another request used it first. */
  useGrant(db: Executor, id: number, now: Date): Promise<boolean> {
    return new OtpRepository(db).useGrant(id, now);
  },
};

/** The one answer to a wrong, used, expired or exhausted code. */
export function codeRejected(check: Extract<CodeCheck, { ok: false }>): AppError {
  const message =
    check.reason === 'invalid'
      ? `That code is not right. ${check.triesLeft} ${check.triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'This code has expired or has been used up. Ask for a new code.';
  return AppError.validation([{ field: 'code', message }], message);
}
