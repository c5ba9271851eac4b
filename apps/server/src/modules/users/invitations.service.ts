import {
  type AcceptInvitationBody,
  type AcceptInvitationResponse,
  type InvitationDelivery,
  type InvitationInfo,
  passwordNotEmail,
  type SendInvitationResponse,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestOrigin } from '../../core/request-origin.js';
import { hashPassword } from '../../core/security/password-hasher.js';
import { generateSessionToken, hashSessionToken } from '../../core/security/session-token.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import type { DeliveryService } from '../delivery/index.js';
import { ACCEPT_INVITATION_PATH, INVITATION_TTL_MS, invitationEmail } from './invitations.js';
import { fullName } from './user-mapper.js';
import { type UserRow, UsersRepository } from './users.repository.js';

export interface InvitationSettings {
  /** Links in emails start with this (PUBLIC_URL). */
  publicUrl: string;
  productName: string;
}

/** An invitation stored and its email queued, not yet dispatched (that waits for the commit). */
export interface IssuedInvitation {
  outboxId: number;
  expiresAt: Date;
  link: string;
}

/**
 * Invitations to choose a password: issuing one (with a new user or again later), and the public
 * side that reads and accepts the link. A link works once, for seven days; a new one ends the old.
 */
export class InvitationsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly delivery: DeliveryService,
    private readonly settings: InvitationSettings,
  ) {}

  /**
   * Issues an invitation inside the caller's transaction: earlier open invitations end, a new
   * 256-bit token is stored as its SHA-256 digest, the email is queued in the outbox and the event
   * audited. The caller dispatches the email after the commit.
   */
  async issue(
    tx: Executor,
    user: UserRow,
    auth: AuthContext,
    now: Date,
    origin: RequestOrigin,
  ): Promise<IssuedInvitation> {
    const repo = new UsersRepository(tx);
    await repo.revokeOpenInvitations(user.id, now);
    const token = generateSessionToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    await repo.insertInvitation({
      userId: user.id,
      tokenHash: hashSessionToken(token),
      createdBy: auth.userId,
      createdAt: now,
      expiresAt,
    });
    const link = `${this.settings.publicUrl}${ACCEPT_INVITATION_PATH}?token=${token}`;
    const outboxId = await this.delivery.queueEmail(
      tx,
      withFields(
        invitationEmail({
          productName: this.settings.productName,
          user,
          inviterName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
          link,
          expiresAt,
        }),
        { recipientUserId: user.id, secrets: [token] },
      ),
    );
    await recordAudit(tx, {
      actorId: auth.userId,
      action: 'user.invitation_sent',
      entityType: 'user',
      entityId: user.id,
      after: { email: user.email, expiresAt },
      ipAddress: origin.ip,
    });
    return { outboxId, expiresAt, link };
  }

  /** Sends the queued email now that the transaction committed, and says how it went. */
  async dispatch(issued: IssuedInvitation): Promise<InvitationDelivery> {
    const status = await this.delivery.dispatch(issued.outboxId);
    return { expiresAt: issued.expiresAt.toISOString(), delivery: status, link: issued.link };
  }

  /** A new invitation for a user who has not chosen a password yet. */
  async resend(auth: AuthContext, id: number, origin: RequestOrigin): Promise<SendInvitationResponse> {
    const now = this.clock.now();
    const issued = await this.db.transaction(async (tx) => {
      const current = await new UsersRepository(tx).lockLiveById(id);
      if (!current) throw AppError.notFound('User');
      if (current.passwordHash) {
        throw new AppError(
          'CONFLICT',
          `${fullName(current)} has already chosen a password. They can use "Forgot password" to reset it.`,
        );
      }
      if (current.status !== 'active') {
        throw new AppError('CONFLICT', `${fullName(current)} is deactivated: reactivate the account first.`);
      }
      return { user: current, issued: await this.issue(tx, current, auth, now, origin) };
    });
    const invitation = await this.dispatch(issued.issued);
    const sentence = invitationSentence(invitation.delivery, issued.user.email);
    return { message: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`, invitation };
  }

  private async findOpen(token: string, executor: Executor, lock = false) {
    const found = await new UsersRepository(executor).findInvitationByTokenHash(hashSessionToken(token), {
      lock,
    });
    const invalid = () =>
      new AppError(
        'NOT_FOUND',
        'This invitation link is not valid any more. Ask an administrator for a new one.',
      );
    if (!found) {
      throw new AppError(
        'NOT_FOUND',
        'This invitation link is not valid. Ask an administrator for a new one.',
      );
    }
    const { invitation, user } = found;
    if (invitation.acceptedAt) {
      throw new AppError(
        'NOT_FOUND',
        'This invitation was already used. Sign in with the password you chose.',
      );
    }
    if (invitation.revokedAt || user.deletedAt || user.status !== 'active') throw invalid();
    if (invitation.expiresAt <= this.clock.now()) {
      throw new AppError('NOT_FOUND', 'This invitation has expired. Ask an administrator to send a new one.');
    }
    return found;
  }

  async info(token: string): Promise<InvitationInfo> {
    const { invitation, user } = await this.findOpen(token, this.db);
    return {
      firstName: user.firstName,
      email: user.email,
      userType: user.userType,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  async accept(body: AcceptInvitationBody, origin: RequestOrigin): Promise<AcceptInvitationResponse> {
    const { user } = await this.findOpen(body.token, this.db);
    if (!passwordNotEmail({ email: user.email, password: body.password })) {
      throw AppError.validation([{ field: 'password', message: 'The password must not be your email' }]);
    }
    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    const accepted = await this.db.transaction(async (tx) => {
      // Checked again under a lock: two tabs accepting at once cannot both succeed.
      const { invitation, user: locked } = await this.findOpen(body.token, tx, true);
      const repo = new UsersRepository(tx);
      await repo.update(locked.id, { passwordHash, updatedAt: now });
      await repo.markInvitationAccepted(invitation.id, now);
      await repo.revokeOpenInvitations(locked.id, now, invitation.id);
      await recordAudit(tx, {
        actorId: locked.id,
        action: 'user.invitation_accepted',
        entityType: 'user',
        entityId: locked.id,
        after: { hasPassword: true },
        ipAddress: origin.ip,
      });
      return locked;
    });
    return { message: 'Your password is set', userType: accepted.userType };
  }
}

/** How the invitation left, as the end of a sentence (the caller starts it or capitalises it). */
export function invitationSentence(delivery: InvitationDelivery['delivery'], email: string): string {
  if (delivery === 'sent') return `an invitation was emailed to ${email}`;
  if (delivery === 'failed')
    return `the invitation email to ${email} could not be sent; copy the link instead`;
  return `no mail server is configured, so the invitation was kept in the outbox; copy the link to pass it on`;
}
