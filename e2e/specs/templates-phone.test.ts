import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/** The page is no wider than the phone: nothing scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('template builder on a phone (390 px)', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('adds an item from a menu that fits, edits it, and uses the item actions menu', async () => {
    context = await newContext(browser, 390, 844);
    const page = await context.newPage();
    await openSignedIn(page, '/dashboard/invoice');
    const name = `Phone check ${randomBytes(2).toString('hex')}`;
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('textbox', { name: 'Inspection category' }).click();
    await page.getByRole('option', { name: 'Routine', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create and open builder' }).click();
    await page.waitForURL(/\/dashboard\/invoice\/\d+$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(390);
    // The "Template created" toast covers the header; the pictures are of the builder.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();

    // "Add item" on the new template: the menu opens inside the viewport with "Pass / Fail" in view.
    await page.getByRole('button', { name: /^Add item to / }).click();
    const menu = page.getByRole('menu');
    await untilStill(menu);
    const box = (await menu.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const passFail = page.getByRole('menuitem', { name: /^Pass \/ Fail/ });
    const first = (await passFail.boundingBox())!;
    expect(first.y).toBeGreaterThanOrEqual(box.y);
    expect(first.y + first.height).toBeLessThanOrEqual(box.y + box.height);
    await screenshot(page, 'template-builder-add-item-menu-390');
    await passFail.click();

    // The new item's question field has the focus: typing goes straight in.
    const editor = page.getByTestId('item-editor');
    await editor.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent),
      )
      .toMatch(/^Question or check/);
    await page.keyboard.type('Pressure gauge needle in the green zone');
    expect(await editor.getByLabel('Question or check').inputValue()).toBe(
      'Pressure gauge needle in the green zone',
    );

    // Item actions: one menu, not a row of icons.
    const row = page.getByTestId('builder-item');
    expect(await page.getByRole('button', { name: /^Move up: / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Item actions: Pressure gauge needle in the green zone' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect.poll(() => row.count()).toBe(2);
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await page
      .getByRole('button', { name: /^Item actions: / })
      .last()
      .click();
    expect(await page.getByRole('menuitem', { name: 'Move down' }).isDisabled()).toBe(true);
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await page
      .getByRole('button', { name: /^Item actions: / })
      .last()
      .click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect.poll(() => row.count()).toBe(1);

    // Readable at 390: the label is not cut to nothing, and nothing scrolls sideways.
    const summary = (await row.first().getByTestId('item-summary').boundingBox())!;
    expect(summary.width).toBeGreaterThan(180);
    expect(await sideways(page)).toBeLessThanOrEqual(390);
    await row
      .first()
      .getByTestId('item-summary')
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await untilStill(row.first());
    await screenshot(page, 'template-builder-390');
    await page
      .getByRole('button', { name: /^Item actions: / })
      .first()
      .click();
    await untilStill(page.getByRole('menu'));
    await screenshot(page, 'template-builder-item-actions-390');
    await page.keyboard.press('Escape');
    // axe on a menu still fading out finds a menu without items.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
