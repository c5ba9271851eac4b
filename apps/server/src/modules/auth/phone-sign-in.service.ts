import {
  type LoginResponse,
  ONE_TIME_CODE_RESEND_SECONDS,
  ONE_TIME_CODE_TTL_MINUTES,
  type PhoneCodeRequestResponse,
} from '@inspecta/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../db/database.js';
import { users } from '../../db/schema.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import { OtpRepository } from '../otp/otp.repository.js';
import { codeRejected, oneTimeCodes } from '../otp/otp.service.js';
import type { UserRow } from './auth.repository.js';
import type { AuthService, RequestOrigin } from './auth.service.js';
import type { BotCheck } from './bot-check.js';
import { generateSessionToken, hashSessionToken } from './session-token.js';

export const PHONE_CODE_MESSAGE =
  'If this number belongs to an active account, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';

/**
 * Phone sign-in: a solved bot check → a 6-digit SMS code bound to that request → the same session
 * as the email sign-in. Unknown, inactive and client numbers take the same path and get the same
 * answers; no SMS leaves for them.
 */
export class PhoneSignInService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: DeliveryService,
    private readonly botCheck: BotCheck,
    private readonly auth: AuthService,
    private readonly options: { productName: string },
  ) {}

  private async findUser(phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
      .limit(1);
    return row && row.status === 'active' && row.userType !== 'client' ? row : undefined;
  }

  async requestCode(phone: string, altcha: string, origin: RequestOrigin): Promise<PhoneCodeRequestResponse> {
    await this.botCheck.verify(altcha);
    const now = this.clock.now();
    const requestId = generateSessionToken();
    const user = await this.findUser(phone);
    const outboxId = await this.db.transaction(async (tx) => {
      await oneTimeCodes.assertMaySend(tx, 'phone_login', phone, now);
      const issued = await oneTimeCodes.issue(tx, {
        purpose: 'phone_login',
        subject: phone,
        userId: user?.id ?? null,
        now,
        ipAddress: origin.ip,
        binding: hashSessionToken(requestId),
      });
      if (!user) return null;
      return this.delivery.queueSms(tx, {
        to: phone,
        text: `${issued.code} is your ${this.options.productName} sign-in code. It is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes. Do not share it.`,
      });
    });
    if (outboxId !== null) void this.delivery.dispatch(outboxId).catch(() => undefined);
    return {
      message: PHONE_CODE_MESSAGE,
      requestId,
      resendAfterSeconds: ONE_TIME_CODE_RESEND_SECONDS,
      expiresInMinutes: ONE_TIME_CODE_TTL_MINUTES,
    };
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
    if (!(await new OtpRepository(this.db).consume(row.id, now))) {
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
