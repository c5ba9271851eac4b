import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

/** Picks an option of a Mantine Select by typing part of it. */
async function choose(scope: Locator, page: Page, label: string, typed: string, option: string | RegExp) {
  const input = scope
    .getByRole('textbox', { name: label })
    .or(scope.getByLabel(label, { exact: true }))
    .first();
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits until the data has arrived and the screen has stopped moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

describe('inspection management: assignments', () => {
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

  it('lists active and overdue assignments from the demo data', async () => {
    await open('/dashboard/inspection-management');
    await page.getByRole('heading', { name: 'Inspection Management', level: 1 }).waitFor();
    await page.getByTestId('assignment-row').first().waitFor();
    expect(await page.getByTestId('assignment-row').count()).toBeGreaterThan(5);
    const statuses = await page
      .getByTestId('assignment-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
    expect(statuses.every((s) => s === 'assigned' || s === 'in_progress')).toBe(true);
    await settle(page);
    await screenshot(page, 'assignments-active-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('assignment-tabs').getByText('Overdue', { exact: true }).click();
    await page.waitForURL(/tab=overdue/);
    await expect
      .poll(() => page.locator('[data-testid="assignment-row"][data-overdue="false"]').count())
      .toBe(0);
    expect(await page.getByTestId('assignment-row').count()).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'assignments-overdue-1400');

    await page.getByTestId('assignment-tabs').getByText('Completed history', { exact: true }).click();
    await page.waitForURL(/tab=history/);
    // The completed inspection records (the demo data's history), from the inspections feature.
    await page.getByTestId('inspection-row').first().waitFor();
    await screenshot(page, 'assignments-history-1400');
  });

  it('creates an assignment from the screen, sees it listed, edits it and cancels another', async () => {
    await open('/dashboard/inspection-management');
    await page.getByTestId('assignment-row').first().waitFor();
    await page.getByTestId('assignment-new').click();
    const drawer = page.getByRole('dialog', { name: 'New assignment' });
    await drawer.waitFor();
    // The shared schema names the missing fields before anything is sent.
    await drawer.getByTestId('assignment-submit').click();
    await drawer.getByText('Site is required').waitFor();
    await drawer.getByText('Inspector is required').waitFor();

    await choose(drawer, page, 'Site', 'ST-000003', /ST-000003/);
    await choose(drawer, page, 'Category', 'Routine', 'Routine');
    await choose(drawer, page, 'Template', 'Fire extinguisher', /Fire extinguisher monthly inspection/);
    await choose(drawer, page, 'Inspector', 'Lakshmi', /Lakshmi Rao/);
    await drawer.getByText(/units? in service at this site/).waitFor();
    await drawer.getByText('Urgent', { exact: true }).click();
    await drawer.getByLabel('Notes for the inspector').fill('E2E: check the basement extinguishers first');
    await settle(page);
    await screenshot(page, 'assignment-form-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await drawer.getByTestId('assignment-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText(/Assignment created/).waitFor();

    await page.getByTestId('assignment-search').fill('Lakshmi');
    await page.waitForURL(/search=Lakshmi/);
    const mine = page
      .getByTestId('assignment-row')
      .filter({ hasText: 'Urgent' })
      .filter({ hasText: 'ST-000003' });
    await expect.poll(() => mine.count()).toBe(1);

    // Edit: lower the priority and move the due date.
    await mine.getByTestId('assignment-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit assignment' });
    await edit.waitFor();
    await edit.getByText('Low', { exact: true }).click();
    await edit.getByTestId('assignment-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText(/Assignment saved/).waitFor();
    const edited = page
      .getByTestId('assignment-row')
      .filter({ hasText: 'ST-000003' })
      .filter({ hasText: 'Low' });
    await expect.poll(() => edited.count()).toBeGreaterThanOrEqual(1);

    // Cancel another one, with a reason.
    await page.getByTestId('assignment-search').fill('');
    await page.waitForURL((url) => !url.search.includes('search='));
    const other = page.getByTestId('assignment-row').filter({ hasNotText: 'Lakshmi Rao' }).first();
    const otherSite = (await other.locator('td[data-label="Site"] p').first().textContent())!.trim();
    await other.getByTestId('assignment-actions').click();
    await page.getByRole('menuitem', { name: 'Cancel assignment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this assignment?' });
    await confirm.waitFor();
    await confirm.getByTestId('cancel-confirm').click();
    await confirm.getByText('Give a reason for cancelling').waitFor();
    // A reason of this attempt's own, so a retried test does not find the first attempt's row too.
    const reason = `E2E: client closed the site for renovation ${randomBytes(3).toString('hex')}`;
    await confirm.getByTestId('cancel-reason').fill(reason);
    await screenshot(page, 'assignment-cancel-1400');
    await confirm.getByTestId('cancel-confirm').click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Assignment cancelled').waitFor();

    await page.getByTestId('assignment-tabs').getByText('Completed history', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.waitForURL(/status=cancelled/);
    const cancelled = page.getByTestId('assignment-row').filter({ hasText: reason });
    await expect.poll(() => cancelled.count()).toBe(1);
    expect(await cancelled.textContent()).toContain(otherSite);
  });

  it("shows and takes the drawer's dates in the organisation's format, whatever the browser's language", async () => {
    // The organisation writes dates DD/MM/YYYY (Settings); an American Chromium would show a
    // native date input as mm/dd/yyyy.
    const { email, password } = adminCredentials();
    const { accessToken } = await apiLogin(email, password);
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const current = (await (await fetch(`${baseURL()}/api/settings/organisation`, { headers })).json()) as {
      organisation: Record<string, unknown>;
    };
    const { logoUrl: _logo, ...organisation } = current.organisation;
    const saved = await fetch(`${baseURL()}/api/settings/organisation`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...organisation, dateFormat: 'DD/MM/YYYY' }),
    });
    expect(saved.status, await saved.text()).toBe(200);

    context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1400, height: 900 },
      locale: 'en-US',
    });
    page = await context.newPage();
    await openSignedIn(page, '/dashboard/inspection-management');
    await page.getByTestId('assignment-row').first().waitFor();
    // The list's dates too.
    expect(await page.getByTestId('assignment-row').first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);

    await page.getByTestId('assignment-new').click();
    const drawer = page.getByRole('dialog', { name: 'New assignment' });
    await drawer.waitFor();
    const scheduled = drawer.getByTestId('assignment-scheduled');
    const due = drawer.getByTestId('assignment-due');
    const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
    expect(await scheduled.inputValue()).toBe(`${d}/${m}/${y}`);
    expect(await due.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await scheduled.evaluate((el) => (el as HTMLInputElement).type)).toBe('text');
    expect(await due.getAttribute('placeholder')).toBe('DD/MM/YYYY');

    // Typed day first; a month-first date with a 25th "month" is refused with the format named.
    await due.fill('25/12/2030');
    await due.blur();
    expect(await due.inputValue()).toBe('25/12/2030');
    expect(await due.getAttribute('data-day')).toBe('2030-12-25');
    await due.fill('12/25/2030');
    await due.blur();
    await drawer.getByText('Enter the date as DD/MM/YYYY').waitFor();
    await due.fill('5/1/2031');
    await due.blur();
    expect(await due.inputValue()).toBe('05/01/2031');
    await expect.poll(() => drawer.getByText('Enter the date as DD/MM/YYYY').count()).toBe(0);
    await drawer.getByRole('button', { name: 'Open calendar' }).first().waitFor();
    await settle(page);
    await screenshot(page, 'assignment-form-dates-ddmmyyyy-1400');
  });

  it("shows the site's assigned inspectors on the site page", async () => {
    await open('/dashboard/site-management/1');
    await page.getByRole('tab', { name: /Assigned inspectors \([1-9]/ }).click();
    const table = page.getByRole('table', { name: 'Assigned inspectors' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'site-assigned-inspectors-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('looks finished at 800 px', async () => {
    await open('/dashboard/inspection-management', 800);
    await page.getByTestId('assignment-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'assignments-active-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
