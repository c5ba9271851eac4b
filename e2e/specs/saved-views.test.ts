import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  apiLogin,
  baseURL,
  launchBrowser,
  newContext,
  seriousA11yViolations,
} from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/** The pictures go with docs/saved-views.md. */
const docsShots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(docsShots, `saved-views-${name}.png`), fullPage: false });

const PASSWORD = 'Lantern-Orchard-Copper-58';

/** The ids of the site rows shown, in order. */
const siteIds = (page: Page) =>
  page.getByTestId('site-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-site-id')));

/** Whether the sites table shows its City column (header and first row). */
async function cityShown(page: Page): Promise<{ header: boolean; cell: boolean }> {
  const header = page.getByTestId('sites-table').locator('th', { hasText: /^City$/ });
  const cell = page.getByTestId('site-row').first().locator('td[data-label="City"]');
  return { header: await header.isVisible(), cell: await cell.isVisible() };
}

describe('saved views on the sites register', () => {
  let browser: Browser;
  const tag = randomInt(100_000, 999_999);
  const viewName = `Active, Z to A ${tag}`;
  const emailB = `kavya.menon.${tag}@inspecta.in`;
  let rowsOfA: Array<string | null> = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    const token = (await apiLogin(email, password)).accessToken;
    // Admin B, who sees A's shared view.
    const created = await fetch(`${baseURL()}/api/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        userType: 'admin',
        firstName: 'Kavya',
        lastName: 'Menon',
        email: emailB,
        password: PASSWORD,
      }),
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => browser.close());

  async function openAsB(context: BrowserContext, url: string): Promise<Page> {
    const page = await context.newPage();
    const session = await apiLogin(emailB, PASSWORD);
    await page.goto('/404-blank-for-storage');
    await page.evaluate(
      ([token, user]) => {
        localStorage.clear();
        localStorage.setItem('accessToken', token);
        localStorage.setItem('userData', user);
        localStorage.setItem('notifications_read', 'true');
      },
      [session.accessToken, JSON.stringify(session.user)] as const,
    );
    await page.goto(url);
    return page;
  }

  it('admin A filters and sorts the sites, hides a column and saves the view, shared', async () => {
    const context = await newContext(browser, 1400, 900);
    const page = await context.newPage();
    await openSignedIn(page, '/dashboard/site-management');
    await page.getByTestId('site-row').first().waitFor();

    await page.getByTestId('status-tab-active').click();
    await page.waitForURL(/status=active/);
    await page.getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name, Z to A' }).click();
    await page.waitForURL(/sort=-name/);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'City', exact: true }).uncheck();
    await page.keyboard.press('Escape');
    await expect.poll(() => cityShown(page)).toEqual({ header: false, cell: false });
    await expect.poll(() => page.getByRole('button', { name: 'Columns (1 hidden)' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the list as a view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(viewName);
    await dialog.getByRole('checkbox', { name: /Share with the other administrators/ }).check();
    await shoot(page, 'save-dialog');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const toggle = page.getByTestId('saved-views-toggle');
    await expect.poll(() => toggle.textContent()).toBe(`View: ${viewName}`);

    await untilStill(page.getByTestId('site-row').first());
    rowsOfA = await siteIds(page);
    expect(rowsOfA.length).toBeGreaterThan(1);

    // A different filter: the view is still named, and marked changed.
    await page.getByTestId('status-tab-all').click();
    await page.waitForURL((url) => !url.search.includes('status='));
    await expect.poll(() => page.getByTestId('saved-view-changed').isVisible()).toBe(true);
    await shoot(page, 'changed-1400');
    await context.close();
  });

  it('admin B finds it among the shared views, applies it by keyboard and gets the same rows and columns', async () => {
    const context = await newContext(browser, 1400, 900);
    const page = await openAsB(context, '/dashboard/site-management');
    await page.getByTestId('site-row').first().waitFor();
    expect((await cityShown(page)).header).toBe(true);

    const toggle = page.getByTestId('saved-views-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const option = page.getByRole('menuitem', { name: new RegExp(viewName) });
    await option.waitFor();
    await untilStill(page.getByTestId('saved-views-menu'));
    await page.waitForTimeout(200); // the menu's fade-in
    expect(await page.getByText('Shared by other administrators').isVisible()).toBe(true);
    expect(await option.textContent()).toContain('by ');
    // Neither "Update", "Rename" nor "Delete" for a view that is not B's.
    await shoot(page, 'menu-1400');
    expect(await page.getByRole('menuitem', { name: /^Delete/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await option.focus();
    await page.keyboard.press('Enter');

    await page.waitForURL(/status=active/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-name');
    await expect.poll(() => toggle.textContent()).toBe(`View: ${viewName}`);
    await untilStill(page.getByTestId('site-row').first());
    await expect.poll(() => siteIds(page)).toEqual(rowsOfA);
    await expect.poll(() => cityShown(page)).toEqual({ header: false, cell: false });
    expect(await page.getByTestId('saved-view-changed').count()).toBe(0);
    // The hidden column stays hidden after a reload.
    await page.reload();
    await page.getByTestId('site-row').first().waitFor();
    await expect.poll(() => cityShown(page)).toEqual({ header: false, cell: false });
    await expect.poll(() => toggle.textContent()).toBe(`View: ${viewName}`);
    await shoot(page, 'applied-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('works on a phone: the Views and Columns buttons fit, and the hidden column leaves the cards', async () => {
    const context = await newContext(browser, 390, 844);
    const page = await openAsB(context, '/dashboard/site-management?status=active&sort=-name');
    const first = page.getByTestId('site-row').first();
    await first.waitFor();
    await untilStill(first);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const toggle = page.getByTestId('saved-views-toggle');
    // A fresh browser shows every column, so the list does not match the view yet.
    expect(await toggle.textContent()).toBe('Views');
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await toggle.click();
    await page.getByRole('menuitem', { name: new RegExp(viewName) }).click();
    await expect.poll(() => toggle.textContent()).toBe(`View: ${viewName}`);
    await expect.poll(() => first.locator('td[data-label="City"]').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'phone');
    await context.close();
  });

  /** The sites table's shown headers, left to right, and the first row's labelled cells. */
  const shownColumns = (page: Page) =>
    page.getByTestId('sites-table').evaluate((table) => {
      const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
      const text = (el: Element) => el.getAttribute('data-card-label') ?? el.textContent?.trim() ?? '';
      return {
        headers: Array.from(table.querySelectorAll('thead th')).filter(shown).map(text).filter(Boolean),
        cells: Array.from(table.querySelectorAll('tbody tr:first-child td[data-label]'))
          .filter(shown)
          .map((td) => td.getAttribute('data-label')),
      };
    });

  it('admin B makes the shared view their default: the list opens with it, and a moved column moves', async () => {
    const context = await newContext(browser, 1400, 900);
    const page = await openAsB(context, '/dashboard/site-management?status=active&sort=-name');
    await page.getByTestId('site-row').first().waitFor();
    const toggle = page.getByTestId('saved-views-toggle');
    await toggle.click();
    await page.getByRole('menuitem', { name: new RegExp(viewName) }).click();
    await expect.poll(() => toggle.textContent()).toBe(`View: ${viewName}`);
    await toggle.click();
    await page.getByRole('menuitem', { name: `Open the list with “${viewName}”` }).click();
    await page.getByText(`“${viewName}” opens with the Sites list now`).waitFor();

    // Opened with nothing in its address (the sidebar's link, a bookmark), the list takes the view.
    await page.goto('/dashboard/site-management');
    await page.waitForURL(/status=active/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-name');
    // The router shows the new address once the list's rows for it have loaded (a transition).
    await expect.poll(() => toggle.textContent(), { timeout: 20_000 }).toBe(`View: ${viewName}`);
    await untilStill(page.getByTestId('site-row').first());
    await expect.poll(() => siteIds(page)).toEqual(rowsOfA);
    await expect.poll(() => cityShown(page)).toEqual({ header: false, cell: false });
    await toggle.click();
    await page.getByTestId('saved-view-default-badge').waitFor();
    expect(await page.getByRole('menuitem', { name: /Clear default/ }).isVisible()).toBe(true);
    await page.waitForTimeout(200); // the menu's fade-in
    await shoot(page, 'default-menu-1400');
    await page.keyboard.press('Escape');

    // Status moves two places left by keyboard: the headers and the cells follow.
    const before = await shownColumns(page);
    expect(before.headers.slice(-4)).toEqual(['Client', 'Equipment', 'Status', 'Updated']);
    await page.getByRole('button', { name: 'Columns (1 hidden)' }).click();
    const up = page.getByRole('button', { name: 'Move Status up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await shownColumns(page)).headers.slice(-4))
      .toEqual(['Client', 'Status', 'Equipment', 'Updated']);
    const after = await shownColumns(page);
    expect(after.cells).toEqual(after.headers.slice(-after.cells.length));
    await page.waitForTimeout(200); // the popover's fade-in
    await shoot(page, 'columns-order-1400');
    await page.keyboard.press('Escape');
    // The order is part of the view: the list no longer matches it.
    await expect.poll(() => page.getByTestId('saved-view-changed').isVisible()).toBe(true);
    // …and stays on this device after a reload.
    await page.reload();
    await page.getByTestId('site-row').first().waitFor();
    await expect
      .poll(async () => (await shownColumns(page)).headers.slice(-4))
      .toEqual(['Client', 'Status', 'Equipment', 'Updated']);
    // The phone's cards are the same rows, so Status follows Client there too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => (await shownColumns(page)).cells.filter((l) => l === 'Client' || l === 'Status'))
      .toEqual(['Client', 'Status']);
    const card = await page
      .getByTestId('site-row')
      .first()
      .evaluate((row) =>
        Array.from(row.querySelectorAll('td[data-label]'))
          .filter((td) => (td as HTMLElement).offsetParent !== null)
          .map((td) => td.getAttribute('data-label')),
      );
    expect(card.indexOf('Status')).toBe(card.indexOf('Client') + 1);
    await shoot(page, 'columns-order-phone');
    await page.setViewportSize({ width: 1400, height: 900 });

    // Cleared, the list opens as it is again.
    await toggle.click();
    await page.getByRole('menuitem', { name: /Clear default/ }).click();
    await page.getByText('The Sites list opens without a view now').waitFor();
    await page.goto('/dashboard/site-management');
    await page.getByTestId('site-row').first().waitFor();
    await untilStill(page.getByTestId('site-row').first());
    expect(new URL(page.url()).search).toBe('');
    expect(await toggle.textContent()).not.toBe(`View: ${viewName}`);
    await context.close();
  });

  const OTHER_LISTS = [
    { name: 'users', path: '/dashboard/user-management', row: 'user-row' },
    { name: 'equipment', path: '/dashboard/equipment-management', row: 'equipment-row' },
    { name: 'assignments', path: '/dashboard/inspection-management', row: 'assignment-row' },
    {
      name: 'inspection-history',
      path: '/dashboard/inspection-management?tab=history',
      row: 'inspection-row',
    },
    { name: 'equipment-types', path: '/dashboard/orders', row: 'equipment-type-row' },
  ];

  it('the other lists have the Views and Columns buttons too, at 1400 and 390 px', async () => {
    for (const [width, height] of [
      [1400, 900],
      [390, 844],
    ] as const) {
      const context = await newContext(browser, width, height);
      const page = await context.newPage();
      await openSignedIn(page, '/dashboard');
      for (const list of OTHER_LISTS) {
        await page.goto(list.path);
        await page.getByTestId(list.row).first().waitFor();
        // On a phone most lists fold their filters, and these two buttons with them, behind "Filters".
        if (!(await page.getByTestId('saved-views-toggle').isVisible()))
          await page.getByRole('button', { name: /^Filters/ }).click();
        await page.getByTestId('saved-views-toggle').waitFor();
        await untilStill(page.getByTestId('columns-toggle'));
        expect(await page.getByTestId('columns-toggle').isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shoot(page, `${list.name}-${width}`);
      }
      await context.close();
    }
  });
});
