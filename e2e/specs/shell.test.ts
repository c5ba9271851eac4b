import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';

const SIDEBAR_ENTRIES = [
  'Dashboard',
  'User Management',
  'Site Management',
  'Inspection Management',
  'Equipment Management',
  'Organization Management',
  'Device Management',
  'Template Management',
  'Settings',
  'Log Out',
];

const ROUTES: Array<[string, string]> = [
  ['/dashboard', 'Home'],
  ['/dashboard/user-management', 'User Management'],
  ['/dashboard/site-management', 'Site Management'],
  ['/dashboard/inspection-management', 'Inspection Management'],
  ['/dashboard/equipment-management', 'Equipment Management'],
  ['/dashboard/orders', 'Equipment'],
  ['/dashboard/picategory', 'Inspection'],
  ['/dashboard/invoice', 'Template Management'],
  ['/dashboard/setting', 'Settings'],
  ['/dashboard/notification', 'Notifications'],
  ['/dashboard/search?query=ST-000001', 'Search results'],
];

describe('dashboard shell', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context.close());

  async function open(width: number, path = '/dashboard', options: { reducedMotion?: 'reduce' } = {}) {
    context = await newContext(browser, width, 900);
    if (options.reducedMotion)
      await context.newPage().then((p) => p.emulateMedia({ reducedMotion: 'reduce' }).then(() => p.close()));
    page = await context.newPage();
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    await openSignedIn(page, path);
  }

  it('lays out header, sidebar (2/12), content (10/12) and footer at 1400 px', async () => {
    await open(1400);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const main = page.getByRole('main');
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await main.boundingBox())!;
    expect(navBox.width / 1400).toBeGreaterThan(2 / 12 - 0.02);
    expect(navBox.width / 1400).toBeLessThan(2 / 12 + 0.02);
    expect(mainBox.x).toBeGreaterThanOrEqual(navBox.x + navBox.width - 1);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').textContent()).toContain(
      '© 2025 UGC Inspecta. All Rights Reserved.',
    );
    for (const name of ['HOME', 'USERS', 'SITES', 'EQUIPMENT']) {
      expect(await page.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    const labels = await nav.locator('a, button').allInnerTexts();
    expect(labels.map((l) => l.trim()).filter((l) => SIDEBAR_ENTRIES.includes(l))).toEqual(SIDEBAR_ENTRIES);
    await page
      .getByTestId('greeting')
      .locator('[data-typing="done"]')
      .or(page.locator('[data-testid="greeting"][data-typing="done"]'))
      .waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'dashboard-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('turns the sidebar into a drawer below 992 px (800 px)', async () => {
    await open(800);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'dashboard-800');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Site Management' }).click();
    await page.waitForURL('**/dashboard/site-management');
    await page.getByRole('heading', { name: 'Site Management', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('types the greeting one character per 100 ms, then waves 300 ms later', async () => {
    context = await newContext(browser, 1400, 900);
    page = await context.newPage();
    const session = await openSignedIn(page, '/dashboard');
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    const full = `Welcome, ${session.user.firstName}`;
    const samples: string[] = [];
    const started = Date.now();
    while (Date.now() - started < 3000) {
      samples.push(((await greeting.textContent()) ?? '').replace('👋', ''));
      if ((await greeting.getAttribute('data-typing')) === 'done') break;
      await page.waitForTimeout(60);
    }
    const elapsed = Date.now() - started;
    // It grows one prefix at a time and ends with the full text, taking about len × 100 ms.
    expect(samples.some((s) => s.length > 0 && s.length < full.length)).toBe(true);
    for (const s of samples) expect(full.startsWith(s.trim()) || s.trim() === '').toBe(true);
    expect(elapsed).toBeGreaterThan(full.length * 100 * 0.5);
    expect(((await greeting.textContent()) ?? '').replace('👋', '').trim()).toBe(full);
    await page.locator('[data-testid="greeting-wave"][data-waving="true"]').waitFor({ timeout: 2000 });
  });

  it('shows the whole greeting at once and does not wave with reduced motion', async () => {
    await open(1400, '/dashboard', { reducedMotion: 'reduce' });
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    expect(((await greeting.textContent()) ?? '').replace('👋', '').trim()).toMatch(/^Welcome, \S+/);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="greeting-wave"][data-waving="true"]').count()).toBe(0);
  });

  it('opens the submenus that contain the current path and highlights the current entry', async () => {
    await open(1400, '/dashboard/orders');
    await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const menu of ['Organization Management', 'Device Management']) {
      expect(await nav.getByRole('button', { name: menu }).getAttribute('aria-expanded')).toBe('true');
    }
    const current = nav.locator('[aria-current="page"]');
    expect((await current.allInnerTexts()).map((t) => t.trim())).toContain('Equipment');

    // On a page outside both submenus they start closed, and open on a click.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const org = nav.getByRole('button', { name: 'Organization Management' });
    expect(await org.getAttribute('aria-expanded')).toBe('false');
    await org.click();
    expect(await org.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Inspection', exact: true }).first().click();
    await page.waitForURL('**/dashboard/picategory');
    await page.getByRole('heading', { name: 'Inspection', level: 1 }).waitFor();
    await screenshot(page, 'submenu-open');
  });

  it('covers the page with the loading overlay while a route loads, and removes it when done', async () => {
    await open(1400, '/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    // Hold back the next page's code so the navigation stays in progress for a moment.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Template Management' })
      .click();
    await page.getByTestId('route-loading').waitFor({ state: 'visible' });
    release();
    await page.getByRole('heading', { name: 'Template Management', level: 1 }).waitFor();
    await page.getByTestId('route-loading').waitFor({ state: 'detached' });
  });

  it('has every route of the spec, each with its title', async () => {
    await open(1400, '/dashboard');
    for (const [path, title] of ROUTES) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    }
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
  });

  it('searches from the header: blank ignored, Enter navigates, the box refills from the URL', async () => {
    await open(1400, '/dashboard');
    const box = page.getByRole('textbox', { name: 'Global search' });
    expect(await box.getAttribute('placeholder')).toBe('Search by Id, Site name, SiteId no....');
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await box.fill('Andheri park');
    await box.press('Enter');
    await page.waitForURL('**/dashboard/search?query=*');
    expect(new URL(page.url()).searchParams.get('query')).toBe('Andheri park');
    expect(await page.getByTestId('search-term').textContent()).toContain('Andheri park');

    await page.goto('/dashboard/search?query=ST-000007');
    await page.getByRole('heading', { name: 'Search results', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Global search' }).inputValue()).toBe('ST-000007');
  });

  it('asks before logging out; confirming revokes the session, clears storage and returns to /', async () => {
    context = await newContext(browser, 1400, 900);
    page = await context.newPage();
    const session = await openSignedIn(page, '/dashboard', {
      notifications_read: 'true',
      last_seen_notify_id: '1',
    });
    await page.getByRole('button', { name: 'Log Out' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to log out?').waitFor();
    await page.waitForTimeout(400); // let the modal's enter transition finish before the picture
    await screenshot(page, 'logout-dialog');
    await dialog.getByRole('button', { name: 'No, cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(session.accessToken);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Logout' }).click();
    await page.waitForURL(`${baseURL()}/`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const me = await fetch(`${baseURL()}/api/auth/me`, { headers: { authorization: session.accessToken } });
    expect(me.status).toBe(401);
  });

  it('shows initials when the user has no profile image', async () => {
    await open(1400, '/dashboard');
    const avatar = page.getByRole('banner').getByRole('img', { name: 'Admin User' });
    expect((await avatar.textContent())?.trim()).toBe('AU');
  });
});
