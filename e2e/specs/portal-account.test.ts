import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, uniqueMobile } from '../support/api.js';
import {
  adminCredentials,
  apiLogin,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';
import { repoRoot } from '../support/server-process.js';
import { openPortalSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/**
 * The client portal's account page and bell (docs/portal.md): a client at 390 px turns the e-mail
 * for "report ready" off and the switch stays off after a reload; with an unread notification (its
 * request declined), the bell says how many.
 */

const SLOW = 180_000;
const PASSWORD = 'Portal-Account-Lantern-41';
const stamp = Date.now().toString(36);
const CLIENT = { firstName: 'Devika', lastName: `Accountwala ${stamp.toUpperCase()}` };
const CLIENT_EMAIL = `devika.account.${stamp}@inspecta.test`;
const REPORT_READY_EMAIL = 'An inspection report of one of my sites is ready: E-mail';
const shotsDir = path.join(repoRoot, 'docs', 'screenshots');

describe('portal account: notification preferences that last, and the bell counting the unread', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let clientToken = '';
  let siteId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = (await apiLogin(adminCredentials().email, adminCredentials().password)).accessToken;
    const { user } = await api<{ user: { id: number } }>(adminToken, 'POST', '/admin/register', {
      userType: 'client',
      ...CLIENT,
      email: CLIENT_EMAIL,
      phone: uniqueMobile(),
      company: `Accountwala Mills ${stamp}`,
      password: PASSWORD,
    });
    const { site } = await api<{ site: { id: number } }>(adminToken, 'POST', '/auth/sites', {
      name: `Accountwala Godown ${stamp}`,
      clientId: user.id,
      addressLine1: '3, Mill Lane',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      contactName: 'Sunil More',
      contactPhone: '98200 11223',
    });
    siteId = site.id;
    await api(adminToken, 'POST', `/auth/save/site/${site.id}`);
    clientToken = (await apiLogin(CLIENT_EMAIL, PASSWORD)).accessToken;
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
  });
  afterEach(() => context?.close());

  /** The portal at 390 px with the client's session planted the way its sign-in leaves it. */
  async function openPortal(route: string) {
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    await openPortalSignedIn(page, CLIENT_EMAIL, PASSWORD, route);
  }

  it(
    'the client turns the e-mail for "report ready" off from the account menu; it survives a reload',
    async () => {
      await openPortal('/portal');
      await page.getByTestId('portal-account').click();
      await page.getByRole('menuitem', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      expect(await page.title()).toContain('Account');
      await expect.poll(() => page.getByText(CLIENT_EMAIL).count()).toBe(1);

      const emailSwitch = page.getByRole('switch', { name: REPORT_READY_EMAIL });
      expect(await emailSwitch.isChecked()).toBe(true);
      const saved = page.waitForResponse(
        (r) => r.url().includes('/auth/me/notification-preferences') && r.request().method() === 'PUT',
      );
      await emailSwitch.click({ force: true });
      expect((await saved).status()).toBe(200);
      await page.getByText('Notification preferences saved').waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      const after = page.getByRole('switch', { name: REPORT_READY_EMAIL });
      await after.waitFor();
      expect(await after.isChecked()).toBe(false);
      // The other channels of the kind, and the other kinds' e-mail, are untouched.
      expect(await page.getByRole('switch', { name: /is ready: In app$/ }).isChecked()).toBe(true);
      expect(
        await page.getByRole('switch', { name: 'One of my shop orders is shipped: E-mail' }).isChecked(),
      ).toBe(true);

      await page.waitForLoadState('networkidle');
      await untilStill(page.locator('body'));
      const width = page.viewportSize()?.width ?? 390;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page
        .locator('.mantine-Notification-root')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 });
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: path.join(shotsDir, 'portal-account-390.png'), fullPage: true });
      await screenshot(page, 'portal-account-390');
    },
    SLOW,
  );

  it(
    'the bell shows the count of unread notifications',
    async () => {
      // The client's request, declined by the administrator: one unread "request updated".
      const { request } = await api<{ request: { id: number } }>(clientToken, 'POST', '/portal/requests', {
        siteId,
        message: `Please check before the audit ${stamp}`,
      });
      await api(adminToken, 'POST', `/inspection-requests/${request.id}/decline`, {
        reason: 'No inspector free that week',
      });
      const { unread } = await api<{ unread: number }>(clientToken, 'GET', '/get/notification?limit=1');
      expect(unread).toBeGreaterThan(0);

      await openPortal('/portal');
      const bell = page.getByRole('link', { name: `Notifications, ${unread} unread` });
      await bell.waitFor();
      expect(await page.getByTestId('portal-bell-count').textContent()).toBe(String(unread));

      // Marking all read on /portal/notifications clears the badge.
      await bell.click();
      await page.getByRole('button', { name: /Mark all/ }).click();
      await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
      expect(await page.getByTestId('portal-bell-count').count()).toBe(0);
    },
    SLOW,
  );
  it(
    'asking to sign out puts the keyboard in the dialog every time; staying gives the account button the focus',
    async () => {
      await openPortal('/portal');
      const account = page.getByTestId('portal-account');
      const focusInDialog = () =>
        page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      for (const round of [1, 2]) {
        await account.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.getByRole('dialog', { name: 'Sign out?' }).waitFor();
        await expect.poll(focusInDialog, { message: `round ${round}` }).toBe(true);
        // The closing menu's focus return (10 ms after it closes, before its dropdown leaves the
        // page) must not take the focus back.
        await page.getByRole('menu').waitFor({ state: 'detached' });
        expect(await focusInDialog(), `round ${round}`).toBe(true);
        await page.getByRole('button', { name: 'Stay signed in' }).click();
        await page.getByRole('dialog', { name: 'Sign out?' }).waitFor({ state: 'detached' });
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
          .toBe('portal-account');
      }
    },
    SLOW,
  );
});
