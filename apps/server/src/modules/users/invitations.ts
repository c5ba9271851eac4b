import type { UserType } from '@inspecta/contract';
import type { UserRow } from './users.repository.js';

/** An invitation link works once, for seven days. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

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
