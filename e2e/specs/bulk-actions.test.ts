import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, uniqueMobile } from '../support/api.js';
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
import { framesPainted, untilStill } from '../support/waits.js';

/*
 * Bulk actions of the main lists (issue 21): select rows, act on them all or nothing, read the
 * summary; export exactly the selection; the cards of a phone are selectable too.
 */

const MARKER = `Bulkx${randomBytes(3).toString('hex')}`;
const TAG = `BK${randomBytes(3).toString('hex').toUpperCase()}`;
const SLOW = 120_000;

let token = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const registered = (body: Record<string, unknown>) =>
  call<{ user: { id: number } }>('POST', '/admin/register', {
    sendInvitation: false,
    password: 'Harbour-lantern-42',
    phone: uniqueMobile(),
    ...body,
  });

describe('bulk actions on the main lists', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiLogin(adminCredentials().email, adminCredentials().password)).accessToken;
    const lower = MARKER.toLowerCase();
    for (const first of ['Meera', 'Nikhil', 'Omkar'])
      await registered({
        userType: 'client',
        firstName: first,
        lastName: MARKER,
        email: `${first.toLowerCase()}.${lower}@example.test`,
        company: `${first} Traders`,
      });
    const owner = await registered({
      userType: 'client',
      firstName: 'Site',
      lastName: 'Owner',
      email: `owner.${TAG.toLowerCase()}@example.test`,
      company: `Owner ${TAG}`,
    });
    const site = async (name: string, save: boolean) => {
      const { site } = await call<{ site: { id: number } }>('POST', '/auth/sites', {
        name,
        clientId: owner.user.id,
        addressLine1: '7, Dock Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        contactName: 'Sunil More',
        contactPhone: '98200 11223',
      });
      if (save) await call('POST', `/auth/save/site/${site.id}`);
      return site.id;
    };
    const depot = await site(`${MARKER} Depot A`, true);
    await site(`${MARKER} Depot B`, true);
    await site(`${MARKER} Depot Draft`, false);

    const inspectors: number[] = [];
    for (const [index, last] of ['First', 'Second'].entries()) {
      const { user } = await registered({
        userType: 'inspector',
        firstName: MARKER,
        lastName: last,
        email: `inspector${index}.${lower}@example.test`,
        employeeCode: `${TAG}-${index}`,
        licenceNumber: `LIC-${TAG}`,
      });
      inspectors.push(user.id);
    }
    const { category } = await call<{ category: { id: number } }>('POST', '/inspection-categories', {
      name: `Bulk check ${TAG}`,
      description: 'Browser test of bulk actions',
      colour: '#1f5fa6',
    });
    const { template } = await call<{ template: { id: number } }>('POST', '/templates', {
      name: `Bulk checklist ${TAG}`,
      categoryId: category.id,
      content: {
        sections: [
          { key: 'checks', title: 'Checks', items: [{ key: 'ok', label: 'Unit fine', type: 'pass_fail' }] },
        ],
      },
    });
    await call('POST', `/templates/${template.id}/publish`, { changeNote: 'E2E' });
    for (const offset of [3, 4, 5])
      await call('POST', '/auth/create/assignments/admin', {
        siteId: depot,
        inspectorId: inspectors[0],
        categoryId: category.id,
        templateId: template.id,
        equipmentScope: 'all',
        scheduledFor: isoDay(0),
        dueOn: isoDay(offset),
        priority: 'normal',
      });

    const { equipmentType } = await call<{ equipmentType: { id: number } }>(
      'POST',
      '/auth/global-equipment/create',
      { name: `Bulk extinguisher ${TAG}`, category: 'Fire safety', inspectionIntervalDays: 90 },
    );
    for (const n of [1, 2, 3])
      await call('POST', '/auth/equipments', {
        siteId: depot,
        equipmentTypeId: equipmentType.id,
        assetTag: `${TAG}-${n}`,
        name: 'CO2 extinguisher, 4.5 kg',
      });
  }, SLOW);

  afterAll(() => browser?.close());
  afterEach(() => context?.close());

  async function open(path: string, heading: string, width = 1400) {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    await openSignedIn(page, path);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  const checkbox = (name: string) => page.getByRole('checkbox', { name: `Select ${name}` });

  async function confirmAndWait(summary: string) {
    await page.getByTestId('bulk-confirm-button').click();
    await page.getByText(summary, { exact: true }).waitFor();
    // The selection is cleared: the bar is gone.
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });
  }

  it(
    'selects users, deactivates them after a confirm that names them, and shows the summary',
    async () => {
      await open(`/dashboard/user-management?type=client&search=${MARKER}`, 'User Management');
      await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 15_000 }).toBe(3);
      await checkbox(`Meera ${MARKER}`).check();
      await checkbox(`Nikhil ${MARKER}`).check();
      expect(await page.getByTestId('bulk-count').textContent()).toBe('2 selected');
      // Select all on the page is mixed while some rows are selected.
      expect(await page.getByTestId('select-page').getAttribute('data-indeterminate')).toBe('true');
      await screenshot(page, 'bulk-users-bar-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByTestId('bulk-deactivate').click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate 2 users?' });
      await dialog.waitFor();
      const text = (await dialog.textContent()) ?? '';
      expect(text).toContain(`Meera ${MARKER}`);
      expect(text).toContain(`Nikhil ${MARKER}`);
      expect(text).not.toContain(`Omkar ${MARKER}`);
      await untilStill(dialog);
      await screenshot(page, 'bulk-users-confirm-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await confirmAndWait('2 users deactivated');

      const statusOf = (first: string) =>
        page
          .getByTestId('user-row')
          .filter({ hasText: `${first} ${MARKER}` })
          .textContent();
      await expect.poll(() => statusOf('Meera'), { timeout: 15_000 }).toContain('Inactive');
      expect(await statusOf('Nikhil')).toContain('Inactive');
      expect(await statusOf('Omkar')).not.toContain('Inactive');
    },
    SLOW,
  );

  it(
    'exports exactly the selected users, by keyboard',
    async () => {
      await open(`/dashboard/user-management?type=client&search=${MARKER}`, 'User Management');
      await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 15_000 }).toBe(3);
      // Space toggles a focused checkbox.
      await checkbox(`Meera ${MARKER}`).focus();
      await page.keyboard.press('Space');
      await checkbox(`Omkar ${MARKER}`).focus();
      await page.keyboard.press('Space');
      expect(await page.getByTestId('bulk-count').textContent()).toBe('2 selected');

      await page.getByTestId('bulk-export').click();
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'CSV' }).click(),
      ]);
      const lines = (await readFile((await csv.path())!))
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines.some((l) => l.includes(`Meera,${MARKER}`))).toBe(true);
      expect(lines.some((l) => l.includes(`Omkar,${MARKER}`))).toBe(true);
      expect(lines.some((l) => l.includes(`Nikhil,${MARKER}`))).toBe(false);
    },
    SLOW,
  );

  it(
    'changes site status all or nothing: a draft in the selection is named and nothing changes',
    async () => {
      await open(`/dashboard/site-management?search=${MARKER}`, 'Site Management');
      await expect.poll(() => page.getByTestId('site-row').count(), { timeout: 15_000 }).toBe(3);
      await page.getByTestId('select-page').check();
      expect(await page.getByTestId('bulk-count').textContent()).toBe('3 selected');
      await page.getByTestId('bulk-deactivate').click();
      await page.getByRole('dialog', { name: 'Deactivate 3 sites?' }).waitFor();
      await page.getByTestId('bulk-confirm-button').click();
      const refusals = page.getByTestId('bulk-refusals');
      await refusals.waitFor();
      expect(await refusals.textContent()).toContain('Nothing was changed');
      expect(await refusals.textContent()).toContain(`${MARKER} Depot Draft: This site is a draft`);
      await untilStill(refusals);
      await screenshot(page, 'bulk-sites-refused-1400');
      // Nothing changed: both saved sites are still active.
      const statuses = await call<{ sites: Array<{ status: string }> }>(
        'GET',
        `/auth/get/all/sites?search=${MARKER}&status=active`,
      );
      expect(statuses.sites).toHaveLength(2);

      // Unselecting the refused draft and trying again deactivates the two.
      await page.getByRole('button', { name: 'Unselect it' }).click();
      expect(await page.getByTestId('bulk-count').textContent()).toBe('2 selected');
      await page.getByTestId('bulk-deactivate').click();
      await confirmAndWait('2 sites deactivated');
      await expect
        .poll(() => page.getByTestId('site-row').filter({ hasText: 'Inactive' }).count(), { timeout: 15_000 })
        .toBe(2);
    },
    SLOW,
  );

  it(
    'reassigns and cancels assignments',
    async () => {
      await open(`/dashboard/inspection-management?search=${MARKER}`, 'Inspection Management');
      await expect.poll(() => page.getByTestId('assignment-row').count(), { timeout: 15_000 }).toBe(3);
      const boxes = page.getByTestId('assignment-row').getByRole('checkbox');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByTestId('bulk-reassign').click();
      const dialog = page.getByRole('dialog', { name: 'Reassign 2 assignments?' });
      await dialog.waitFor();
      expect(await page.getByTestId('bulk-confirm-button').isDisabled()).toBe(true);
      await page.getByTestId('bulk-inspector').click();
      await page.getByRole('option', { name: `${MARKER} Second` }).click();
      await untilStill(dialog);
      await screenshot(page, 'bulk-assignments-reassign-1400');
      await confirmAndWait('2 assignments reassigned');
      await expect
        .poll(
          () =>
            page
              .getByTestId('assignment-row')
              .filter({ hasText: `${MARKER} Second` })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(2);

      await page
        .getByTestId('assignment-row')
        .filter({ hasText: `${MARKER} First` })
        .getByRole('checkbox')
        .check();
      await page.getByTestId('bulk-cancel').click();
      await page.getByRole('dialog', { name: 'Cancel 1 assignment?' }).waitFor();
      await page.getByTestId('bulk-cancel-reason').fill('Client asked to postpone');
      await confirmAndWait('1 assignment cancelled');
      // The active tab no longer lists it.
      await expect.poll(() => page.getByTestId('assignment-row').count(), { timeout: 15_000 }).toBe(2);
    },
    SLOW,
  );

  it(
    'retires equipment',
    async () => {
      await open(`/dashboard/equipment-management?search=${TAG}`, 'Equipment Management');
      await expect.poll(() => page.getByTestId('equipment-row').count(), { timeout: 15_000 }).toBe(3);
      await checkbox(`${TAG}-1`).check();
      await checkbox(`${TAG}-2`).check();
      // Ticking a box does not open the unit's drawer.
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByTestId('bulk-retire').click();
      await page.getByRole('dialog', { name: 'Retire 2 units?' }).waitFor();
      await confirmAndWait('2 units retired');
      await expect
        .poll(() => page.getByTestId('equipment-row').filter({ hasText: 'Retired' }).count(), {
          timeout: 15_000,
        })
        .toBe(2);
    },
    SLOW,
  );

  it(
    'at 390 px the cards are selectable and nothing is wider than the screen',
    async () => {
      await open(`/dashboard/equipment-management?search=${TAG}`, 'Equipment Management', 390);
      await expect.poll(() => page.getByTestId('equipment-row').count(), { timeout: 15_000 }).toBe(3);
      await checkbox(`${TAG}-3`).check();
      expect(await page.getByTestId('bulk-count').textContent()).toBe('1 selected');
      await framesPainted(page);
      await untilStill(page.getByTestId('equipment-table'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByTestId('bulk-bar').scrollIntoViewIfNeeded();
      await screenshot(page, 'bulk-equipment-cards-390');

      await open(`/dashboard/user-management?type=client&search=${MARKER}`, 'User Management', 390);
      await expect.poll(() => page.getByTestId('user-row').count(), { timeout: 15_000 }).toBe(3);
      await checkbox(`Omkar ${MARKER}`).check();
      expect(await page.getByTestId('bulk-count').textContent()).toBe('1 selected');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'bulk-users-cards-390');
    },
    SLOW,
  );
});
