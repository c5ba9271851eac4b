import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/** The pictures of the lists on a phone go with the docs (docs/accessibility.md, "Lists on phones"). */
const docsShots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(docsShots, `phone-${name}.png`), fullPage: false });

/** The page is no wider than the phone: nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface PhoneList {
  name: string;
  path: string;
  row: string;
  /** The same list with one filter set through the address. */
  filtered: string;
  /** The sites register's search box is a `type="search"` input. */
  searchRole?: 'searchbox';
}

const LISTS: PhoneList[] = [
  {
    name: 'assignments',
    path: '/dashboard/inspection-management',
    row: 'assignment-row',
    filtered: '/dashboard/inspection-management?status=assigned',
  },
  {
    name: 'inspection-history',
    path: '/dashboard/inspection-management?tab=history',
    row: 'inspection-row',
    filtered: '/dashboard/inspection-management?tab=history&from=2020-01-01',
  },
  {
    name: 'equipment',
    path: '/dashboard/equipment-management',
    row: 'equipment-row',
    filtered: '/dashboard/equipment-management?status=installed',
  },
  {
    name: 'templates',
    path: '/dashboard/invoice',
    row: 'template-row',
    filtered: '/dashboard/invoice?status=published',
  },
  {
    name: 'corrective-actions',
    path: '/dashboard/inspection-management?tab=actions',
    row: 'action-row',
    filtered: '/dashboard/inspection-management?tab=actions&priority=urgent',
  },
  {
    name: 'users',
    path: '/dashboard/user-management',
    row: 'user-row',
    filtered: '/dashboard/user-management?status=active',
  },
  {
    name: 'sites',
    path: '/dashboard/site-management',
    row: 'site-row',
    filtered: '/dashboard/site-management?city=Coimbatore',
    searchRole: 'searchbox',
  },
  {
    name: 'orders',
    path: '/dashboard/shop/orders',
    row: 'order-row',
    filtered: '/dashboard/shop/orders?from=2020-01-01',
  },
];

describe('lists on a phone (390 px)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    await openSignedIn(page, '/dashboard');
  });
  afterAll(() => browser.close());

  for (const list of LISTS) {
    it(`${list.name}: cards with their status, no sideways scrolling, one Filters button`, async () => {
      await page.goto(list.path);
      const rows = page.getByTestId(list.row);
      await rows.first().waitFor();
      await untilStill(rows.first());
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);

      // A card: the row fits the screen, there is no header row, and its status badge is in view.
      const first = rows.first();
      const box = (await first.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await page.locator('thead:visible').count()).toBe(0);
      const badge = first.locator('.mantine-Badge-root:visible').first();
      expect(await badge.isVisible()).toBe(true);
      const badgeBox = (await badge.boundingBox())!;
      expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(390);

      // The filters are folded: the search box shows, a select does not.
      const toggle = page.getByRole('button', { name: /^Filters/ });
      expect(await toggle.textContent()).toBe('Filters');
      expect(
        await page
          .getByRole(list.searchRole ?? 'textbox', { name: /^Search/ })
          .first()
          .isVisible(),
      ).toBe(true);
      await shoot(page, list.name);

      // With a filter set the button counts it.
      await page.goto(list.filtered);
      await expect
        .poll(() => page.getByRole('button', { name: /^Filters/ }).textContent())
        .toBe('Filters (1)');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    });
  }

  it("Inspection Management's tabs: the chosen one in view, a fade where more lie, no scrollbar standing", async () => {
    const strip = page.getByTestId('tab-strip').first();
    const chosen = page.getByTestId('assignment-tabs').locator('label[data-active]');
    const inView = async () => {
      const box = (await chosen.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    };
    // Opened at the last tab from its address: the strip is scrolled to it, more lies to the left.
    await page.goto('/dashboard/inspection-management?tab=actions');
    await page.getByTestId('action-row').first().waitFor();
    expect(await chosen.textContent()).toBe('Corrective actions');
    await expect.poll(inView).toBe(true);
    await expect.poll(() => strip.getAttribute('data-more-start')).not.toBeNull();
    // The scrollbar shows only while the strip scrolls.
    expect(await strip.locator('.mantine-ScrollArea-scrollbar:visible').count()).toBe(0);

    // At the first tab more lies to the right, and no fade stands over the first tab.
    await page.goto('/dashboard/inspection-management');
    await page.getByTestId('assignment-row').first().waitFor();
    expect(await chosen.textContent()).toBe('Active');
    await expect.poll(() => strip.getAttribute('data-more-end')).not.toBeNull();
    expect(await strip.getAttribute('data-more-start')).toBeNull();
    expect(await strip.locator('.mantine-ScrollArea-scrollbar:visible').count()).toBe(0);
  });

  it('users: the list box does not scroll sideways, a card shows its status, and a Sort by select sorts', async () => {
    await page.goto('/dashboard/user-management');
    const first = page.getByTestId('user-row').first();
    await first.waitFor();
    await untilStill(first);
    // The table's own box (it scrolled sideways inside itself before the cards).
    const box = page.getByTestId('users-table').locator('xpath=..');
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect((await box.boundingBox())!.width).toBeLessThanOrEqual(390);
    // The status line is labelled from its header, without the sort button's hidden words.
    const status = first.locator('td[data-label="Status"]');
    expect(await status.locator('.mantine-Badge-root').isVisible()).toBe(true);
    expect(await first.locator('td[data-label="Role"]').isVisible()).toBe(true);

    const sort = page.getByRole('textbox', { name: 'Sort by' });
    expect(await sort.isVisible()).toBe(true);
    await sort.click();
    await page.getByRole('option', { name: 'Name, A to Z' }).click();
    await page.waitForURL(/sort=name/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  it('templates: a status chosen in the folded filters is counted on the button', async () => {
    await page.goto('/dashboard/invoice');
    await page.getByTestId('template-row').first().waitFor();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('textbox', { name: 'Status' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await expect.poll(() => toggle.textContent()).toBe('Filters (1)');
    await page.waitForURL(/status=published/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await shoot(page, 'templates-filters-open');
  });
});
