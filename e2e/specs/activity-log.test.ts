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
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

const suffix = Date.now().toString(36).slice(-5).toUpperCase();

/** The page is no wider than the viewport: nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The activity log (docs/activity-log.md): an administrator renames a site, finds the change in the
 * activity log by filtering, reads it field by field, and sees it in the site's Activity tab; on a
 * phone the log is cards and nothing is wider than the screen.
 */
describe('activity log', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: { id: number; name: string; siteCode: string };
  const renamed = `Activity Check ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    const { accessToken } = await apiLogin(email, password);
    const response = await fetch(`${baseURL()}/api/auth/get/all/sites?status=active&limit=1`, {
      headers: { authorization: accessToken },
    });
    const body = (await response.json()) as { sites: Array<{ id: number; name: string; siteCode: string }> };
    site = body.sites[0]!;
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(path: string, width = 1400, height = 900) {
    context = await newContext(browser, width, height);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  async function choose(label: string, option: string) {
    await page.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('shows an admin the rename of a site they just made, filtered, field by field', async () => {
    // The change: rename the site through its edit steps (the first step saves it).
    await open(`/dashboard/site-management/${site.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByTestId('wizard-step-details').waitFor();
    await page.getByRole('textbox', { name: 'Site name' }).fill(renamed);
    await page.getByRole('button', { name: /^Save and (continue|review)$/ }).click();
    await page.getByTestId('wizard-step-address').waitFor();

    // The log is in the profile menu (the sidebar is SPEC.md's).
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Activity log' }).click();
    await page.waitForURL(/\/dashboard\/activity$/);
    await page.getByRole('heading', { name: 'Activity log', level: 1 }).waitFor();
    await page.getByTestId('activity-row').first().waitFor();

    // Filter: sites, the update action, and the new name.
    await choose('Record type', 'Site');
    await page.waitForURL(/type=site/);
    await choose('Action', 'site.update');
    await page.waitForURL(/action=site\.update/);
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(renamed);
    await page.waitForURL(/search=/);
    await page.waitForFunction(
      (name) => {
        const rows = document.querySelectorAll('[data-testid="activity-row"]');
        return rows.length === 1 && rows[0]!.textContent!.includes(name);
      },
      renamed,
      { timeout: 10_000 },
    );
    const row = page.getByTestId('activity-row').first();
    expect(await row.textContent()).toContain('updated site');
    expect(await row.getAttribute('data-action')).toBe('site.update');

    // Field by field: the name before and after.
    await row.getByRole('button', { name: /Show the changes of/ }).click();
    const change = page.locator('[data-testid="activity-change"][data-field="name"]');
    await change.waitFor();
    const cells = await change.locator('th, td').allInnerTexts();
    expect(cells[0]).toBe('Site name');
    expect(cells[1]).toContain(site.name);
    expect(cells[2]).toContain(renamed);
    // Derived columns (the site's search text) are bookkeeping, not a change anyone made.
    expect(await page.locator('[data-testid="activity-change"][data-field="searchText"]').count()).toBe(0);
    await untilStill(change);
    await screenshot(page, 'activity-log-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The record's link opens the site; its Activity tab shows the same change.
    await row.getByRole('link', { name: new RegExp(renamed) }).click();
    await page.waitForURL(new RegExp(`/dashboard/site-management/${site.id}`));
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.waitForURL(/tab=activity/);
    const history = page.getByTestId('activity-history');
    const latest = history.getByTestId('activity-row').first();
    await latest.waitFor();
    expect(await latest.getAttribute('data-action')).toBe('site.update');
    await latest.getByRole('button', { name: /Show the changes of/ }).click();
    const inTab = history.locator('[data-testid="activity-change"][data-field="name"]');
    await inTab.waitFor();
    expect(await inTab.textContent()).toContain(renamed);
    // The Inspection history tab keeps its name: the two read apart.
    expect(await page.getByRole('tab', { name: 'Inspection history' }).count()).toBe(1);
    await untilStill(inTab);
    await screenshot(page, 'activity-site-tab-1400');

    // "Open in the activity log" filters the log to this site.
    await history.getByRole('link', { name: /Open in the activity log/ }).click();
    await page.waitForURL(new RegExp(`object=site%3A${site.id}|object=site:${site.id}`));
    await page.getByTestId('activity-object-filter').waitFor();
    await page.getByTestId('activity-row').first().waitFor();
    for (const action of await page
      .getByTestId('activity-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))))
      expect(action).toMatch(/^site\./);
  });

  it('on a phone (390 px): cards, folded filters, the changes stacked, nothing wider than the screen', async () => {
    await open(
      `/dashboard/activity?type=site&action=site.update&search=${encodeURIComponent(renamed)}`,
      390,
      844,
    );
    const card = page.getByTestId('activity-row').first();
    await card.waitFor();
    expect(await page.getByTestId('activity-cards').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Filters/ }).textContent()).toBe('Filters (2)');
    await card.getByRole('button', { name: /Show the changes of/ }).click();
    const change = page.locator('[data-testid="activity-change"][data-field="name"]');
    await change.waitFor();
    await untilStill(change);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'activity-log-390');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('textbox', { name: 'Record type', exact: true }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, 'activity-log-filters-390');

    await page.goto(`/dashboard/site-management/${site.id}?tab=activity`);
    const latest = page.getByTestId('activity-history').getByTestId('activity-row').first();
    await latest.waitFor();
    await latest.getByRole('button', { name: /Show the changes of/ }).click();
    await page.getByTestId('activity-history').getByTestId('activity-changes').first().waitFor();
    await untilStill(latest);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, 'activity-site-tab-390');
  });

  it("shows a template's changes in its History drawer, under the versions", async () => {
    const { email, password } = adminCredentials();
    const { accessToken } = await apiLogin(email, password);
    const response = await fetch(`${baseURL()}/api/templates?limit=1`, {
      headers: { authorization: accessToken },
    });
    const template = ((await response.json()) as { templates: Array<{ id: number }> }).templates[0]!;
    await open(`/dashboard/invoice/${template.id}`);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const drawer = page.getByTestId('version-history');
    const history = drawer.getByTestId('activity-history');
    await history.waitFor();
    await drawer.getByRole('heading', { name: 'Activity' }).waitFor();
    await history
      .getByTestId('activity-history-empty')
      .or(history.getByTestId('activity-row').first())
      .waitFor();
    expect(await history.getByRole('link', { name: /Open in the activity log/ }).getAttribute('href')).toBe(
      `/dashboard/activity?object=template%3A${template.id}`,
    );
    await untilStill(history);
    await screenshot(page, 'activity-template-history-1400');
  });
});
