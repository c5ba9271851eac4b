import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousA11yViolations } from '../support/browser.js';
import { E2E_ADMIN, type ServerProcess, startServer } from '../support/server-process.js';
import { codeOf, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { untilStill } from '../support/waits.js';

/**
 * Forgot password end to end, with real mail: this spec runs its own server whose SMTP_URL points
 * at an SMTP server inside the spec, and reads the code from the message that arrived. (The shared
 * e2e server keeps no mail server, as the user-management spec relies on the outbox link.)
 */
describe('forgot password', () => {
  let inbox: SmtpInbox;
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const NEW_PASSWORD = 'Brass-Gauge-Monsoon-77';

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Inspecta <no-reply@inspecta.test>' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });
  afterEach(() => context?.close());

  async function open(width: number, path = '/') {
    context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } });
    page = await context.newPage();
    await page.goto(path);
  }

  async function expectAccessible(name: string) {
    await untilStill(page.locator('body'));
    await screenshot(page, name);
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  /** The e2e server's outbox as its administrator reads it (the first test changes the password). */
  async function adminOutbox(): Promise<Array<{ recipient: string; subject: string | null }>> {
    let token: string | undefined;
    for (const password of [NEW_PASSWORD, E2E_ADMIN.password]) {
      const login = await fetch(`${server.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: E2E_ADMIN.email, password }),
      });
      if (login.ok) token = ((await login.json()) as { accessToken: string }).accessToken;
      if (token) break;
    }
    const response = await fetch(`${server.baseURL}/api/delivery/outbox?channel=email&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { messages: Array<{ recipient: string; subject: string | null }> })
      .messages;
  }

  it('resets the password with the emailed code, ends the old session and signs in with the new one', async () => {
    const oldSession = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    }).then((r) => r.json() as Promise<{ accessToken: string }>);

    await open(1400);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await expectAccessible('forgot-password-request-1400');

    await page.getByRole('button', { name: 'Send code' }).click();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Email is required').waitFor();

    const before = inbox.countFor(E2E_ADMIN.email);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Resend code in \d:\d\d$/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Resend code in/ }).isDisabled()).toBe(true);
    await expectAccessible('forgot-password-code-1400');

    const mail = await inbox.lastMessageFor(E2E_ADMIN.email, { after: before });
    expect(mail.subject).toMatch(/^Your Inspecta password reset code: \d{6}$/);
    const code = codeOf(mail);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText(/That code is not right\. 4 tries left\./).waitFor();
    await screenshot(page, 'forgot-password-code-wrong-1400');

    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();

    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Repeat the new password').fill('password12');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This password is too common; choose another').waitFor();
    await expectAccessible('forgot-password-new-password-errors-1400');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    const rules = page.getByTestId('password-policy');
    expect(await rules.textContent()).not.toContain('not met yet');
    await expectAccessible('forgot-password-new-password-1400');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('password-reset-done').waitFor();
    await expectAccessible('forgot-password-done-1400');

    // The session from before the reset is over.
    const me = await fetch(`${server.baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${oldSession.accessToken}` },
    });
    expect(me.status).toBe(401);

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('answers an unknown email like a known one and explains a wrong code, at 800 px', async () => {
    await open(800, '/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await screenshot(page, 'forgot-password-request-800');
    const unknown = `nobody.${Date.now()}@inspecta.test`;
    await page.getByLabel('Email').fill(unknown);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
    await page.getByText(unknown).waitFor();
    await page.getByLabel('6-digit code').fill('12');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText('Enter the 6-digit code from the message').waitFor();
    await page.getByLabel('6-digit code').fill('123456');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText(/That code is not right|expired or has been used up/).waitFor();
    await expectAccessible('forgot-password-code-800');
    // Every mail leaves through the outbox, written before the request answers: the unknown address
    // has no message there (while the reset code of the first test does), so no mail can follow.
    const outbox = await adminOutbox();
    expect(outbox.some((m) => m.recipient === E2E_ADMIN.email && /reset code/.test(m.subject ?? ''))).toBe(
      true,
    );
    expect(outbox.filter((m) => m.recipient === unknown)).toEqual([]);
    expect(inbox.countFor(unknown)).toBe(0);

    // Asking again within the minute is refused with the wait, for unknown addresses alike.
    await page.getByRole('button', { name: 'Use another email' }).click();
    await page.getByLabel('Email').fill(unknown);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByTestId('forgot-password-error').waitFor();
    expect(await page.getByTestId('forgot-password-error').textContent()).toMatch(/Wait (0:\d\d|1:00)/);
    await expectAccessible('forgot-password-limited-800');
  });
});
