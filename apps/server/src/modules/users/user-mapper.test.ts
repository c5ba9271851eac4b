import { describe, expect, it } from 'vitest';
import { invitationEmail } from './invitations.js';

describe('invitation email', () => {
  it('carries the link in text and escaped HTML', () => {
    const mail = invitationEmail({
      productName: 'Inspecta',
      user: { firstName: '<Ravi>', userType: 'inspector', email: 'ravi@example.in' },
      inviterName: 'Asha & Co',
      link: 'https://inspecta.example.in/accept-invitation?token=abc',
      expiresAt: new Date('2026-06-08T09:00:00Z'),
    });
    expect(mail.to).toBe('ravi@example.in');
    expect(mail.text).toContain('https://inspecta.example.in/accept-invitation?token=abc');
    expect(mail.text).toContain('Mon, 08 Jun 2026 09:00:00 UTC');
    expect(mail.html).toContain('&lt;Ravi&gt;');
    expect(mail.html).toContain('Asha &amp; Co');
    expect(mail.html).not.toContain('<Ravi>');
  });
});
