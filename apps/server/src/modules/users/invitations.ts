import type { InvitationDelivery, UserType } from '@inspecta/contract';
import type { Executor } from '../../db/database.js';
import { generateSessionToken, hashSessionToken } from '../auth/session-token.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import { type UserRow, UsersRepository } from './users.repository.js';

/** An invitation link works once, for seven days. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

export interface IssuedInvitation {
  outboxId: number;
  expiresAt: Date;
  link: string;
}

const ROLE_LABEL: Record<UserType, string> = {
  admin: 'administrator',
  inspector: 'inspector',
  client: 'client',
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function invitationEmail(options: {
  productName: string;
  user: Pick<UserRow, 'firstName' | 'userType' | 'email'>;
  inviterName: string;
  link: string;
  expiresAt: Date;
}) {
  const { productName, user, inviterName, link, expiresAt } = options;
  const expiry = `${expiresAt.toUTCString().replace(' GMT', '')} UTC`;
  const role = ROLE_LABEL[user.userType];
  const text = [
    `Hello ${user.firstName},`,
    '',
    `${inviterName} has created a ${productName} account for you (${role}, ${user.email}).`,
    'Choose your password with this link:',
    '',
    link,
    '',
    `The link works once and expires on ${expiry}.`,
    'If you did not expect this email, you can ignore it.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">
<p>Hello ${escapeHtml(user.firstName)},</p>
<p>${escapeHtml(inviterName)} has created a ${escapeHtml(productName)} account for you (${role}, ${escapeHtml(user.email)}).</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1f5fa6;color:#ffffff;border-radius:6px;text-decoration:none">Choose your password</a></p>
<p style="font-size:13px;color:#5c6670">Or paste this link into your browser: ${escapeHtml(link)}<br>It works once and expires on ${escapeHtml(expiry)}. If you did not expect this email, you can ignore it.</p>
</body></html>`;
  return { to: user.email, subject: `Your ${productName} account: choose a password`, text, html };
}

/**
 * Issues an invitation inside the caller's transaction: earlier open invitations end, a new
 * 256-bit token is stored as its SHA-256 digest, and the email is queued in the outbox. The caller
 * dispatches the email after the commit.
 */
export async function issueInvitation(
  tx: Executor,
  delivery: DeliveryService,
  options: {
    user: UserRow;
    actorId: number;
    inviterName: string;
    now: Date;
    publicUrl: string;
    productName: string;
  },
): Promise<IssuedInvitation> {
  const repo = new UsersRepository(tx);
  const { user, now } = options;
  await repo.revokeOpenInvitations(user.id, now);
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await repo.insertInvitation({
    userId: user.id,
    tokenHash: hashSessionToken(token),
    createdBy: options.actorId,
    createdAt: now,
    expiresAt,
  });
  const link = `${options.publicUrl}${ACCEPT_INVITATION_PATH}?token=${token}`;
  const outboxId = await delivery.queueEmail(
    tx,
    invitationEmail({
      productName: options.productName,
      user,
      inviterName: options.inviterName,
      link,
      expiresAt,
    }),
  );
  return { outboxId, expiresAt, link };
}

export async function dispatchInvitation(
  delivery: DeliveryService,
  issued: IssuedInvitation,
): Promise<InvitationDelivery> {
  const status = await delivery.dispatch(issued.outboxId);
  return { expiresAt: issued.expiresAt.toISOString(), delivery: status, link: issued.link };
}
