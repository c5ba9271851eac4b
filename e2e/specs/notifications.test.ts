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

const PASSWORD = 'Watch-The-Bell-2026';

async function registerAdmin(token: string, firstName: string, lastName: string) {
  const email = `${firstName}.${randomBytes(3).toString('hex')}@inspecta.test`.toLowerCase();
  const response = await fetch(`${baseURL()}/api/admin/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ userType: 'admin', firstName, lastName, email, password: PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: number } };
  return { id: body.user.id, email };
}

/** Opens `path` as this user, with the session planted the way the login page leaves it. */
async function openAs(page: Page, email: string, path: string) {
  const session = await apiLogin(email, PASSWORD);
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
  return session;
}

/**
 * A fresh administrator watches the dashboard while the e2e administrator, in another session,
 * registers people: each registration reaches the watcher's bell and list without a reload.
 */
describe('notifications in real time', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  let watcherEmail: string;
  const dot = () => page.getByTestId('notification-dot');
  const items = () => page.getByTestId('notification-item');

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    adminToken = (await apiLogin(email, password)).accessToken;
    watcherEmail = (await registerAdmin(adminToken, 'Watcher', 'Bell')).email;
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('starts with an empty list and no dot', async () => {
    await openAs(page, watcherEmail, '/dashboard/notification');
    await page.getByTestId('notifications-empty').waitFor();
    expect(await dot().count()).toBe(0);
    await expect(page.getByTestId('notifications-mark-all').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'notifications-empty-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the bell dot when an event happens in another session, without a reload', async () => {
    const streamOpen = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/notifications/stream' && r.status() === 200,
    );
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
    // The server subscribes the stream to its user before it answers.
    await streamOpen;
    await registerAdmin(adminToken, 'Kavya', 'Nair');
    await dot().waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
      true,
    );
    await screenshot(page, 'notifications-bell-realtime');

    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.waitForURL('**/dashboard/notification');
    await dot().waitFor({ state: 'detached' });
    await items().first().waitFor();
    expect(await items().first().textContent()).toContain('New administrator: Kavya Nair');
    expect(await page.getByRole('heading', { name: 'Today', level: 2 }).count()).toBe(1);
  });

  it('adds new notifications to the open list, emphasises unread ones, and marks all read', async () => {
    await registerAdmin(adminToken, 'Arjun', 'Mehta');
    await expect.poll(() => items().count(), { timeout: 10_000 }).toBe(2);
    expect(await items().first().textContent()).toContain('Arjun Mehta');
    expect(await items().first().getAttribute('data-unread')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-list-1400');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'notifications-list-800');
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.getByTestId('notifications-mark-all').click();
    await expect
      .poll(() => page.locator('[data-testid="notification-item"][data-unread="true"]').count())
      .toBe(0);
    await expect.poll(() => page.getByTestId('notifications-mark-all').isDisabled()).toBe(true);
  });

  it('opens the object on click and deletes a notification', async () => {
    const newcomer = await registerAdmin(adminToken, 'Rohan', 'Pillai');
    await expect.poll(() => items().count(), { timeout: 10_000 }).toBe(3);
    await items().first().getByTestId('notification-open').click();
    await page.waitForURL(`**/dashboard/user-management?user=${newcomer.id}`);
    await page.goBack();
    await items().first().waitFor();
    expect(await items().first().getAttribute('data-unread')).toBe('false');

    await items().first().getByTestId('notification-delete').click();
    await expect.poll(() => items().count()).toBe(2);
    expect(await page.getByText('Rohan Pillai').count()).toBe(0);
  });
});
