import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  apiLogin,
  baseURL,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }));

describe('sign-in page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('signs an administrator in, stores accessToken and userData, and opens /dashboard', async () => {
    const { email, password } = adminCredentials();
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Inspecta');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

    const stored = await storage(page);
    expect(stored.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const userData = JSON.parse(stored.userData!);
    expect(userData).toMatchObject({ email, userType: 'admin', firstName: 'Admin' });
    expect(typeof userData.id).toBe('number');
  });

  it('shows the validation messages of the shared schema and sends nothing', async () => {
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) loginCalls++;
    });
    await page.goto('/');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(loginCalls).toBe(0);
  });

  it("shows the server's message on a wrong password and stores nothing", async () => {
    await page.goto('/');
    await page.getByLabel('Email').fill(adminCredentials().email);
    await page.getByLabel('Password').fill('definitely-wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The email or password is incorrect');
    expect(page.url()).toBe(`${baseURL()}/`);
    expect(await storage(page)).toEqual({});
    await screenshot(page, 'login-error');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('tells an inspector plainly that the dashboard is for administrators, revokes the session, stores nothing', async () => {
    let revokedWith: string | undefined;
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          accessToken: 'inspector-token-abcdefghijklmnopqrstuvwxyz0123456789AB',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          user: {
            id: 99,
            userType: 'inspector',
            firstName: 'Ivy',
            lastName: 'Field',
            email: 'ivy@example.com',
            phone: null,
            profileImage: null,
          },
        }),
      }),
    );
    await page.route('**/api/auth/logout', (route) => {
      revokedWith = route.request().headers().authorization;
      return route.fulfill({ contentType: 'application/json', body: '{"message":"Signed out"}' });
    });
    await page.goto('/');
    await page.getByLabel('Email').fill('ivy@example.com');
    await page.getByLabel('Password').fill('whatever-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This dashboard is for administrators.').waitFor();
    expect(revokedWith).toBe('inspector-token-abcdefghijklmnopqrstuvwxyz0123456789AB');
    expect(await storage(page)).toEqual({});
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('has no serious accessibility violation on the login page', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('sends /dashboard/* without a token to / and a signed-in user at / to /dashboard', async () => {
    await page.goto('/dashboard/site-management');
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    const { email, password } = adminCredentials();
    const session = await apiLogin(email, password);
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('userData', user);
      },
      [session.accessToken, JSON.stringify(session.user)] as const,
    );
    await page.goto('/');
    await page.waitForURL('**/dashboard');
  });

  /** Signs the admin in through the API and puts the session where the app keeps it. */
  async function storeSession() {
    const { email, password } = adminCredentials();
    const session = await apiLogin(email, password);
    await page.goto('/');
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('userData', user);
        localStorage.setItem('notifications_read', 'true');
      },
      [session.accessToken, JSON.stringify(session.user)] as const,
    );
    return session;
  }

  async function revokeElsewhere(token: string) {
    const revoke = await fetch(`${baseURL()}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: token },
    });
    expect(revoke.status).toBe(200);
  }

  it('returns to / by itself the moment the session is signed out elsewhere', async () => {
    const session = await storeSession();
    const streamOpened = page.waitForResponse((r) => r.url().includes('/api/notifications/stream?'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await streamOpened;

    // The server ends the session's notification stream at once; the app then finds the session
    // gone and logs out, with nothing clicked.
    await revokeElsewhere(session.accessToken);
    await page.waitForURL(`${baseURL()}/`, { timeout: 5_000 });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await storage(page)).toEqual({});
  });

  it('logs out and returns to / when any API call answers 401', async () => {
    const session = await storeSession();
    // No notification stream (as behind a proxy that cannot carry one), so the next API call is
    // the first to learn that the session has ended.
    await page.route('**/api/notifications/stream-ticket', (route) => route.abort());
    // The home's own calls must have answered before the session ends, or one of them would be
    // the 401 that logs out (on a busy machine the heading shows before its figures arrive).
    const homeLoaded = Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/dashboard/data') && r.ok()),
      page.waitForResponse((r) => r.url().includes('/api/get/notification') && r.ok()),
    ]);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await homeLoaded;

    await revokeElsewhere(session.accessToken);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await storage(page)).toEqual({});
  });
});
