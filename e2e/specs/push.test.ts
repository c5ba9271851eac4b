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

const PASSWORD = 'Push-Owner-2026-ok';

/**
 * Headless Chromium cannot create a real push subscription: PushManager.subscribe answers
 * "AbortError: Registration failed - permission denied" even with the permission granted (it has
 * no push service connection, and this machine has no route to one). Everything around it is real
 * here: the permission, the service worker at /sw.js, the app's calls to the server. Only
 * PushManager.subscribe/getSubscription are replaced by a stand-in that makes a subscription the
 * way a browser does (a fresh P-256 key pair and auth secret, an https endpoint). Delivery to a
 * push service is covered by apps/server/test/push.test.ts against a local fake push service.
 */
const FAKE_PUSH_MANAGER = () => {
  const KEY = '__fake_push_subscription';
  interface Stored {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    appKey: number[];
  }
  const base64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const make = (stored: Stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.appKey).buffer },
    getKey: () => null,
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEY);
      return true;
    },
  });
  if (typeof PushManager === 'undefined') return;
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    if (Notification.permission !== 'granted') throw new DOMException('permission denied', 'NotAllowedError');
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const stored: Stored = {
      endpoint: `https://push.example.invalid/send/${crypto.randomUUID()}`,
      keys: { p256dh: base64Url(raw), auth: base64Url(crypto.getRandomValues(new Uint8Array(16))) },
      appKey: Array.from(new Uint8Array(options?.applicationServerKey as ArrayBuffer)),
    };
    sessionStorage.setItem(KEY, JSON.stringify(stored));
    return make(stored) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (make(JSON.parse(raw) as Stored) as unknown as PushSubscription) : null;
  };
};

async function registrationsOf(token: string) {
  const response = await fetch(`${baseURL()}/api/push/registrations`, { headers: { authorization: token } });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      registrations: Array<{ id: number; pushService: string; refreshedAt: string }>;
    }
  ).registrations;
}

describe('browser notifications (web push)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let token: string;

  /** Waits for the status badge to read `text` (the control is busy meanwhile, without a badge). */
  async function statusShows(text: string) {
    await page.getByTestId('browser-push-status').filter({ hasText: text }).waitFor({ timeout: 30_000 });
  }

  async function openSettings() {
    const session = await apiLogin(email, PASSWORD);
    token = session.accessToken;
    await page.goto('/404-blank-for-storage');
    await page.evaluate(
      ([t, user]) => {
        localStorage.clear();
        localStorage.setItem('accessToken', t);
        localStorage.setItem('userData', user);
      },
      [session.accessToken, JSON.stringify(session.user)] as const,
    );
    await page.goto('/dashboard/setting#notifications');
    await page.getByTestId('browser-push').waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiLogin(adminCredentials().email, adminCredentials().password);
    email = `push.${randomBytes(3).toString('hex')}@inspecta.test`;
    const response = await fetch(`${baseURL()}/api/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin.accessToken },
      body: JSON.stringify({
        userType: 'admin',
        firstName: 'Noor',
        lastName: 'Hasan',
        email,
        password: PASSWORD,
      }),
    });
    if (response.status !== 201) throw new Error(await response.text());
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('serves the service worker at the root, allowed by the CSP', async () => {
    const sw = await fetch(`${baseURL()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain("addEventListener('notificationclick'");
    const page = await fetch(`${baseURL()}/dashboard/setting`);
    expect(page.headers.get('content-security-policy')).toContain("worker-src 'self'");
  });

  it('asks nothing on load; a refused permission shows "Blocked"', async () => {
    context = await newContext(browser);
    page = await context.newPage();
    let asked = 0;
    await page.exposeFunction('__countPermissionRequest', () => {
      asked++;
    });
    await page.addInitScript(() => {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        (window as unknown as { __countPermissionRequest: () => void }).__countPermissionRequest();
        return original(...args);
      };
    });
    await openSettings();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect(asked).toBe(0);
    // Headless Chromium refuses a permission nobody granted, as a user clicking "Block" would.
    await page.getByRole('button', { name: 'Enable' }).click();
    await statusShows('Blocked');
    expect(asked).toBe(1);
    expect(await registrationsOf(token)).toEqual([]);
    await context.close();
  });

  it('enables on click: service worker active at /, registration stored on the server and the device', async () => {
    context = await newContext(browser);
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    page = await context.newPage();
    await page.addInitScript(FAKE_PUSH_MANAGER);
    await openSettings();

    await page.getByRole('button', { name: 'Enable' }).click();
    await statusShows('Enabled on this device');
    const [registration] = await registrationsOf(token);
    expect(registration?.pushService).toBe('https://push.example.invalid');
    const worker = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return { scope: reg?.scope, script: reg?.active?.scriptURL };
    });
    expect(worker.scope).toBe(`${baseURL()}/`);
    expect(worker.script).toBe(`${baseURL()}/sw.js`);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('push_registration'))) ?? '{}');
    expect(stored).toMatchObject({
      id: registration!.id,
      endpoint: expect.stringContaining('push.example.invalid'),
    });
  });

  it('passes axe and looks finished at 1400 and 390 px; stays enabled across a reload', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('browser-push').scrollIntoViewIfNeeded();
    await screenshot(page, 'push-settings-enabled-1400');

    await page.reload();
    await statusShows('Enabled on this device');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('browser-push').scrollIntoViewIfNeeded();
    await screenshot(page, 'push-settings-enabled-390');
    await page.setViewportSize({ width: 1400, height: 900 });
    // axe on the whole settings page plus a reload: slow on a loaded two-core machine.
  }, 120_000);

  it('disables: the server forgets the device and so does local storage', async () => {
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect(await registrationsOf(token)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('push_registration'))).toBeNull();
  });

  it('re-sends a registration older than 7 days when the app starts', async () => {
    await page.getByRole('button', { name: 'Enable' }).click();
    await statusShows('Enabled on this device');
    const [before] = await registrationsOf(token);
    expect(before).toBeDefined();
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await page.evaluate((sentAt) => {
      const record = JSON.parse(localStorage.getItem('push_registration') ?? '{}');
      localStorage.setItem('push_registration', JSON.stringify({ ...record, sentAt }));
    }, eightDaysAgo);
    const patched = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/push/registrations/${before!.id}`),
    );
    await page.goto('/dashboard');
    expect((await patched).status()).toBe(200);
    const [after] = await registrationsOf(token);
    expect(Date.parse(after!.refreshedAt)).toBeGreaterThan(Date.parse(before!.refreshedAt));
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('push_registration'))) ?? '{}');
    expect(stored.sentAt).toBeGreaterThan(eightDaysAgo);
  });

  it('logging out unregisters this device', async () => {
    expect(await registrationsOf(token)).toHaveLength(1);
    const other = await apiLogin(email, PASSWORD);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Yes, Logout' }).click();
    await page.waitForURL(`${baseURL()}/`);
    expect(await registrationsOf(other.accessToken)).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
