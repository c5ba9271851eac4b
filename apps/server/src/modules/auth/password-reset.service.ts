import {
  type ForgotPasswordResponse,
  ONE_TIME_CODE_RESEND_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
  passwordNotEmail,
  RESET_TOKEN_TTL_MINUTES,
  type VerifyOtpResponse,
} from '@inspecta/contract';
import { recordAudit } from '../../core/audit.js';
import type { BackgroundTasks } from '../../core/background-tasks.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { hashPassword } from '../../core/security/password-hasher.js';
import { generateSessionToken, hashSessionToken } from '../../core/security/session-token.js';
import type { Database } from '../../db/database.js';
import { brandedEmail, type DeliveryService } from '../delivery/index.js';
import { codeRejected, type IssuedCode, oneTimeCodes } from '../otp/index.js';
import { AuthRepository, type UserRow } from './auth.repository.js';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this email, a 6-digit code is on its way. It is valid for 10 minutes.';

const INVALID_RESET_TOKEN = 'This reset link has expired or has been used. Start again to get a new code.';

/** Only people who can sign in get a reset code: every active account (clients use the portal). */
function canReset(user: UserRow | undefined): user is UserRow {
  return !!user && user.status === 'active';
}

/**
 * Forgot password: a 6-digit code by email → a short-lived single-use reset token → a new
 * password that ends every session. Unknown addresses go through the same steps (a code is stored
 * but never sent), so answers, limits and timing do not reveal which emails exist.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: DeliveryService,
    private readonly tasks: BackgroundTasks,
    private readonly options: { productName: string },
  ) {}

  /**
   * Answers the same for every address, from the same work: the send limit is checked and a code is
   * stored (with no user yet) before the answer; finding the account and mailing it happen after
   * the answer, so the answer's timing cannot tell a known address from an unknown one.
   */
  async requestCode(email: string, origin: RequestOrigin): Promise<ForgotPasswordResponse> {
    const now = this.clock.now();
    const subject = email.toLowerCase();
    const issued = await this.db.transaction(async (tx) => {
      await oneTimeCodes.assertMaySend(tx, 'password_reset', subject, now);
      return oneTimeCodes.issue(tx, {
        purpose: 'password_reset',
        subject,
        userId: null,
        now,
        ipAddress: origin.ip,
      });
    });
    this.tasks.run('password reset code', () => this.sendCode(issued, origin));
    return {
      message: FORGOT_PASSWORD_MESSAGE,
      resendAfterSeconds: ONE_TIME_CODE_RESEND_SECONDS,
      expiresInMinutes: ONE_TIME_CODE_TTL_MINUTES,
    };
  }

  /** After the answer: ties the code to the account that may reset, if any, and mails it. */
  private async sendCode(issued: IssuedCode, origin: RequestOrigin): Promise<void> {
    const outboxId = await this.db.transaction(async (tx) => {
      const found = await new AuthRepository(tx).findLiveUserByEmail(issued.row.subject);
      if (!canReset(found)) return null;
      const user = found;
      await oneTimeCodes.assignUser(tx, issued.row.id, user.id);
      await recordAudit(tx, {
        actorId: null,
        action: 'auth.password_reset_requested',
        entityType: 'user',
        entityId: user.id,
        ipAddress: origin.ip,
      });
      return this.delivery.queueEmail(
        tx,
        brandedEmail({
          productName: this.options.productName,
          to: user.email,
          recipientUserId: user.id,
          subject: `Your ${this.options.productName} password reset code: ${issued.code}`,
          greeting: `Hello ${user.firstName},`,
          intro: [
            `Someone asked to reset the password of your ${this.options.productName} account. Your code is:`,
          ],
          code: issued.code,
          outro: [
            `The code is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes and works once.`,
            'If you did not ask for it, ignore this email: your password stays as it is.',
          ],
        }),
      );
    });
    // The outcome (sent or failed, with the reason) is recorded in the outbox.
    if (outboxId !== null) await this.delivery.dispatch(outboxId);
  }

  async verifyCode(email: string, code: string, origin: RequestOrigin): Promise<VerifyOtpResponse> {
    const now = this.clock.now();
    const subject = email.toLowerCase();
    const check = await oneTimeCodes.check(this.db, 'password_reset', subject, code, now);
    if (!check.ok) throw codeRejected(check);
    const row = check.row;
    if (row.userId === null) {
      // Never reached in practice (the code of an unknown address was never sent); answer alike.
      throw codeRejected({ ok: false, reason: 'dead', triesLeft: 0 });
    }
    const token = generateSessionToken();
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
    await this.db.transaction(async (tx) => {
      const consumed = await oneTimeCodes.consume(tx, row.id, now, {
        grantHash: hashSessionToken(token),
        grantExpiresAt: expiresAt,
      });
      if (!consumed) throw codeRejected({ ok: false, reason: 'dead', triesLeft: 0 });
      await recordAudit(tx, {
        actorId: null,
        action: 'auth.password_reset_code_verified',
        entityType: 'user',
        entityId: row.userId,
        ipAddress: origin.ip,
      });
    });
    return { resetToken: token, expiresAt: expiresAt.toISOString() };
  }

  async resetPassword(token: string, password: string, origin: RequestOrigin): Promise<{ message: string }> {
    const now = this.clock.now();
    const grant = await oneTimeCodes.findOpenGrant(this.db, 'password_reset', hashSessionToken(token), now);
    if (!grant?.userId) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
    const user = await new AuthRepository(this.db).findUserById(grant.userId);
    if (!canReset(user) || user.deletedAt) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
    if (!passwordNotEmail({ email: user.email, password })) {
      throw AppError.validation([{ field: 'password', message: 'The password must not be your email' }]);
    }
    const passwordHash = await hashPassword(password);
    const outboxId = await this.db.transaction(async (tx) => {
      if (!(await oneTimeCodes.useGrant(tx, grant.id, now))) {
        throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
      }
      const authRepo = new AuthRepository(tx);
      await authRepo.setPassword(user.id, passwordHash, now);
      const ended = await authRepo.revokeAllSessionsOfUser(user.id, now);
      await authRepo.clearThrottle('account', user.email.toLowerCase());
      await recordAudit(tx, {
        actorId: user.id,
        action: 'auth.password_reset',
        entityType: 'user',
        entityId: user.id,
        after: { sessionsEnded: ended },
        ipAddress: origin.ip,
      });
      return this.delivery.queueEmail(
        tx,
        brandedEmail({
          productName: this.options.productName,
          to: user.email,
          recipientUserId: user.id,
          subject: `Your ${this.options.productName} password was changed`,
          greeting: `Hello ${user.firstName},`,
          intro: [
            `The password of your ${this.options.productName} account was reset on ${now.toUTCString()}.`,
            'Every device that was signed in has been signed out.',
          ],
          outro: ['If this was not you, contact your administrator at once.'],
        }),
      );
    });
    this.tasks.run('password changed email', () => this.delivery.dispatch(outboxId));
    return { message: 'Your password has been reset. Sign in with your new password.' };
  }
}
