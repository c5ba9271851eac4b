import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  apiLogin,
  baseURL,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';
import { untilStill } from '../support/waits.js';

const PASSWORD = 'Quartz-Ledger-Harbour-31';

/**
 * The newest email to an address, from the delivery outbox as `token`'s user reads it (the shared
 * e2e server has no SMTP): codes and links are masked unless that user is the recipient.
 */
async function lastEmailTo(address: string, token: string) {
  const response = await fetch(`${baseURL()}/api/delivery/outbox?channel=email&limit=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { messages } = (await response.json()) as {
    messages: Array<{ recipient: string; subject: string | null; body: string | null }>;
  };
  return messages.find((m) => m.recipient === address);
}

describe('settings: email change and delivery outbox', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  const tag = randomInt(100_000, 999_999);
  const email = `meera.iyer.${tag}@inspecta.in`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email: adminEmail, password } = adminCredentials();
    adminToken = (await apiLogin(adminEmail, password)).accessToken;
    // Its own administrator: changing the shared admin's email would upset the other specs.
    const created = await fetch(`${baseURL()}/api/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        userType: 'admin',
        firstName: 'Meera',
        lastName: 'Iyer',
        email,
        password: PASSWORD,
      }),
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  async function openAs(address: string, width: number) {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    const session = await apiLogin(address, PASSWORD);
    await page.goto('/404-blank-for-storage');
    await page.evaluate(
      ([token, user]) => {
        localStorage.clear();
        localStorage.setItem('accessToken', token);
        localStorage.setItem('userData', user);
        localStorage.setItem('notifications_read', 'true');
      },
      [session.accessToken, JSON.stringify(session.user)] as const,
    );
    await page.goto('/dashboard/setting');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  }

  it('changes the sign-in email after confirming the code sent to the new address, at 1400 px', async () => {
    await openAs(email, 1400);
    const section = page.getByTestId('email-change-section');
    await section.getByText(email).waitFor();
    // A fresh server may have sent nothing yet: the section is there either way.
    await untilStill(page.getByTestId('delivery-outbox'));
    await screenshot(page, 'settings-email-outbox-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Send code' }).click();
    await section.getByText('Current password is required').waitFor();

    const newEmail = `meera.iyer.${tag}@iyer-inspections.in`;
    await section.getByLabel('New email').fill(newEmail);
    await section.getByLabel('Current password').fill('wrong-password-here');
    await section.getByRole('button', { name: 'Send code' }).click();
    await section.getByText('The current password is not right').waitFor();

    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Send code' }).click();
    await section.getByText(`We sent a 6-digit code to ${newEmail}`).waitFor();
    // The code is for Meera only: the outbox shows it to her, and masks it for every other admin.
    const mail = await lastEmailTo(newEmail, (await apiLogin(email, PASSWORD)).accessToken);
    const code = /code (\d{6})/.exec(mail!.subject!)![1]!;
    const seenByAnother = await lastEmailTo(newEmail, adminToken);
    expect(seenByAnother!.subject).toBe('Confirm your new Inspecta email: code ••••••');
    expect(seenByAnother!.body).not.toContain(code);
    // The old email is still the one in force.
    expect((await apiLogin(email, PASSWORD)).user.email).toBe(email);

    await section.getByLabel('6-digit code').fill(code);
    expect(await section.getByLabel('6-digit code').inputValue()).toBe(code);
    await untilStill(section);
    await screenshot(page, 'settings-email-code-1400');
    await section.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText(`Your email is now ${newEmail}.`).waitFor();
    await section.getByText(newEmail).waitFor();
    expect((await apiLogin(newEmail, PASSWORD)).user.email).toBe(newEmail);
    expect((await lastEmailTo(email, adminToken))?.subject).toBe('Your Inspecta email was changed');
  });

  it('lays the settings out at 800 px', async () => {
    await openAs(`meera.iyer.${tag}@iyer-inspections.in`, 800);
    await page.getByTestId('delivery-outbox').getByRole('table').waitFor();
    await untilStill(page.getByTestId('delivery-outbox'));
    await screenshot(page, 'settings-email-outbox-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
