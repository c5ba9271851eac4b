import {
  type LoginResponse,
  ONE_TIME_CODE_RESEND_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
  type PhoneCodeRequestResponse,
} from '@inspecta/contract';
import { recordAudit } from '../../core/audit.js';
import type { BackgroundTasks } from '../../core/background-tasks.js';
import type { Clock } from '../../core/clock.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { generateSessionToken, hashSessionToken } from '../../core/security/session-token.js';
import type { Database, Executor } from '../../db/database.js';
import type { DeliveryService } from '../delivery/index.js';
import { codeRejected, type IssuedCode, oneTimeCodes } from '../otp/index.js';
import { AuthRepository, type UserRow } from './auth.repository.js';
import type { AuthService } from './auth.service.js';
import type { BotCheck } from './bot-check.service.js';

export const PHONE_CODE_MESSAGE =
  'If this number belongs to an active account, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';

/**
 * Phone sign-in: a solved bot check → a 6-digit SMS code bound to that request → the same session
 * as the email sign-in. Unknown and inactive numbers take the same path and get the same
 * answers; no SMS leaves for them.
 */
export class PhoneSignInService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: DeliveryService,
    private readonly botCheck: BotCheck,
    private readonly auth: AuthService,
    private readonly tasks: BackgroundTasks,
    private readonly options: { productName: string },
  ) {}

  private async findUser(phone: string, db: Executor = this.db): Promise<UserRow | undefined> {
    const row = await new AuthRepository(db).findLiveUserByPhone(phone);
    return row && row.status === 'active' ? row : undefined;
  }

  /**
   * As with the password reset code: the same work for every number before the answer (the send
   * limit, a code stored with no user), and what depends on the number belonging to someone
   * (finding them, tying the code to them, queueing and sending the SMS) after it.
   */
  async requestCode(phone: string, altcha: string, origin: RequestOrigin): Promise<PhoneCodeRequestResponse> {
    await this.botCheck.verify(altcha);
    const now = this.clock.now();
    const requestId = generateSessionToken();
    const issued = await this.db.transaction(async (tx) => {
      await oneTimeCodes.assertMaySend(tx, 'phone_login', phone, now);
      return oneTimeCodes.issue(tx, {
        purpose: 'phone_login',
        subject: phone,
        userId: null,
        now,
        ipAddress: origin.ip,
        binding: hashSessionToken(requestId),
      });
    });
    this.tasks.run('phone sign-in code', () => this.sendCode(issued));
    return {
      message: PHONE_CODE_MESSAGE,
      requestId,
      resendAfterSeconds: ONE_TIME_CODE_RESEND_SECONDS,
      expiresInMinutes: ONE_TIME_CODE_TTL_MINUTES,
    };
  }

  private async sendCode(issued: IssuedCode): Promise<void> {
    const phone = issued.row.subject;
    const outboxId = await this.db.transaction(async (tx) => {
      const user = await this.findUser(phone, tx);
      if (!user) return null;
      await oneTimeCodes.assignUser(tx, issued.row.id, user.id);
      return this.delivery.queueSms(tx, {
        to: phone,
        recipientUserId: user.id,
        secrets: [issued.code],
        text: `${issued.code} is your ${this.options.productName} sign-in code. It is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes. Do not share it.`,
      });
    });
    if (outboxId !== null) await this.delivery.dispatch(outboxId);
  }

  async signIn(
    phone: string,
    code: string,
    requestId: string,
    origin: RequestOrigin,
  ): Promise<LoginResponse> {
    const now = this.clock.now();
    const check = await oneTimeCodes.check(this.db, 'phone_login', phone, code, now, {
      binding: hashSessionToken(requestId),
    });
    if (!check.ok) throw codeRejected(check);
    const row = check.row;
    const user = row.userId ? await this.findUser(phone) : undefined;
    if (!user || user.id !== row.userId) throw codeRejected({ ok: false, reason: 'dead', triesLeft: 0 });
    if (!(await oneTimeCodes.consume(this.db, row.id, now))) {
      throw codeRejected({ ok: false, reason: 'dead', triesLeft: 0 });
    }
    await recordAudit(this.db, {
      actorId: user.id,
      action: 'auth.phone_code_verified',
      entityType: 'user',
      entityId: user.id,
      ipAddress: origin.ip,
    });
    return this.auth.createSession(user, origin, 'phone');
  }
}
