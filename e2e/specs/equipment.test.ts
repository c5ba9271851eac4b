import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

const TYPE_NAME = 'E2E Foam extinguisher 9 L';
const SERIAL = 'E2E-SN-424242';
const ASSET_TAG = 'E2E-FE-001';

/** Picks an option of a Mantine Select by typing part of it. */
async function choose(
  scope: Page | Locator,
  page: Page,
  label: string,
  typed: string,
  option: string | RegExp,
) {
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

describe('equipment: catalogue, site equipment, management, import and export', () => {
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

  it('creates an equipment type in the catalogue (/dashboard/orders)', async () => {
    await open('/dashboard/orders');
    await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();
    await page.getByTestId('equipment-type-row').first().waitFor();
    expect(await page.getByTestId('equipment-type-row').count()).toBeGreaterThanOrEqual(12);
    await settle(page);
    await screenshot(page, 'equipment-types-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add equipment type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add equipment type' });
    await dialog.waitFor();
    // The shared schema names the missing fields before anything is sent.
    await dialog.getByRole('button', { name: 'Add equipment type' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Category is required').waitFor();
    await dialog.getByLabel('Name').fill(TYPE_NAME);
    await dialog.getByLabel('Category').fill('Fire protection');
    await dialog.getByLabel('Inspection interval (days)').fill('30');
    await dialog.getByLabel('Manufacturer').fill('Ceasefire');
    await dialog.getByLabel('Model').fill('AFFF-9');
    await screenshot(page, 'equipment-type-form');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add equipment type' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Equipment type added').waitFor();

    await page.getByLabel('Search', { exact: true }).fill('E2E Foam');
    await page.waitForURL(/search=E2E/);
    const row = page.getByTestId('equipment-type-row').filter({ hasText: TYPE_NAME });
    await expect.poll(() => page.getByTestId('equipment-type-row').count()).toBe(1);
    await row.waitFor();
    expect(await row.getByTestId('installed-count').textContent()).toBe('0');
  });

  it('shows the catalogue at 800 px', async () => {
    await open('/dashboard/orders', 800);
    await page.getByTestId('equipment-type-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'equipment-types-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("adds equipment to a site from the site's page", async () => {
    await open('/dashboard/site-management/1');
    const panel = page.getByTestId('site-equipment-panel');
    await panel.getByTestId('equipment-row').first().waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    await screenshot(page, 'site-equipment-panel-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Add equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add equipment' });
    await dialog.waitFor();
    await choose(dialog, page, 'Equipment type', 'E2E Foam', TYPE_NAME);
    expect(await dialog.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(TYPE_NAME);
    await dialog.getByLabel('Asset tag').fill(ASSET_TAG);
    await dialog.getByLabel('Serial number').fill(SERIAL);
    await dialog.getByLabel('Location').fill('Ground floor lobby');
    await dialog.getByLabel('Installed on').fill('2024-01-15');
    await dialog
      .getByTestId('next-due-preview')
      .getByText(/Next inspection due 14\/02\/2024/)
      .waitFor();
    await screenshot(page, 'equipment-form');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add equipment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/E2E-FE-001 added to/).waitFor();

    await panel.getByLabel('Search', { exact: true }).fill(ASSET_TAG);
    const row = panel.getByTestId('equipment-row').filter({ hasText: ASSET_TAG });
    await row.waitFor();
    expect(await row.getAttribute('data-due')).toBe('overdue');

    // The same tag again at the same site: the server's 409 lands on the field.
    await panel.getByRole('button', { name: 'Add equipment' }).click();
    await dialog.waitFor();
    await choose(dialog, page, 'Equipment type', 'E2E Foam', TYPE_NAME);
    await dialog.getByLabel('Asset tag').fill(ASSET_TAG.toLowerCase());
    await dialog.getByRole('button', { name: 'Add equipment' }).click();
    await dialog.getByText('This asset tag is already used at this site').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('finds the unit in Equipment Management by serial number, opens its details, and filters overdue', async () => {
    await open('/dashboard/equipment-management');
    await page.getByRole('heading', { name: 'Equipment Management', level: 1 }).waitFor();
    await page.getByTestId('equipment-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'equipment-management-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Search', { exact: true }).fill(SERIAL.toLowerCase());
    await page.waitForURL(/search=e2e-sn-424242/);
    const row = page.getByTestId('equipment-row').filter({ hasText: ASSET_TAG });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('equipment-row').count()).toBe(1);

    await row.getByRole('button', { name: `Details of ${ASSET_TAG}` }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(ASSET_TAG) });
    await drawer.getByTestId('equipment-details').waitFor();
    // Its Activity (the activity log's panel) lists the unit's creation.
    const created = drawer.getByTestId('activity-history').getByTestId('activity-row').last();
    await created.waitFor();
    expect(await created.getAttribute('data-action')).toBe('equipment.created');
    expect(await drawer.getByText(SERIAL).count()).toBe(1);
    await settle(page);
    await screenshot(page, 'equipment-details-drawer');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Close details' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByLabel('Search', { exact: true }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByTestId('due-filter').getByText('Overdue', { exact: true }).click();
    await page.waitForURL(/due=overdue/);
    await expect
      .poll(async () => {
        const dues = await page
          .getByTestId('equipment-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-due')));
        return dues.length > 0 && dues.every((d) => d === 'overdue');
      })
      .toBe(true);
    // The badge is red for overdue.
    const badge = page.getByTestId('due-badge').first();
    expect(await badge.textContent()).toBe('Overdue');
    await settle(page);
    await screenshot(page, 'equipment-management-overdue');

    // Filters survive a reload (they live in the URL).
    await page.reload();
    await page.getByTestId('equipment-row').first().waitFor();
    expect(new URL(page.url()).searchParams.get('due')).toBe('overdue');
    await expect
      .poll(() => page.getByTestId('due-filter').getByRole('radio', { name: 'Overdue' }).isChecked())
      .toBe(true);
  });

  it("shows an edit in the unit drawer's Activity at once, field by field", async () => {
    await open(`/dashboard/equipment-management?search=${ASSET_TAG}`);
    const row = page.getByTestId('equipment-row').filter({ hasText: ASSET_TAG });
    await row.getByRole('button', { name: `Details of ${ASSET_TAG}` }).click();
    const drawer = page.getByRole('dialog', { name: new RegExp(ASSET_TAG) });
    const activity = drawer.getByTestId('activity-history');
    await activity.getByTestId('activity-row').first().waitFor();

    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog', { name: `Edit ${ASSET_TAG}` });
    await form.getByLabel('Location').fill('Second floor, east stairwell');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'hidden' });

    // The drawer stayed open: its Activity asks again and shows the edit first, without a reload.
    const latest = activity.getByTestId('activity-row').first();
    await expect.poll(() => latest.getAttribute('data-action')).toBe('equipment.updated');
    await latest.getByRole('button', { name: /Show the changes of/ }).click();
    const change = activity.locator('[data-testid="activity-change"][data-field="location"]');
    await change.waitFor();
    expect(await change.locator('th, td').allInnerTexts()).toEqual([
      'Location',
      expect.stringContaining('Ground floor lobby'),
      expect.stringContaining('Second floor, east stairwell'),
    ]);
    expect(
      await activity.getByRole('link', { name: /Open in the activity log/ }).getAttribute('href'),
    ).toMatch(/^\/dashboard\/activity\?object=equipment%3A\d+$/);
    await change.evaluate((cell) => cell.scrollIntoView({ block: 'center' }));
    await settle(page);
    await screenshot(page, 'equipment-drawer-activity');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows Equipment Management at 800 px', async () => {
    await open('/dashboard/equipment-management?due=due_soon', 800);
    await page.getByTestId('equipment-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'equipment-management-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('imports a sheet with one bad row: shows the error, imports the rest', async () => {
    await open('/dashboard/equipment-management');
    await page.getByTestId('equipment-row').first().waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import equipment' });
    await dialog.waitFor();
    await choose(dialog, page, 'Site', 'ST-000002', /ST-000002/);
    const csv = [
      'Asset tag,Equipment type,Name,Serial number,Location,Installed on',
      `E2E-IMP-1,${TYPE_NAME},Store extinguisher,E2E-IMP-SN-1,Store room,01/03/2025`,
      'E2E-IMP-2,Hovercraft,Mystery unit,,Roof,2025-03-01',
      `E2E-IMP-3,${TYPE_NAME},,E2E-IMP-SN-3,Kitchen,`,
    ].join('\n');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'site-2-units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByTestId('import-preview').waitFor();
    expect(await dialog.getByTestId('import-summary').textContent()).toContain('2 ready');
    expect(await dialog.getByTestId('import-summary').textContent()).toContain('1 with errors');
    const bad = dialog.locator('[data-testid="import-row"][data-valid="false"]');
    expect(await bad.count()).toBe(1);
    expect(await bad.textContent()).toContain('Unknown equipment type "Hovercraft"');
    await settle(page);
    await screenshot(page, 'equipment-import-preview');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Import 2 units' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/Imported 2 units to .*skipped 1 row with errors/).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('E2E-IMP');
    await expect.poll(() => page.getByTestId('equipment-row').count()).toBe(2);

    // A file that is not a sheet is refused with a clear message.
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor();
    await choose(dialog, page, 'Site', 'ST-000002', /ST-000002/);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    expect(await dialog.getByTestId('import-error').textContent()).toContain('not a CSV or Excel');
  });

  it('exports the filtered list to Excel and CSV', async () => {
    await open('/dashboard/equipment-management?search=E2E');
    await page.getByTestId('equipment-row').first().waitFor();

    await page.getByRole('button', { name: 'Export' }).click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^equipment-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const xlsxBytes = await readFile((await xlsx.path())!);
    expect(xlsxBytes.subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('button', { name: 'Export' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile((await csv.path())!)).toString('utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Asset tag,Name,Equipment type,/);
    expect(lines).toHaveLength(4);
    expect(text).toContain(ASSET_TAG);
    expect(text).toContain('E2E-IMP-1');
  });
});
