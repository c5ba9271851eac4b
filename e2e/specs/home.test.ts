import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  screenshot,
  screenshotDir,
  seriousA11yViolations,
} from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/** Waits until the data has arrived and the page has stopped moving (charts drawn, transitions done). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.getByRole('main'));
}

const WEEKLY_CHART = 'Bar chart of inspections completed per week, passed and failed';

/**
 * A chart is drawn once it comes near the viewport (a skeleton with its test id until then), so a
 * test scrolls to it as a user would, then waits for its panel (the skeleton may be swapped for the
 * chart while the scroll happens).
 */
async function scrollToChart(page: Page, testId: string) {
  await page
    .getByTestId(testId)
    .evaluate((element) => element.scrollIntoView({ block: 'center' }))
    .catch(() => undefined);
  await page.getByTestId(testId).getByRole('heading', { level: 2 }).waitFor();
}

/** The number on a figure card, as the user reads it ("1,234" → 1234). */
async function figureValue(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`figure-${key}`).getByTestId('figure-value').textContent();
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

describe('home dashboard', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(width: number, height = 900) {
    context = await newContext(browser, width, height);
    page = await context.newPage();
    await openSignedIn(page, '/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByTestId('figure-activeSites').waitFor();
  }

  it('shows the figures and charts from the demo data, and a figure opens the list it counts', async () => {
    await open(1400);
    for (const key of [
      'activeSites',
      'equipmentInstalled',
      'inspectors',
      'clients',
      'openAssignments',
      'overdueAssignments',
      'completedThisMonth',
      'passRateThisMonth',
    ]) {
      await page.getByTestId(`figure-${key}`).waitFor();
    }
    expect(await figureValue(page, 'activeSites')).toBeGreaterThan(0);
    expect(await figureValue(page, 'equipmentInstalled')).toBeGreaterThan(0);
    expect(await figureValue(page, 'inspectors')).toBeGreaterThan(0);
    // The charts drew: the weekly bars' SVG, the due donut and its linked legend.
    await scrollToChart(page, 'chart-weekly');
    const weekly = page.getByTestId('chart-weekly');
    await weekly.getByLabel(WEEKLY_CHART).locator('svg').first().waitFor();
    // Its legend names both series.
    for (const series of ['Passed', 'Failed'])
      await weekly.getByText(series, { exact: true }).first().waitFor();
    await scrollToChart(page, 'chart-due');
    const dueCounts = await page
      .getByTestId('chart-due')
      .getByTestId('due-count')
      .evaluateAll((cells) => cells.map((c) => Number(c.textContent?.replace(/[^\d]/g, ''))));
    expect(dueCounts).toHaveLength(3);
    const dueTotal = dueCounts.reduce((sum, n) => sum + n, 0);
    expect(dueTotal).toBe(await figureValue(page, 'equipmentInstalled'));
    expect(await page.getByTestId('activity-row').count()).toBeGreaterThan(0);
    await scrollToChart(page, 'chart-failing-sites');
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await screenshot(page, 'home-1400');
    await page.screenshot({ path: path.join(screenshotDir, 'home-1400-full.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Overdue opens exactly the overdue assignments: as many rows as the card says (one page).
    const overdue = await figureValue(page, 'overdueAssignments');
    await page.getByTestId('figure-overdueAssignments').click();
    await page.waitForURL(/\/dashboard\/inspection-management\?tab=overdue$/);
    await page.getByRole('heading', { name: 'Inspection Management', level: 1 }).waitFor();
    if (overdue > 0) {
      await page.getByTestId('assignment-row').first().waitFor();
      await expect
        .poll(() => page.locator('[data-testid="assignment-row"][data-overdue="true"]').count())
        .toBe(Math.min(overdue, 20));
    }

    // Active sites opens the site register on its Active tab.
    await page.goBack();
    await page.getByTestId('figure-activeSites').click();
    await page.waitForURL(/\/dashboard\/site-management\?status=active$/);
    await page.getByRole('heading', { name: 'Site Management', level: 1 }).waitFor();

    // Equipment installed opens the register filtered to units not retired, and counts as many.
    await page.goBack();
    const installed = await figureValue(page, 'equipmentInstalled');
    await page.getByTestId('figure-equipmentInstalled').click();
    await page.waitForURL(/\/dashboard\/equipment-management\?status=installed$/);
    await page.getByRole('heading', { name: 'Equipment Management', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Status' }).inputValue())
      .toBe('Installed (not retired)');
    await expect
      .poll(() => page.getByTestId('list-range').textContent())
      .toMatch(new RegExp(` of ${installed.toLocaleString('en-IN')} units$`));
    await settle(page);
    await screenshot(page, 'equipment-installed-1400');
  }, 150_000);

  it('reads well on a phone', async () => {
    await open(390, 844);
    // Below the figures on a phone: not drawn (nor its code loaded) until scrolled near.
    expect(await page.getByTestId('chart-failing-sites').getByRole('heading').count()).toBe(0);
    for (const chart of ['chart-weekly', 'chart-due', 'chart-failing-sites'])
      await scrollToChart(page, chart);
    await page.getByTestId('chart-weekly').getByLabel(WEEKLY_CHART).locator('svg').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-390');
    await page.screenshot({ path: path.join(screenshotDir, 'home-390-full.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 150_000);
});
