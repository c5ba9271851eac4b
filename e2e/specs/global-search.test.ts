import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';

/** A demo site's SiteId no. (the demo data numbers its sites ST-000001…). */
const DEMO_SITE_CODE = 'ST-000003';

describe('global search and the command palette', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(path: string, width = 1400) {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  it('lands on the results with the site of a SiteId no. first, the box refilled, and "Show all" opens the same list', {
    timeout: 120_000,
  }, async () => {
    await open('/dashboard');
    const box = page.getByRole('textbox', { name: 'Global search' });
    await box.fill(DEMO_SITE_CODE.toLowerCase());
    await box.press('Enter');
    await page.waitForURL(`**/dashboard/search?query=${DEMO_SITE_CODE.toLowerCase()}`);
    await page.getByTestId('search-results').waitFor();
    expect(await box.inputValue()).toBe(DEMO_SITE_CODE.toLowerCase());

    // The sites group leads, and its first row is the exact SiteId no., marked as the best match.
    const firstGroup = page.locator('[data-testid^="search-group-"]').first();
    expect(await firstGroup.getAttribute('data-testid')).toBe('search-group-sites');
    const firstRow = firstGroup.getByTestId('search-site').first();
    expect(await firstRow.getAttribute('data-match')).toBe('exact');
    expect(await firstRow.textContent()).toContain(DEMO_SITE_CODE);
    await firstRow.getByTestId('search-best-match').waitFor();
    await screenshot(page, 'global-search-site-code-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The row opens the site page.
    const siteName = (await firstRow.getByRole('link').textContent())!;
    await firstRow.getByRole('link').click();
    await page.getByRole('heading', { name: siteName, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/site-management\/\d+$/);

    // A broad term: the group shows ten and counts them all; "Show all" lands on the list with that count.
    await box.fill('st-0000');
    await box.press('Enter');
    await page.waitForURL('**/dashboard/search?query=st-0000');
    const sites = page.getByTestId('search-group-sites');
    await sites.waitFor();
    const total = Number(await sites.getByTestId('search-group-count').textContent());
    expect(total).toBeGreaterThan(10);
    expect(await sites.getByTestId('search-site').count()).toBe(10);
    await sites.getByRole('link', { name: `Show all ${total} sites` }).click();
    await page.waitForURL('**/dashboard/site-management?search=st-0000');
    await page.getByTestId('site-row').first().waitFor();
    expect(await page.getByTestId('sites-range').textContent()).toMatch(new RegExp(`of ${total} sites$`));
  });

  it('shows the results on a phone', async () => {
    await open('/dashboard/search?query=mumbai', 390);
    await page.getByTestId('search-results').waitFor();
    await screenshot(page, 'global-search-results-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('says what was searched when nothing matches', async () => {
    await open('/dashboard/search?query=zzqx%20nothing%20here');
    await page.getByTestId('search-empty').waitFor();
    expect(await page.getByTestId('search-empty').textContent()).toContain(
      'Nothing matches “zzqx nothing here”',
    );
    expect(await page.getByRole('textbox', { name: 'Global search' }).inputValue()).toBe('zzqx nothing here');
    await screenshot(page, 'global-search-empty-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('Ctrl+K finds a user by name and Enter opens them in User Management; Esc closes', {
    timeout: 180_000,
  }, async () => {
    await open('/dashboard/site-management');
    await page.getByRole('heading', { name: 'Site Management', level: 1 }).waitFor();
    const input = page.getByRole('combobox', { name: 'Search or jump to' });

    // Esc closes the palette without going anywhere.
    await page.keyboard.press('Control+k');
    await input.waitFor();
    // Before typing, the palette offers the main screens.
    await page.getByRole('option', { name: /User Management/ }).waitFor();
    await screenshot(page, 'command-palette-empty-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/site-management');

    await page.keyboard.press('Control+k');
    await input.fill('anjali');
    const userOption = page.getByRole('option', { name: /Anjali Nair/ });
    await userOption.waitFor();
    // The best result is the active option; arrows move and come back. Read inside the palette's
    // own listbox: closed Select dropdowns of the page keep their (hidden) options in the document.
    await page.waitForFunction(() =>
      document
        .querySelector(
          '[role="listbox"][aria-label="Results and screens"] [role="option"][aria-selected="true"]',
        )
        ?.textContent?.includes('Anjali Nair'),
    );
    expect(await input.getAttribute('aria-activedescendant')).toBe(await userOption.getAttribute('id'));
    await input.press('ArrowDown');
    expect(await userOption.getAttribute('aria-selected')).toBe('false');
    await input.press('ArrowUp');
    expect(await userOption.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'command-palette-user-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await input.press('Enter');
    await page.waitForURL(/\/dashboard\/user-management\?user=\d+$/);
    await page.getByRole('dialog').getByText('Anjali Nair').first().waitFor();
  });
});
