import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { InspectionSummary, InspectorAssignmentDetail, TemplateItem } from '@inspecta/contract';
import { PDFParse } from 'pdf-parse';
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

/**
 * The whole inspection flow: an administrator assigns a site to an inspector in the New assignment
 * drawer; the inspector completes it (through the inspector API, the way the inspector app does:
 * sign in, upload a photo and a signature, submit answers with one failing item); the administrator
 * finds it in the completed history with its Fail badge, opens it, sees the failure, downloads the
 * PDF report (read back here) and finds it on the site page.
 */

// Each step loads a few screens and runs axe on them; on a loaded two-core machine that takes time.
const SLOW = 120_000;
const PASSWORD = 'Gauge-Needle-Monsoon-41';
const tag = randomBytes(3).toString('hex');
const INSPECTOR = {
  firstName: 'Zoya',
  lastName: `Qureshi ${tag.toUpperCase()}`,
  email: `zoya.qureshi.${tag}@inspecta.in`,
};
const INSPECTOR_NAME = `${INSPECTOR.firstName} ${INSPECTOR.lastName}`;

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    ...init,
    headers: {
      authorization: token,
      ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

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

/** A PNG drawn in the browser: a photo-like block with a caption, or a signature stroke. */
async function drawPng(page: Page, kind: 'photo' | 'signature'): Promise<Buffer> {
  const dataUrl = await page.evaluate((what) => {
    const canvas = document.createElement('canvas');
    canvas.width = what === 'photo' ? 480 : 400;
    canvas.height = what === 'photo' ? 360 : 140;
    const g = canvas.getContext('2d')!;
    g.fillStyle = what === 'photo' ? '#c92a2a' : '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    if (what === 'photo') {
      g.fillStyle = '#ffffff';
      g.font = 'bold 36px sans-serif';
      g.fillText('Gauge: red zone', 80, 190);
    } else {
      g.strokeStyle = '#1a1b1e';
      g.lineWidth = 4;
      g.beginPath();
      g.moveTo(20, 100);
      g.bezierCurveTo(80, 10, 120, 140, 180, 60);
      g.bezierCurveTo(220, 20, 260, 120, 380, 50);
      g.stroke();
    }
    return canvas.toDataURL('image/png');
  }, kind);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** An answer for `item` that passes, or fails when `fail` is set (a pass/fail item marked Fail). */
function answerFor(item: TemplateItem, urls: { photo: string; signature: string }, fail: boolean) {
  switch (item.type) {
    case 'pass_fail':
      return fail ? 'fail' : 'pass';
    case 'yes_no_na':
      return (['yes', 'na', 'no'] as const).find((a) => !item.failWhen.answers.includes(a)) ?? 'yes';
    case 'number':
      return item.min !== null && item.max !== null ? (item.min + item.max) / 2 : (item.min ?? item.max ?? 1);
    case 'select':
      return item.options.find((o) => !item.failWhen.options.includes(o)) ?? item.options[0]!;
    case 'multi_select':
      return [item.options.find((o) => !item.failWhen.options.includes(o)) ?? item.options[0]!];
    case 'text':
      return 'E2E: checked with the site engineer';
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'photo':
      return [urls.photo];
    case 'signature':
      return urls.signature;
  }
}

describe('inspections: assign, complete, review and report', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: { id: number; name: string; siteCode: string };
  let failingLabel = '';
  let inspection: InspectionSummary;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiLogin(adminCredentials().email, adminCredentials().password);
    await api('/admin/register', admin.accessToken, {
      method: 'POST',
      body: JSON.stringify({
        userType: 'inspector',
        ...INSPECTOR,
        phone: `+91 96${String(Date.now() % 100_000_000).padStart(8, '0')}`,
        employeeCode: `INS-${tag}`,
        licenceNumber: 'FSL-MH-20931',
        password: PASSWORD,
      }),
    });
    // An active site with a few units (fewer answers to send, a lighter page), other than the one
    // the assignments spec uses.
    const sites = await api<{
      sites: Array<{ id: number; name: string; siteCode: string; equipmentCount: number }>;
    }>('/auth/get/all/sites?status=active&sort=siteCode&limit=50', admin.accessToken);
    site = sites.sites
      .filter((s) => s.siteCode !== 'ST-000003' && s.equipmentCount > 0)
      .sort((a, b) => a.equipmentCount - b.equipmentCount)[0]!;
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(path: string, width = 1400) {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  it(
    'assigns the site in the drawer; the inspector completes it with a failure, a photo and a signature',
    async () => {
      await open('/dashboard/inspection-management');
      await page.getByTestId('assignment-new').click();
      const drawer = page.getByRole('dialog', { name: 'New assignment' });
      await drawer.waitFor();
      await choose(drawer, page, 'Site', site.siteCode, new RegExp(site.siteCode));
      await choose(drawer, page, 'Category', 'Routine', 'Routine');
      await choose(drawer, page, 'Template', 'Fire extinguisher', /Fire extinguisher monthly inspection/);
      await choose(drawer, page, 'Inspector', INSPECTOR.lastName, new RegExp(INSPECTOR.lastName));
      await drawer.getByTestId('assignment-submit').click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByText(/Assignment created/).waitFor();

      // The inspector's side, through the inspector API.
      const me = await apiLogin(INSPECTOR.email, PASSWORD);
      const list = await api<{ assignments: Array<{ id: number; site: { id: number } }> }>(
        '/inspector/assignments',
        me.accessToken,
      );
      const mine = list.assignments.find((a) => a.site.id === site.id);
      expect(mine).toBeDefined();
      const { assignment } = await api<{ assignment: InspectorAssignmentDetail }>(
        `/inspector/assignments/${mine!.id}`,
        me.accessToken,
      );

      const upload = async (kind: 'photo' | 'signature') => {
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(await drawPng(page, kind))], { type: 'image/png' }),
          `${kind}.png`,
        );
        return (
          await api<{ url: string }>('/inspector/uploads', me.accessToken, { method: 'POST', body: form })
        ).url;
      };
      const urls = { photo: await upload('photo'), signature: await upload('signature') };

      // One failing item: the first pass/fail item of the first unit.
      const failing = assignment.content.sections
        .flatMap((s) => s.items)
        .find((i) => i.type === 'pass_fail')!;
      failingLabel = failing.label;
      const units = (assignment.units.length ? assignment.units.map((u) => u.id) : [null]).map(
        (equipmentId, index) => ({
          equipmentId,
          answers: Object.fromEntries(
            assignment.content.sections.flatMap((s) =>
              s.items.map((item) => [
                item.key,
                answerFor(item, urls, index === 0 && item.key === failing.key),
              ]),
            ),
          ),
        }),
      );
      const submitted = await api<{ inspection: InspectionSummary }>(
        `/inspector/assignments/${mine!.id}/submit`,
        me.accessToken,
        {
          method: 'POST',
          body: JSON.stringify({ units, remarks: 'E2E: the lobby unit needs a new gauge.' }),
        },
      );
      inspection = submitted.inspection;
      expect(inspection.result).toBe('fail');
      expect(inspection.failedItems).toBe(1);
    },
    SLOW,
  );

  it(
    'lists it in Completed history with the Fail badge, filters and exports',
    async () => {
      await open('/dashboard/inspection-management?tab=history');
      await page.getByTestId('inspections-table').or(page.getByTestId('inspections-empty')).first().waitFor();
      await page.getByTestId('inspection-search').fill(INSPECTOR.lastName);
      await page.waitForURL(/search=/);
      const row = page.getByTestId('inspection-row').filter({ hasText: INSPECTOR_NAME });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.getAttribute('data-result')).toBe('fail');
      expect(await row.getByTestId('result-badge').textContent()).toBe('Fail');
      expect(await row.textContent()).toContain('1 failed item');
      expect(await row.textContent()).toContain(site.siteCode);
      expect(await row.textContent()).toContain('Fire extinguisher monthly inspection');

      // Result filter in the URL, with counts; a pass filter hides it.
      await page
        .getByTestId('inspection-result-filter')
        .getByText(/^Pass \(/)
        .click();
      await page.waitForURL(/result=pass/);
      await page.getByTestId('inspections-empty').waitFor();
      await page
        .getByTestId('inspection-result-filter')
        .getByText(/^Fail \(1\)/)
        .click();
      await page.waitForURL(/result=fail/);
      await expect.poll(() => row.count()).toBe(1);
      await settle(page);
      await screenshot(page, 'inspections-history-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Excel export of the filtered history.
      await page.getByTestId('inspection-export').click();
      const [sheet] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
      ]);
      expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
      const bytes = await readFile((await sheet.path())!);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');

      // Cancelled assignments stay reachable from the same tab.
      await page.getByRole('textbox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Cancelled' }).click();
      await page.waitForURL(/status=cancelled/);
      await page.getByTestId('assignments-table').or(page.getByTestId('assignments-empty')).first().waitFor();
    },
    SLOW,
  );

  it(
    'opens the detail with the failure highlighted and downloads a PDF naming site, inspector and failure',
    async () => {
      await open(
        `/dashboard/inspection-management?tab=history&search=${encodeURIComponent(INSPECTOR.lastName)}`,
      );
      const row = page.getByTestId('inspection-row').filter({ hasText: INSPECTOR_NAME });
      await row.getByTestId('inspection-link').click();
      await page.waitForURL(new RegExp(`/dashboard/inspection-management/inspections/${inspection.id}$`));
      await page.getByRole('heading', { name: `Inspection #${inspection.id}`, level: 1 }).waitFor();

      const summary = page.getByTestId('failed-items-summary');
      expect(await summary.textContent()).toContain(failingLabel);
      const failedRow = page.locator('[data-testid="inspection-item"][data-outcome="fail"]');
      expect(await failedRow.count()).toBe(1);
      expect(await failedRow.textContent()).toContain(failingLabel);
      expect(await failedRow.textContent()).toContain('Marked as failed');
      expect(await page.getByRole('link', { name: site.name }).getAttribute('href')).toBe(
        `/dashboard/site-management/${site.id}`,
      );
      expect(await page.getByText(INSPECTOR_NAME).count()).toBeGreaterThan(0);
      expect(await page.getByTestId('inspection-remarks').textContent()).toContain('needs a new gauge');

      // The photo and the signature load (public, unguessable file URLs).
      const photo = page.getByTestId('answer-photo').first().locator('img');
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const signature = page.getByTestId('answer-signature').first().locator('img');
      await signature.scrollIntoViewIfNeeded();
      await expect
        .poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await page.getByTestId('answer-photo').first().click();
      const viewer = page.getByRole('dialog');
      await viewer.getByTestId('image-viewer-image').waitFor();
      await settle(page);
      await screenshot(page, 'inspection-photo-viewer-1400');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });

      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await screenshot(page, 'inspection-detail-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('inspection-report-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      expect(text).toContain(site.name);
      expect(text).toContain(INSPECTOR_NAME);
      expect(text).toContain(failingLabel);
    },
    SLOW,
  );

  it(
    'reads well on a phone (390 px) and at 800 px',
    async () => {
      await open(`/dashboard/inspection-management/inspections/${inspection.id}`, 390);
      await page.getByRole('heading', { name: `Inspection #${inspection.id}`, level: 1 }).waitFor();
      await page.getByTestId('failed-items-summary').waitFor();
      await settle(page);
      await screenshot(page, 'inspection-detail-390');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const failedRow = page.locator('[data-testid="inspection-item"][data-outcome="fail"]');
      await failedRow.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'inspection-detail-failed-item-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The history on a phone: the table scrolls inside its frame, the page does not.
      await page.goto('/dashboard/inspection-management?tab=history');
      await page.getByTestId('inspection-row').first().waitFor();
      await settle(page);
      await screenshot(page, 'inspections-history-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.setViewportSize({ width: 800, height: 900 });
      await settle(page);
      await screenshot(page, 'inspections-history-800');
      await page.goto(`/dashboard/inspection-management/inspections/${inspection.id}`);
      await page.getByTestId('failed-items-summary').waitFor();
      await settle(page);
      await screenshot(page, 'inspection-detail-800');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    },
    SLOW,
  );

  it(
    "shows it in the site page's inspection history, opening the detail",
    async () => {
      await open(`/dashboard/site-management/${site.id}`);
      await page.getByRole('tab', { name: 'Inspection history' }).click();
      const table = page.getByRole('table', { name: 'Inspection history' });
      await table.waitFor();
      const row = page.getByTestId('site-history-row').filter({ hasText: INSPECTOR_NAME });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.getByTestId('result-badge').textContent()).toBe('Fail');
      await settle(page);
      await screenshot(page, 'site-inspection-history-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await row.getByRole('link').click();
      await page.waitForURL(new RegExp(`/inspections/${inspection.id}$`));
      await page.getByRole('heading', { name: `Inspection #${inspection.id}`, level: 1 }).waitFor();
    },
    SLOW,
  );
});
