import {
  type EmailUpdateConfirmResponse,
  type EmailUpdateResponse,
  ONE_TIME_CODE_RESEND_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { verifyPassword } from '../../core/security/password-hasher.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { toSessionUser } from '../auth/index.js';
import { brandedEmail, type DeliveryService } from '../delivery/index.js';
import { codeRejected, oneTimeCodes } from '../otp/index.js';
import { AccountRepository } from './account.repository.js';

const EMAIL_TAKEN = 'Another account already uses this email';

/**
 * Email change: the current password and the new address → a code to the new address → confirming
 * switches the email and tells the old address. Until then the old email stays in force.
 */
export class EmailChangeService {
  private readonly repo: AccountRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: DeliveryService,
    private readonly options: { productName: string },
  ) {
    this.repo = new AccountRepository(db);
  }

  private async liveUser(id: number) {
    const user = await this.repo.findLiveUser(id);
    if (!user) throw AppError.unauthenticated();
    return user;
  }

  async request(
    auth: AuthContext,
    body: { newEmail: string; currentPassword: string },
    origin: RequestOrigin,
  ): Promise<EmailUpdateResponse> {
    const user = await this.liveUser(auth.userId);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw AppError.validation([{ field: 'currentPassword', message: 'The current password is not right' }]);
    }
    const newEmail = body.newEmail.toLowerCase();
    if (newEmail === user.email.toLowerCase()) {
      throw AppError.validation([{ field: 'newEmail', message: 'This is already your email' }]);
    }
    if (await this.repo.emailTakenByAnother(newEmail, user.id))
      throw AppError.conflict('newEmail', EMAIL_TAKEN);
    const now = this.clock.now();
    const outboxId = await this.db.transaction(async (tx) => {
      await oneTimeCodes.assertMaySend(tx, 'email_change', `user:${user.id}`, now);
      const issued = await oneTimeCodes.issue(tx, {
        purpose: 'email_change',
        subject: `user:${user.id}`,
        userId: user.id,
        now,
        ipAddress: origin.ip,
        payload: { newEmail },
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'user.email_change_requested',
        entityType: 'user',
        entityId: user.id,
        after: { newEmail },
        ipAddress: origin.ip,
      });
      return this.delivery.queueEmail(
        tx,
        brandedEmail({
          productName: this.options.productName,
          to: newEmail,
          recipientUserId: user.id,
          subject: `Confirm your new ${this.options.productName} email: code ${issued.code}`,
          greeting: `Hello ${user.firstName},`,
          intro: [`To use this address for your ${this.options.productName} account, enter this code:`],
          code: issued.code,
          outro: [
            `The code is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes. Until you confirm, your account keeps ${user.email}.`,
            'If you did not ask for this, ignore this email.',
          ],
        }),
      );
    });
    await this.delivery.dispatch(outboxId);
    return {
      message: `A 6-digit code was sent to ${newEmail}. Enter it to confirm the change.`,
      newEmail,
      resendAfterSeconds: ONE_TIME_CODE_RESEND_SECONDS,
      expiresInMinutes: ONE_TIME_CODE_TTL_MINUTES,
    };
  }

  async confirm(auth: AuthContext, code: string, origin: RequestOrigin): Promise<EmailUpdateConfirmResponse> {
    const now = this.clock.now();
    const check = await oneTimeCodes.check(this.db, 'email_change', `user:${auth.userId}`, code, now);
    if (!check.ok) throw codeRejected(check);
    const newEmail = (check.row.payload as { newEmail?: string } | null)?.newEmail;
    if (!newEmail) throw codeRejected({ ok: false, reason: 'dead', triesLeft: 0 });
    const { updated, outboxId } = await this.db
      .transaction(async (tx) => {
        if (!(await oneTimeCodes.consume(tx, check.row.id, now))) {
          throw codeRejected({ ok: false, reason: 'dead', triesLeft: 0 });
        }
        const repo = new AccountRepository(tx);
        const before = await repo.lockUser(auth.userId);
        if (!before || before.deletedAt) throw AppError.unauthenticated();
        const after = await repo.updateEmail(auth.userId, newEmail, now);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: 'user.email_changed',
          entityType: 'user',
          entityId: auth.userId,
          before: { email: before.email },
          after: { email: newEmail },
          ipAddress: origin.ip,
        });
        const id = await this.delivery.queueEmail(
          tx,
          brandedEmail({
            productName: this.options.productName,
            to: before.email,
            recipientUserId: auth.userId,
            subject: `Your ${this.options.productName} email was changed`,
            greeting: `Hello ${before.firstName},`,
            intro: [
              `The email of your ${this.options.productName} account was changed from ${before.email} to ${newEmail}.`,
              'From now on, sign in and receive messages with the new address.',
            ],
            outro: ['If this was not you, contact your administrator at once.'],
          }),
        );
        return { updated: after!, outboxId: id };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_email_live_unique'))
          throw AppError.conflict('newEmail', EMAIL_TAKEN);
        throw error;
      });
    await this.delivery.dispatch(outboxId);
    return { message: `Your email is now ${newEmail}.`, user: toSessionUser(updated) };
  }
}
