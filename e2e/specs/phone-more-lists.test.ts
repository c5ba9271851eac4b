import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/**
 * The lists of issue 21 that were left after the main ones became cards (phone-lists.test.ts): the
 * shop's inventory and categories, a template's version history, and the site page's tabs.
 */
const docsShots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(docsShots, `phone-${name}.png`), fullPage: false });

const PHONE = 390;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The right edge of what `scope` shows, which must be inside the phone's width (nothing cut). */
async function widestRight(scope: Locator): Promise<number> {
  const { right, what } = await scope.evaluate((root) => {
    let right = 0;
    let what = '';
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Hidden text for screen readers is 1 px and clipped: not something a person sees.
      if (getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)') continue;
      // A bar that scrolls sideways inside itself (the shop's tabs) is meant to run past the edge.
      let scroller = el.parentElement;
      while (scroller && scroller !== root.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) break;
        scroller = scroller.parentElement;
      }
      if (scroller && scroller !== root.parentElement) continue;
      if (box.right > right) {
        right = box.right;
        what = `${el.tagName.toLowerCase()}.${el.className} ${el.textContent?.slice(0, 40)}`;
      }
    }
    return { right: Math.round(right), what };
  });
  if (right > PHONE) console.log(`widest: ${right} px, ${what}`);
  return right;
}

describe('more lists on a phone (390 px)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, PHONE, 844);
    page = await context.newPage();
    await openSignedIn(page, '/dashboard');
  });
  afterAll(() => browser.close());

  it('shop inventory: figures, low stock and the chart fit, each product with its stock', async () => {
    await page.goto('/dashboard/shop/inventory');
    const figures = page.getByTestId('inventory-figures');
    await figures.waitFor();
    await page.getByTestId('low-stock-panel').waitFor();
    await untilStill(figures);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    expect(await widestRight(page.locator('main'))).toBeLessThanOrEqual(PHONE);
    const low = page.getByTestId('low-stock-row');
    if ((await low.count()) > 0) {
      const box = (await low.first().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
    }
    await shoot(page, 'shop-inventory');
    await page.getByTestId('low-stock-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'shop-inventory-low-stock');
  });

  it('shop categories: each category a card with its products count, nothing cut', async () => {
    await page.goto('/dashboard/shop/categories');
    const rows = page.getByTestId('category-row');
    await rows.first().waitFor();
    await untilStill(rows.first());
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    expect(await widestRight(page.getByTestId('category-tree'))).toBeLessThanOrEqual(PHONE);
    const count = rows.first().getByTestId('category-product-count');
    expect(await count.isVisible()).toBe(true);
    await shoot(page, 'shop-categories');
  });

  it("a template's version history: each version with its status and date, inside the screen", async () => {
    await page.goto('/dashboard/invoice');
    const row = page.getByTestId('template-row').first();
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    const entry = history.getByTestId('version-entry').first();
    await entry.waitFor();
    await untilStill(entry);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    expect(await widestRight(history)).toBeLessThanOrEqual(PHONE);
    expect(await entry.locator('.mantine-Badge-root').first().isVisible()).toBe(true);
    await shoot(page, 'template-versions');
  });

  it("the site page's tabs: equipment, inspectors and history as cards", async () => {
    await page.goto('/dashboard/site-management/1');
    await page.getByRole('tab', { name: /^Equipment/ }).waitFor();
    const tabs = page.getByRole('tablist');
    // The tab bar fits or scrolls inside itself; the page does not move sideways.
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);

    const unit = page.getByTestId('equipment-row').first();
    await unit.waitFor();
    await untilStill(unit);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    expect(await page.locator('thead:visible').count()).toBe(0);
    expect(await unit.locator('.mantine-Badge-root:visible').first().isVisible()).toBe(true);
    await unit.scrollIntoViewIfNeeded();
    await shoot(page, 'site-equipment');

    await tabs.getByRole('tab', { name: /Assigned inspectors/ }).click();
    const inspectors = page.getByTestId('site-inspectors');
    await inspectors.waitFor();
    const inspector = inspectors.locator('tbody tr').first();
    await untilStill(inspector);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    expect(await page.locator('thead:visible').count()).toBe(0);
    expect(await widestRight(inspectors)).toBeLessThanOrEqual(PHONE);
    expect(await inspector.locator('td[data-label="Open assignments"]').innerText()).toMatch(/\d/);
    await inspectors.scrollIntoViewIfNeeded();
    await shoot(page, 'site-inspectors');

    await tabs.getByRole('tab', { name: /Inspection history/ }).click();
    const history = page.getByTestId('site-history-row').first();
    await history.waitFor();
    await untilStill(history);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE);
    expect(await page.locator('thead:visible').count()).toBe(0);
    expect(await widestRight(page.getByTestId('site-history'))).toBeLessThanOrEqual(PHONE);
    expect(await history.locator('td[data-label="Result"] .mantine-Badge-root').isVisible()).toBe(true);
    await history.scrollIntoViewIfNeeded();
    await shoot(page, 'site-history');
  });
});
