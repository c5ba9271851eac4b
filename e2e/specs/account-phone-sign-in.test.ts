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

/**
 * The newest SMS to a number, read from the delivery outbox as `token`'s user sees it (the e2e server
 * has no SMS gateway); only the recipient reads the code.
 */
async function lastSmsTo(phone: string, token: string): Promise<{ id: number; body: string } | undefined> {
  const response = await fetch(`${baseURL()}/api/delivery/outbox?channel=sms&limit=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { messages } = (await response.json()) as {
    messages: Array<{ id: number; recipient: string; body: string }>;
  };
  return messages.find((m) => m.recipient === phone);
}

describe('phone sign-in', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  let farahToken: string;
  const national = `98${randomInt(10_000_000, 99_999_999)}`;
  const phone = `+91${national}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    adminToken = (await apiLogin(email, password)).accessToken;
    // An administrator whose phone is on record.
    const created = await fetch(`${baseURL()}/api/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        userType: 'admin',
        firstName: 'Farah',
        lastName: 'Qureshi',
        email: `farah.qureshi.${national}@inspecta.in`,
        phone,
        password: 'Copper-Valve-Ledger-58',
      }),
    });
    expect(created.status).toBe(201);
    // The outbox shows an SMS code only to its recipient: Farah reads her own.
    farahToken = (await apiLogin(`farah.qureshi.${national}@inspecta.in`, 'Copper-Valve-Ledger-58'))
      .accessToken;
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  it('signs in with a code sent by SMS after the invisible bot check, at 1400 px', async () => {
    context = await newContext(browser, 1400, 900);
    page = await context.newPage();
    await page.goto('/');
    await page.getByRole('tab', { name: 'Phone' }).click();
    await untilStill(page.getByLabel('Phone number'));
    await screenshot(page, 'phone-sign-in-number-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(/Enter a phone number such as/).waitFor();

    await page.getByLabel('Phone number').fill(national.replace(/(\d{5})(\d{5})/, '$1 $2'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('SMS code').waitFor({ timeout: 30_000 });
    await page.getByText(phone).waitFor();
    await page.getByRole('button', { name: /^Resend code in \d:\d\d$/ }).waitFor();

    // The SMS leaves after the answer: wait for it to be in the outbox.
    let sms: { body: string } | undefined;
    await expect
      .poll(
        async () => {
          sms = await lastSmsTo(phone, farahToken);
          return sms !== undefined;
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe(true);
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('SMS code').fill(wrong);
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await untilStill(page.getByText(/That code is not right\. 4 tries left\./));
    await screenshot(page, 'phone-sign-in-code-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('SMS code').fill(code);
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('userData'));
    expect(JSON.parse(stored!)).toMatchObject({ firstName: 'Farah', phone });
  });

  it('answers an unknown number like a known one, at 800 px', async () => {
    context = await newContext(browser, 800, 900);
    page = await context.newPage();
    await page.goto('/');
    await page.getByRole('tab', { name: 'Phone' }).click();
    const unknown = `97${randomInt(10_000_000, 99_999_999)}`;
    await page.getByLabel('Phone number').fill(unknown);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('SMS code').waitFor({ timeout: 30_000 });
    await untilStill(page.getByText(/If \+91\d{10} belongs to an active account/));
    await screenshot(page, 'phone-sign-in-code-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await lastSmsTo(`+91${unknown}`, adminToken)).toBeUndefined();
  });
});
