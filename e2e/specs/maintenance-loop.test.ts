import type { CorrectiveActionDetail, CorrectiveActionListResponse } from '@inspecta/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, uniqueMobile } from '../support/api.js';
import {
  adminCredentials,
  apiLogin,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/**
 * The maintenance loop (issue 19, docs/maintenance.md): an administrator assigns an inspection in
 * the drawer; the inspector submits it in the inspector app with a failed item; the administrator
 * finds the corrective action from the inspection detail and in the Corrective actions tab, asks
 * for a re-inspection; the inspector passes it; the action shows verified. Then a schedule is
 * created after its preview, and the assignment the planning job creates appears in the Active tab
 * (the e2e server runs the job every 2 s: support/server-process.ts).
 */

const SLOW = 180_000;
const PASSWORD = 'Loop-Gauge-Refill-58';
const stamp = Date.now().toString(36);
const INSPECTOR = { firstName: 'Farah', lastName: `Loopwala ${stamp.toUpperCase()}` };
const INSPECTOR_EMAIL = `farah.loop.${stamp}@inspecta.test`;
const INSPECTOR_NAME = `${INSPECTOR.firstName} ${INSPECTOR.lastName}`;
const GAUGE = `Gauge in the green zone ${stamp}`;
const TEMPLATE = `Loop extinguisher check ${stamp}`;
const CATEGORY = `Loop check ${stamp}`;

const CONTENT = {
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'gauge', label: GAUGE, type: 'pass_fail' },
        { key: 'gauge_photo', label: 'Photo of the gauge', type: 'photo', required: false },
      ],
    },
  ],
};

/** Waits until the data has arrived and the screen has stopped moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

/** Picks an option of a Mantine Select by typing part of it. */
async function choose(scope: Locator, page: Page, label: string, typed: string, option: string | RegExp) {
  const input = scope
    .getByRole('textbox', { name: label })
    .or(scope.getByLabel(label, { exact: true }))
    .first();
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).filter({ visible: true }).first().click();
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A small PNG made by the browser, as a phone camera would hand one over. */
async function photoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#c92a2a';
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = '#ffffff';
    g.font = 'bold 28px sans-serif';
    g.fillText('Needle in red', 60, 130);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

function item(page: Page, key: string): Locator {
  return page.locator(`[data-testid="checklist-item"][data-item-key="${key}"]`);
}

describe('maintenance loop: failed item → action → re-inspection → verified; a schedule assigns by itself', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let unit: {
    id: number;
    assetTag: string;
    name: string;
    site: { id: number; name: string; siteCode: string };
  };
  let actionId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = (await apiLogin(adminCredentials().email, adminCredentials().password)).accessToken;
    await api(adminToken, 'POST', '/admin/register', {
      userType: 'inspector',
      ...INSPECTOR,
      email: INSPECTOR_EMAIL,
      phone: uniqueMobile(),
      employeeCode: `LOOP-${stamp}`.slice(0, 20),
      licenceNumber: 'FSL-MH-55120',
      password: PASSWORD,
    });
    const { category } = await api<{ category: { id: number } }>(
      adminToken,
      'POST',
      '/inspection-categories',
      {
        name: CATEGORY,
        description: 'Browser test of the maintenance loop',
        colour: '#a61e4d',
      },
    );
    const { template } = await api<{ template: { id: number } }>(adminToken, 'POST', '/templates', {
      name: TEMPLATE,
      categoryId: category.id,
      content: CONTENT,
    });
    await api(adminToken, 'POST', `/templates/${template.id}/publish`, { changeNote: 'E2E' });

    // A unit in service at an active site with no open assignment: nothing else holds it, so the
    // schedule at the end plans it at once.
    const { equipments } = await api<{ equipments: Array<typeof unit & { site: { status: string } }> }>(
      adminToken,
      'GET',
      '/auth/equipments?limit=100&status=in_service&sort=assetTag',
    );
    for (const candidate of equipments.filter((e) => e.site.status === 'active')) {
      const open = await api<{ pagination: { total: number } }>(
        adminToken,
        'GET',
        `/auth/get/active/assignments?site_id=${candidate.site.id}&status=active&limit=1`,
      );
      if (open.pagination.total === 0) {
        unit = candidate;
        break;
      }
    }
    unit ??= equipments.find((e) => e.site.status === 'active')!;
  }, SLOW);
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function openAdmin(path: string, width = 1400) {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  /** The inspector app at 390 px, signed in through its own page. */
  async function openInspector() {
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    await page.goto('/inspector');
    await page.waitForURL(/\/inspector\/sign-in$/);
    await page.getByLabel('Email').fill(INSPECTOR_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/inspector$/);
  }

  /** Opens assignment `id` in the inspector app, answers the gauge, and submits; answers the result. */
  async function inspect(id: number, gauge: 'Pass' | 'Fail', photo: boolean) {
    const card = page.locator(`[data-testid="inspector-assignment"][data-assignment-id="${id}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain(unit.site.name);
    await card.getByTestId('assignment-open').click();
    await page.getByTestId('inspection-start').click();
    await page.getByTestId('inspection-form').waitFor();
    await item(page, 'gauge').getByText(gauge, { exact: true }).click();
    if (photo) {
      await item(page, 'gauge_photo')
        .locator('input[type="file"]:not([capture])')
        .setInputFiles({
          name: 'gauge.png',
          mimeType: 'image/png',
          buffer: await photoPng(page),
        });
      await item(page, 'gauge_photo').locator('[data-testid="photo-thumbnails"] img').first().waitFor();
    }
    await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
    await page.getByTestId('inspection-review').click();
    await page.getByTestId('review-panel').waitFor();
    if (gauge === 'Fail')
      await page.getByTestId('remarks').fill('Needle in the red; the cylinder needs a refill.');
    await page.getByTestId('inspection-submit').click();
    const done = page.getByTestId('inspection-done');
    await done.waitFor();
    return done.getAttribute('data-result');
  }

  it(
    'assigns the unit in the drawer; the inspector fails the gauge in the inspector app',
    async () => {
      await openAdmin('/dashboard/inspection-management');
      await page.getByTestId('assignment-new').click();
      const drawer = page.getByRole('dialog', { name: 'New assignment' });
      await drawer.waitFor();
      await choose(drawer, page, 'Site', unit.site.siteCode, new RegExp(unit.site.siteCode));
      await choose(drawer, page, 'Category', CATEGORY, CATEGORY);
      await choose(drawer, page, 'Template', TEMPLATE, new RegExp(TEMPLATE));
      await choose(drawer, page, 'Inspector', INSPECTOR.lastName, new RegExp(INSPECTOR.lastName));
      await drawer.getByText('Chosen units', { exact: true }).click();
      await choose(drawer, page, 'Equipment', unit.assetTag, new RegExp(unit.assetTag));
      // Close the options by clicking elsewhere (Escape would close the drawer).
      await drawer.getByRole('heading', { name: 'New assignment' }).click();
      await drawer.getByTestId('assignment-submit').click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByText(/Assignment created/).waitFor();
      await context.close();

      const me = await apiLogin(INSPECTOR_EMAIL, PASSWORD);
      const list = await api<{ assignments: Array<{ id: number }> }>(
        me.accessToken,
        'GET',
        '/inspector/assignments',
      );
      expect(list.assignments).toHaveLength(1);

      await openInspector();
      expect(await inspect(list.assignments[0]!.id, 'Fail', true)).toBe('fail');
      await screenshot(page, 'loop-inspector-failed-390');
    },
    SLOW,
  );

  it(
    'links the failure to its corrective action from the inspection detail; the action page shows the answer',
    async () => {
      const { actions } = await api<CorrectiveActionListResponse>(
        adminToken,
        'GET',
        `/corrective-actions?search=${encodeURIComponent(stamp)}&view=all`,
      );
      expect(actions).toHaveLength(1);
      const action = actions[0]!;
      actionId = action.id;
      expect(action).toMatchObject({ status: 'open', source: 'inspection', itemLabel: GAUGE });
      expect(action.equipment?.id).toBe(unit.id);

      await openAdmin(`/dashboard/inspection-management/inspections/${action.inspectionId}`);
      const summaryLink = page.getByTestId('failed-items-summary').getByTestId('failure-action-link');
      await summaryLink.waitFor();
      expect(await summaryLink.textContent()).toBe(`Action #${actionId}`);
      const failedRow = page.locator('[data-testid="inspection-item"][data-outcome="fail"]');
      expect(await failedRow.getByTestId('item-action-link').textContent()).toBe(
        `Corrective action #${actionId}`,
      );
      // Any other answer can start an action by hand.
      await page
        .locator('[data-testid="inspection-item"]:not([data-outcome="fail"])')
        .getByTestId('item-create-action')
        .first()
        .waitFor();
      await settle(page);
      await screenshot(page, 'loop-inspection-detail-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await summaryLink.click();
      await page.waitForURL(new RegExp(`/dashboard/inspection-management/actions/${actionId}$`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('action-status').first().getAttribute('data-status')).toBe('open');
      expect(await page.getByTestId('action-answer').innerText()).toContain(GAUGE);
      expect(await page.getByTestId('action-answer').innerText()).toContain('Fail');
      expect(await page.getByTestId('action-remark').innerText()).toContain('Needle in the red');
      const photo = page.getByTestId('action-photos').locator('img').first();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 30_000,
        })
        .toBe(true);
      expect(await page.getByTestId('action-history-entry').first().getAttribute('data-action')).toBe(
        'created',
      );
      // Only the moves the server allows for an open action.
      expect(await page.getByTestId('action-status-controls').getByRole('button').allInnerTexts()).toEqual([
        'Start work',
        'Mark resolved',
        'Cancel action',
      ]);

      // A comment; then the work starts.
      await page
        .getByTestId('action-comment-body')
        .fill('Refill ordered from the stores; fitting on Monday.');
      await page.getByTestId('action-comment-send').click();
      await page.getByTestId('action-comment').filter({ hasText: 'Refill ordered' }).waitFor();
      await page.getByTestId('action-to-in_progress').click();
      await expect
        .poll(() => page.getByTestId('action-status').first().getAttribute('data-status'), {
          timeout: 30_000,
        })
        .toBe('in_progress');
      await settle(page);
      await screenshot(page, 'loop-action-open-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'lists the action in the Corrective actions tab with its filters, at 1400 and as cards at 390 px',
    async () => {
      await openAdmin('/dashboard/inspection-management');
      await page.getByTestId('assignment-tabs').getByText('Corrective actions', { exact: true }).click();
      await page.waitForURL(/tab=actions/);
      // The address changes before the tab's panel has rendered; on a busy machine the Active tab's
      // own Search box is still the one on screen, and text typed there is dropped with its panel.
      const views = page.locator('main').getByRole('radiogroup', { name: 'Show' });
      await views.waitFor();
      await page.locator('main').getByRole('textbox', { name: 'Search' }).fill(stamp);
      await page.waitForURL(/search=/);
      const row = page.locator(`[data-testid="action-row"][data-id="${actionId}"]`);
      // The search has answered: only this action is left.
      await expect.poll(() => page.getByTestId('action-row').count(), { timeout: 30_000 }).toBe(1);
      await row.waitFor();
      expect(await row.innerText()).toContain(unit.site.name);
      expect(await row.getByTestId('action-status').getAttribute('data-status')).toBe('in_progress');
      expect(await page.getByTestId('list-range').textContent()).toBe('Showing 1–1 of 1 corrective action');
      // While searching the order is the server's relevance, named in the order menu (issue 22).
      expect(await page.locator('main').getByRole('textbox', { name: 'Sort by' }).inputValue()).toBe(
        'Best match',
      );
      // Resolved shows nothing yet; Open shows it again.
      await views.getByText('Resolved', { exact: true }).click();
      await page.waitForURL(/view=resolved/);
      await page.getByTestId('actions-empty').waitFor();
      await views.getByText('Open', { exact: true }).click();
      await row.waitFor();
      await settle(page);
      await screenshot(page, 'loop-actions-tab-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('actions-cards').waitFor();
      await settle(page);
      await screenshot(page, 'loop-actions-tab-390');
      await noSidewaysScroll(page, 390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto(`/dashboard/inspection-management/actions/${actionId}`);
      await page.getByTestId('action-answer').waitFor();
      await settle(page);
      await screenshot(page, 'loop-action-390');
      await noSidewaysScroll(page, 390);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'requests a re-inspection; the inspector passes it; the action is verified and closed by itself',
    async () => {
      await openAdmin(`/dashboard/inspection-management/actions/${actionId}`);
      await page.getByTestId('action-request-reinspection').click();
      const dialog = page.getByRole('dialog', { name: 'Request a re-inspection' });
      await dialog.waitFor();
      // The inspector of the failed inspection is proposed.
      expect(await dialog.getByRole('textbox', { name: /^Inspector/ }).inputValue()).toBe(INSPECTOR_NAME);
      await settle(page);
      await screenshot(page, 'loop-reinspection-dialog-1400');
      await dialog.getByTestId('reinspection-submit').click();
      await dialog.waitFor({ state: 'hidden' });
      const reinspection = page.getByTestId('action-reinspection');
      await reinspection.waitFor();
      expect(await reinspection.innerText()).toContain(INSPECTOR_NAME);
      await context.close();

      const { action } = await api<{ action: CorrectiveActionDetail }>(
        adminToken,
        'GET',
        `/corrective-actions/${actionId}`,
      );
      expect(action.reinspections).toHaveLength(1);
      const assignmentId = action.reinspections[0]!.assignmentId;

      await openInspector();
      expect(await inspect(assignmentId, 'Pass', false)).toBe('pass');
      await context.close();

      await openAdmin(`/dashboard/inspection-management/actions/${actionId}`);
      await page.getByTestId('action-verified-note').waitFor();
      expect(await page.getByTestId('action-status').first().getAttribute('data-status')).toBe('verified');
      expect(await page.getByTestId('action-reinspection').getByTestId('result-badge').textContent()).toBe(
        'Pass',
      );
      expect(await page.getByTestId('action-status-controls').count()).toBe(0);
      expect(
        await page.locator('[data-testid="action-history-entry"][data-action="reinspection_passed"]').count(),
      ).toBe(1);
      await settle(page);
      await screenshot(page, 'loop-action-verified-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Resolved view of the tab holds it now; the home counts are there.
      await page.goto(`/dashboard/inspection-management?tab=actions&view=resolved&search=${stamp}`);
      await page.locator(`[data-testid="action-row"][data-id="${actionId}"]`).waitFor();
      await page.goto('/dashboard');
      await page.getByTestId('figure-actions-open').waitFor();
      await page.getByTestId('figure-actions-overdue').waitFor();
    },
    SLOW,
  );

  it(
    'creates a schedule after its preview; the job creates its assignment, seen in the Active tab',
    async () => {
      await openAdmin('/dashboard/inspection-management?tab=schedules');
      await page.getByTestId('schedule-new').click();
      const drawer = page.getByRole('dialog', { name: 'New schedule' });
      await drawer.waitFor();
      await drawer.getByTestId('schedule-name').fill(`Weekly gauge round ${stamp}`);
      await choose(drawer, page, 'Site', unit.site.siteCode, new RegExp(unit.site.siteCode));
      await drawer.getByText('These units', { exact: true }).click();
      await choose(drawer, page, 'Units', unit.assetTag, new RegExp(unit.assetTag));
      await drawer.getByRole('heading', { name: 'New schedule' }).click();
      await choose(drawer, page, 'Template', TEMPLATE, new RegExp(TEMPLATE));
      await choose(drawer, page, 'Category', CATEGORY, CATEGORY);
      await drawer.getByText('Weeks', { exact: true }).click();
      await drawer.getByTestId('schedule-interval-count').fill('1');
      await choose(drawer, page, 'Inspector', INSPECTOR.lastName, new RegExp(INSPECTOR.lastName));
      expect(await drawer.getByTestId('schedule-save').isDisabled()).toBe(true);

      await drawer.getByTestId('schedule-preview-button').click();
      const sentence = drawer.getByTestId('schedule-preview-sentence');
      await sentence.waitFor();
      // Weekly for 90 days, the first at once (the unit was just inspected, due in a week, within
      // the 14-day lead time).
      const count = Number((await sentence.innerText()).match(/create (\d+) assignments?/)?.[1]);
      expect(count).toBeGreaterThanOrEqual(12);
      expect(await drawer.getByTestId('schedule-preview-row').count()).toBe(Math.min(count, 12));
      await drawer.getByTestId('schedule-preview').scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'loop-schedule-preview-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await drawer.getByTestId('schedule-save').click();
      await drawer.waitFor({ state: 'hidden' });
      const row = page.getByTestId('schedule-row').filter({ hasText: `Weekly gauge round ${stamp}` });
      await row.waitFor();
      expect(await row.getByTestId('schedule-status').getAttribute('data-status')).toBe('active');

      // The planning job (every 2 s on this server) creates the first assignment.
      const inspectorId = (
        await api<{ inspectors: Array<{ id: number; name: string }> }>(
          adminToken,
          'GET',
          `/auth/inspectors?search=${encodeURIComponent(INSPECTOR.lastName)}`,
        )
      ).inspectors[0]!.id;
      await expect
        .poll(
          async () =>
            (
              await api<{ pagination: { total: number } }>(
                adminToken,
                'GET',
                `/auth/get/active/assignments?inspector_id=${inspectorId}&status=active&limit=1`,
              )
            ).pagination.total,
          { timeout: 30_000, interval: 500 },
        )
        .toBe(1);
      await page.goto(`/dashboard/inspection-management?inspector=${inspectorId}`);
      const assigned = page.getByTestId('assignment-row').filter({ hasText: unit.site.name });
      await assigned.first().waitFor();
      expect(await assigned.count()).toBe(1);
      expect(await assigned.innerText()).toContain(INSPECTOR_NAME);
      await settle(page);
      await screenshot(page, 'loop-schedule-assignment-active-1400');

      // The schedules list counts it; the calendar shows it with the inspector's workload.
      await page.goto('/dashboard/inspection-management?tab=schedules');
      await expect
        .poll(() => row.getByTestId('schedule-created').textContent(), { timeout: 30_000 })
        .toBe('1');
      await settle(page);
      await screenshot(page, 'loop-schedules-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto('/dashboard/inspection-management?tab=schedules&view=calendar');
      await page.getByTestId('calendar-workload').waitFor();
      const workload = page.getByTestId('workload-row').filter({ hasText: INSPECTOR_NAME });
      await workload.waitFor();
      expect(await workload.innerText()).toMatch(/1 assigned · \d+ planned/);
      await settle(page);
      await screenshot(page, 'loop-calendar-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      await screenshot(page, 'loop-calendar-390');
      await noSidewaysScroll(page, 390);
      await page.goto('/dashboard/inspection-management?tab=schedules');
      await page.getByTestId('schedules-cards').waitFor();
      await settle(page);
      await screenshot(page, 'loop-schedules-390');
      await noSidewaysScroll(page, 390);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    "shows the site's actions and schedules, the unit's action counts, and the escalation settings",
    async () => {
      await openAdmin(`/dashboard/site-management/${unit.site.id}?tab=schedules`);
      const panel = page.getByTestId('site-schedules-panel');
      await panel
        .getByTestId('schedule-row')
        .filter({ hasText: `Weekly gauge round ${stamp}` })
        .waitFor();
      await settle(page);
      await screenshot(page, 'loop-site-schedules-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: /Corrective actions/ }).click();
      await page.getByTestId('site-actions-panel').waitFor();
      await page
        .getByTestId('site-actions-panel')
        .getByRole('radiogroup', { name: 'Show' })
        .getByText('All', { exact: true })
        .click();
      await page.locator(`[data-testid="action-row"][data-id="${actionId}"]`).waitFor();
      await settle(page);
      await screenshot(page, 'loop-site-actions-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto(`/dashboard/equipment-management?unit=${unit.id}`);
      const section = page.getByTestId('equipment-actions');
      await section.waitFor();
      await section.getByTestId('equipment-actions-open').waitFor();
      expect(await section.getByTestId('equipment-actions-open').textContent()).toBe('0');

      await page.goto('/dashboard/setting#escalation');
      const rules = page.getByTestId('escalation-rule');
      await rules.first().waitFor();
      expect(await page.getByTestId('escalation-rule-sentence').first().textContent()).toContain(
        'Assignment',
      );
      await page.getByTestId('settings-escalation').scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'loop-escalation-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('settings-escalation').scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'loop-escalation-390');
      await noSidewaysScroll(page, 390);
    },
    SLOW,
  );
});
