import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { framesPainted, untilStill } from '../support/waits.js';

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

  async function open(
    width: number,
    path = '/dashboard',
    options: { reducedMotion?: 'reduce'; fakeClock?: boolean } = {},
  ) {
    context = await newContext(browser, width, 900);
    if (options.reducedMotion)
      await context.newPage().then((p) => p.emulateMedia({ reducedMotion: 'reduce' }).then(() => p.close()));
    page = await context.newPage();
    // A clock the test can move; it runs at the normal pace until then.
    if (options.fakeClock) await page.clock.install();
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    await openSignedIn(page, path);
  }

  it('lets a keyboard user skip to the content, and starts each new page at its heading', async () => {
    await open(1400, '/dashboard/site-management');
    await page.getByRole('heading', { name: 'Site Management', level: 1 }).waitFor();
    // The first Tab stop is the skip link, shown once focused.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await screenshot(page, 'skip-link-1400');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Site Management');
    expect(new URL(page.url()).hash).toBe('');

    // A link followed from the sidebar: the new page's heading has the focus.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'User Management' })
      .click();
    const heading = page.getByRole('heading', { name: 'User Management', level: 1 });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('opens the profile menu from the keyboard, and Escape gives the focus back to its button', async () => {
    await open(1400, '/dashboard');
    const button = page.getByTestId('profile-menu');
    const buttonFocused = () => button.evaluate((el) => el === document.activeElement);
    await button.focus();
    // The first Enter also loads the menu's code; the second round opens the menu already loaded.
    for (let round = 1; round <= 2; round++) {
      await page.keyboard.press('Enter');
      await page.getByRole('menu').getByRole('menuitem', { name: 'Settings' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await expect.poll(buttonFocused, { message: `round ${round}` }).toBe(true);
    }
    await page.keyboard.press('Enter');
    await page.getByRole('menu').getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });

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
    await untilStill(page.getByRole('main'));
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
    await drawer.getByRole('link', { name: 'Site Management' }).waitFor();
    // The drawer mounts on its first opening and slides in (hooks/use-overlay-mount.ts): let it land.
    await page.waitForTimeout(400);
    await screenshot(page, 'navigation-drawer-800');
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
    // Record every change of the text as it happens, and the moment the hand starts to wave.
    const record = await greeting.evaluate(
      (element) =>
        new Promise<{ steps: Array<{ text: string; at: number }>; typedAt: number; wavedAt: number }>(
          (resolve, reject) => {
            const steps: Array<{ text: string; at: number }> = [];
            let typedAt = 0;
            const read = () => (element.textContent ?? '').replace('👋', '');
            const observer = new MutationObserver(() => {
              const text = read();
              if (steps[steps.length - 1]?.text !== text) steps.push({ text, at: performance.now() });
              if (!typedAt && element.getAttribute('data-typing') === 'done') typedAt = performance.now();
              if (element.querySelector('[data-waving="true"]')) {
                observer.disconnect();
                resolve({ steps, typedAt, wavedAt: performance.now() });
              }
            });
            steps.push({ text: read(), at: performance.now() });
            observer.observe(element, {
              subtree: true,
              childList: true,
              characterData: true,
              attributes: true,
            });
            setTimeout(() => reject(new Error(`no wave; saw ${JSON.stringify(steps)}`)), 10_000);
          },
        ),
    );
    // It grows one character at a time, about every 100 ms, and ends with the full text.
    const texts = record.steps.map((s) => s.text);
    expect(texts.length).toBeGreaterThan(3);
    expect(texts[texts.length - 1]!.trim()).toBe(full);
    expect(full.startsWith(texts[0]!)).toBe(true);
    const typingSteps = record.steps.slice(1);
    for (const [i, step] of typingSteps.entries()) {
      expect(full.startsWith(step.text)).toBe(true);
      const before = i > 0 ? typingSteps[i - 1]! : undefined;
      if (!before) continue;
      const added = step.text.length - before.text.length;
      expect(added).toBeGreaterThanOrEqual(1);
      // A page held up by a busy machine paints the characters that came due meanwhile together:
      // a step of k characters is allowed only when the page went (k - 1) ticks without painting.
      if (added > 1) expect(step.at - before.at).toBeGreaterThan((added - 1) * 100 * 0.7);
    }
    const first = typingSteps[0]!;
    const last = typingSteps[typingSteps.length - 1]!;
    const perCharacter = (last.at - first.at) / (last.text.length - first.text.length);
    expect(perCharacter).toBeGreaterThan(100 * 0.7);
    expect(perCharacter).toBeLessThan(100 * 3);
    // Then the hand waves, about 300 ms after the typing ended.
    expect(record.wavedAt - record.typedAt).toBeGreaterThan(300 * 0.7);
    expect(await page.getByRole('img', { name: 'waving hand' }).getAttribute('data-waving')).toBe('true');
  });

  it('shows the whole greeting at once and does not wave with reduced motion', async () => {
    await open(1400, '/dashboard', { reducedMotion: 'reduce', fakeClock: true });
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    expect(((await greeting.textContent()) ?? '').replace('👋', '').trim()).toMatch(/^Welcome, \S+/);
    const hand = page.getByRole('img', { name: 'waving hand' });
    await hand.waitFor();
    // Move the page's clock well past the typing and the wave's 300 ms delay: every timer that
    // would start the wave has fired.
    await page.clock.fastForward(5000);
    await framesPainted(page);
    expect(await hand.getAttribute('data-waving')).toBe('false');
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
      // The tab names the page after the product.
      await expect.poll(() => page.title()).toBe(`${title} · Inspecta`);
    }
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    // Under /dashboard, an unknown path keeps the header, sidebar and footer.
    await page.goto('/dashboard/no-such-screen');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await screenshot(page, 'dashboard-not-found-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('searches from the header: blank ignored, Enter navigates, the box refills from the URL', async () => {
    await open(1400, '/dashboard');
    const box = page.getByRole('textbox', { name: 'Global search' });
    expect(await box.getAttribute('placeholder')).toBe('Search by Id, Site name, SiteId no....');
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await box.fill('Andheri park');
    await box.press('Enter');
    await page.waitForURL('**/dashboard/search?query=*');
    expect(new URL(page.url()).searchParams.get('query')).toBe('Andheri park');
    expect(await page.getByTestId('search-term').textContent()).toContain('Andheri park');
    // The blank search went nowhere: one step back is the dashboard, not a search page.
    await page.goBack();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

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
    await untilStill(dialog); // the modal's enter transition has finished before the picture
    await screenshot(page, 'logout-dialog');
    await dialog.getByRole('button', { name: 'No, cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(session.accessToken);

    await page.getByRole('button', { name: 'Log Out' }).click();
    // Logging out sends nothing that is refused: the revocation goes before the dashboard leaves.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    const revoked = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Logout' }).click();
    await page.waitForURL(`${baseURL()}/`);
    expect((await revoked).status()).toBe(200);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
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
