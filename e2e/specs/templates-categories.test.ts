import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';

describe('inspection categories screen (/dashboard/picategory)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(width: number, path = '/dashboard/picategory') {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    await openSignedIn(page, path);
    await page.getByRole('heading', { name: 'Inspection', level: 1 }).waitFor();
  }

  const row = (name: string) => page.getByTestId('category-row').filter({ hasText: name });
  /** Opens a row's action menu once any earlier menu has finished closing, then picks an item. */
  const chooseAction = async (name: string, item: string) => {
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await row(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
  };

  it('lists the demo categories at 1400 and 800 px', async () => {
    await open(1400);
    await page.getByTestId('categories-table').waitFor();
    const names = await page.getByTestId('category-row').allInnerTexts();
    for (const name of ['Annual certification', 'Follow-up', 'Installation check', 'Routine']) {
      expect(names.some((n) => n.startsWith(name))).toBe(true);
    }
    expect(await row('Annual certification').innerText()).toMatch(/\b3\b/);
    await screenshot(page, 'categories-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await context.close();
    await open(800, '/dashboard/picategory?q=rout');
    await page.getByTestId('categories-table').waitFor();
    await expect.poll(() => page.getByTestId('category-row').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Search categories' }).inputValue()).toBe('rout');
    await screenshot(page, 'categories-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('creates, edits, deactivates and deletes a category; one in use cannot be deleted', async () => {
    const name = `Emergency call-out ${randomBytes(2).toString('hex')}`;
    await open(1400);
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New inspection category' });
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Unplanned visit after an alarm or a client call.');
    await dialog.getByRole('textbox', { name: 'Colour' }).fill('#c92a2a');
    await screenshot(page, 'categories-form');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await page.getByText('Category created').waitFor();
    await row(name).waitFor();

    // A duplicate name is refused on the field.
    await page.getByRole('button', { name: 'New category' }).click();
    const again = page.getByRole('dialog', { name: 'New inspection category' });
    await again.getByLabel('Name').fill(name.toUpperCase());
    await again.getByRole('button', { name: 'Create category' }).click();
    await again.getByText('An inspection category with this name already exists').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    await chooseAction(name, 'Edit');
    const edit = page.getByRole('dialog', { name: `Edit “${name}”` });
    await edit.getByLabel('Description').fill('Unplanned visit within four hours of a call.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Category saved').waitFor();
    await row(name).getByText('Unplanned visit within four hours of a call.').waitFor();

    await chooseAction(name, 'Deactivate');
    await page.getByText('Category deactivated').waitFor();
    await row(name).getByText('Inactive').waitFor();

    // Routine is used by templates: deleting it is refused with the server's reason.
    await chooseAction('Routine', 'Delete');
    await page
      .getByRole('dialog', { name: 'Delete “Routine”?' })
      .getByRole('button', { name: 'Delete category' })
      .click();
    await page.getByText('This category is in use').waitFor();
    expect(await page.getByText(/Deactivate it instead/).count()).toBeGreaterThan(0);
    await row('Routine').waitFor();

    await chooseAction(name, 'Delete');
    await page
      .getByRole('dialog', { name: `Delete “${name}”?` })
      .getByRole('button', { name: 'Delete category' })
      .click();
    await page.getByText('Category deleted').waitFor();
    await row(name).waitFor({ state: 'detached' });
  });
});
