import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  apiLogin,
  baseURL,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';

const PASSWORD = 'Settings-Owner-2026';
const NEW_PASSWORD = 'Fresh-Settings-Key-77';

/** Opens `path` as this user, with the session planted the way the login page leaves it. */
async function openAs(page: Page, email: string, password: string, path: string) {
  const session = await apiLogin(email, password);
  await page.goto('/404-blank-for-storage');
  await page.evaluate(
    ([token, user]) => {
      localStorage.clear();
      localStorage.setItem('accessToken', token);
      localStorage.setItem('userData', user);
    },
    [session.accessToken, JSON.stringify(session.user)] as const,
  );
  await page.goto(path);
}

/** A PNG drawn by the browser itself (a wide "logo"). */
async function logoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0b7a55';
    context.fillRect(0, 0, 360, 120);
    context.fillStyle = '#ffffff';
    context.font = 'bold 56px sans-serif';
    context.fillText('UGC', 40, 82);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('settings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiLogin(adminCredentials().email, adminCredentials().password);
    email = `settings.${randomBytes(3).toString('hex')}@inspecta.test`;
    const response = await fetch(`${baseURL()}/api/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin.accessToken },
      body: JSON.stringify({
        userType: 'admin',
        firstName: 'Sana',
        lastName: 'Kapoor',
        email,
        password: PASSWORD,
      }),
    });
    if (response.status !== 201) throw new Error(await response.text());
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows every section, passes axe, and looks finished at 1400 and 800 px', async () => {
    await openAs(page, email, PASSWORD, '/dashboard/setting');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    for (const name of ['Profile', 'Password', 'Active sessions', 'Notifications', 'Organisation']) {
      await page.getByRole('heading', { name, level: 2 }).waitFor();
    }
    await page.getByTestId('notification-preferences').waitFor();
    await page.getByLabel('Company name').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-1400');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'settings-800');
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('saves the profile; it persists and the greeting changes', async () => {
    // The organisation card has a Phone of its own (the seller's, printed on bills).
    const profile = page.locator('#profile');
    await page.getByLabel('First name').fill('Sanaya');
    await profile.getByLabel('Phone').fill('+91 98200 77123');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved').waitFor();
    await page.getByText('Welcome, Sanaya').waitFor();
    await page.reload();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Sanaya');
    expect(await profile.getByLabel('Phone').inputValue()).toBe('+919820077123');

    // A field the server refuses shows its message on the field.
    await page.getByLabel('Last name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Last name is required').waitFor();
    await page.getByLabel('Last name').fill('Kapoor');
  });

  it('saves notification preferences', async () => {
    const toggle = page.getByRole('switch', { name: 'A new user is registered: in app' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByText('Notification preferences saved').first().waitFor();
    await page.reload();
    await page.getByTestId('notification-preferences').waitFor();
    expect(await page.getByRole('switch', { name: 'A new user is registered: in app' }).isChecked()).toBe(
      false,
    );
  });

  it('saves the organisation and shows its logo in the header and footer', async () => {
    await page.getByLabel('Company name').fill('UGC Safety Services');
    await page.getByRole('textbox', { name: 'Date format' }).click();
    await page.getByRole('option', { name: /^D MMM YYYY/ }).click();
    await page.getByRole('button', { name: 'Save organisation' }).click();
    await page.getByText('Organisation settings saved').waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng(page) });
    await page.getByTestId('header-organisation-logo').waitFor();
    await page.getByTestId('footer-organisation-logo').waitFor();
    expect(await page.getByTestId('footer-copyright').textContent()).toBe(
      '© 2025 UGC Inspecta. All Rights Reserved.',
    );
    await page.reload();
    await page.getByTestId('header-organisation-logo').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('UGC Safety Services');
    expect(await page.getByRole('textbox', { name: 'Date format' }).inputValue()).toMatch(/^D MMM YYYY/);
    expect(await page.getByRole('textbox', { name: 'Time zone' }).inputValue()).toBe('Asia/Kolkata');
    await page.getByTestId('notification-preferences').waitFor();
    await page.getByTestId('settings-organisation').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-organisation-logo');

    // Leave the shared e2e server as it was for the other specs.
    await page.getByRole('button', { name: 'Remove', exact: true }).last().click();
    await page.getByTestId('header-organisation-logo').waitFor({ state: 'detached' });
  });

  it('changing the password signs out another open session', async () => {
    const otherContext = await newContext(browser);
    const other = await otherContext.newPage();
    try {
      // The server subscribes a stream to its session before it answers.
      const streamOpen = other.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/notifications/stream' && r.status() === 200,
      );
      await openAs(other, email, PASSWORD, '/dashboard');
      await other.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      await streamOpen;

      // The email section asks for the current password too: work in the password card only.
      const passwordCard = page.getByTestId('settings-password');
      await passwordCard.getByLabel('Current password').fill(PASSWORD);
      await passwordCard.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await passwordCard.getByLabel('Repeat new password').fill(NEW_PASSWORD);
      await passwordCard.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('1 other session was signed out').waitFor();

      // The other browser is sent to the sign-in page without doing anything.
      await other.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      expect(await other.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      // This one stays signed in, and the new password works.
      await page.reload();
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await expect(apiLogin(email, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) });
    } finally {
      await otherContext.close();
    }
  });
});
