import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, assignUnits, publishTemplate, registerInspector } from '../support/api.js';
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

const INSPECTOR_PASSWORD = 'Keyboard-only-lantern-42';
const TYPED_NAME = 'Noor Keyboard';

/** Choices, a number and a signature: every kind of control a keyboard user meets on a checklist. */
const CONTENT = {
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'body_intact', label: 'Body intact, no dents or corrosion', type: 'pass_fail' },
        {
          key: 'seal_present',
          label: 'Tamper seal present',
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
        { key: 'pressure', label: 'Gauge pressure', type: 'number', unit: 'bar', min: 8, max: 12 },
        { key: 'signature', label: 'Inspector signature', type: 'signature' },
      ],
    },
  ],
};

/** An inspector with a password and an assignment of one unit on a template of its own. */
async function createAssignment() {
  const { email, password } = adminCredentials();
  const { accessToken: token } = await apiLogin(email, password);
  const stamp = Date.now();
  const inspector = await registerInspector(token, {
    firstName: 'Noor',
    lastName: 'Keyboard',
    tag: 'KB',
    licenceNumber: 'LIC-KB-1',
    password: INSPECTOR_PASSWORD,
  });
  const { categoryId, templateId } = await publishTemplate(token, {
    name: `Keyboard field check ${stamp}`,
    categoryName: `Keyboard check ${stamp}`,
    description: 'Browser test: an inspection done with the keyboard only',
    content: CONTENT,
  });
  const { equipments } = await adminApi<{
    equipments: Array<{ id: number; site: { id: number; status: string } }>;
  }>(token, 'GET', '/auth/equipments?limit=100&status=in_service');
  const unit = equipments.find((e) => e.site.status === 'active')!;
  const today = new Date().toISOString().slice(0, 10);
  const assignmentId = await assignUnits(token, {
    siteId: unit.site.id,
    inspectorId: inspector.id,
    categoryId,
    templateId,
    unitIds: [unit.id],
    scheduledFor: today,
    dueOn: today,
    priority: 'normal',
  });
  return { assignmentId, inspectorEmail: inspector.email };
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`, as a keyboard user
 * moves through the page; fails when it is not reached in `limit` presses.
 */
async function tabTo(page: Page, selector: string, { back = false, limit = 80 } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} was not reached with the keyboard in ${limit} presses`);
}

const itemSelector = (key: string) => `[data-testid="checklist-item"][data-item-key="${key}"]`;

/** The focus shows: an outline or a ring (box-shadow) is drawn on the focused element or its control. */
async function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return false;
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none'
      );
    };
    return (
      element.matches(':focus-visible') &&
      (drawn(element) || drawn(element.closest('label, [class*="control"]')) || drawn(element.parentElement))
    );
  });
}

describe('inspector app with the keyboard only (390 px)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let setup: Awaited<ReturnType<typeof createAssignment>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    setup = await createAssignment();
  });
  afterAll(() => browser.close());

  it('signs in, answers, types the signature, submits; the admin sees the signature image', async () => {
    context = await newContext(browser, 390, 844);
    const page = await context.newPage();

    // Sign-in, typed.
    await page.goto('/inspector');
    await page.waitForURL(/\/inspector\/sign-in$/);
    await page.getByRole('heading', { name: 'Inspector sign-in' }).waitFor();
    await tabTo(page, 'input[type="email"], input[autocomplete="email"], input[autocomplete="username"]');
    await page.keyboard.type(setup.inspectorEmail);
    await tabTo(page, 'input[type="password"]');
    await page.keyboard.type(INSPECTOR_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/inspector$/);

    // The assignment, opened and started from the keyboard.
    const card = `[data-testid="inspector-assignment"][data-assignment-id="${setup.assignmentId}"]`;
    await page.locator(card).waitFor();
    await tabTo(page, `${card} [data-testid="assignment-open"]`);
    await page.keyboard.press('Enter');
    await page.getByTestId('start-panel').waitFor();
    await tabTo(page, '[data-testid="inspection-start"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('inspection-form').waitFor();

    // Pass / Fail: Tab into the group, Space picks the focused "Pass"; the focus is visible.
    await tabTo(page, `${itemSelector('body_intact')} input[type="radio"]`);
    expect(await focusVisible(page)).toBe(true);
    await untilStill(page.locator(itemSelector('body_intact')));
    await screenshot(page, 'inspector-keyboard-focus-390');
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.locator(itemSelector('body_intact')).getAttribute('data-outcome'))
      .toBe('pass');
    // Yes / No / N/A with the arrow keys: Right picks "No" (a failure), Left goes back to "Yes".
    await tabTo(page, `${itemSelector('seal_present')} input[type="radio"]`);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.locator(itemSelector('seal_present')).getAttribute('data-outcome'))
      .toBe('fail');
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.locator(itemSelector('seal_present')).getAttribute('data-outcome'))
      .toBe('pass');
    // Shift+Tab goes back to the Pass / Fail group, Tab returns.
    await tabTo(page, `${itemSelector('body_intact')} input[type="radio"]`, { back: true });
    await tabTo(page, `${itemSelector('pressure')} input`);
    await page.keyboard.type('10');
    await expect.poll(() => page.locator(itemSelector('pressure')).getAttribute('data-outcome')).toBe('pass');

    // The typed signature: a labelled field reached by Tab, applied with Enter, announced.
    await tabTo(
      page,
      `${itemSelector('signature')} input[type="text"], ${itemSelector('signature')} input:not([type])`,
    );
    expect(
      await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent ?? ''),
    ).toContain('Or type your name');
    await page.keyboard.type(TYPED_NAME);
    await page.keyboard.press('Enter');
    const signature = page.locator(`${itemSelector('signature')}[data-outcome="recorded"]`);
    await signature.waitFor();
    expect(await page.locator(`${itemSelector('signature')} [role="status"]`).textContent()).toBe(
      `Typed signature applied: ${TYPED_NAME}.`,
    );
    await signature.getByRole('img', { name: 'Saved signature' }).waitFor();
    await expect
      .poll(() =>
        signature
          .getByRole('img', { name: 'Saved signature' })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();

    // axe on the answered checklist (the selected Pass included).
    await page.locator(itemSelector('body_intact')).scrollIntoViewIfNeeded();
    await untilStill(page.locator(itemSelector('body_intact')));
    await screenshot(page, 'inspector-keyboard-answered-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await signature.scrollIntoViewIfNeeded();
    await untilStill(signature);
    await screenshot(page, 'inspector-keyboard-typed-signature-390');
    // No mouse: the pointer never moved from its start.

    // Review and submit.
    await tabTo(page, '[data-testid="inspection-review"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('review-panel').waitFor();
    const submitted = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/inspector/assignments/${setup.assignmentId}/submit`) &&
        r.request().method() === 'POST',
    );
    await tabTo(page, '[data-testid="inspection-submit"]');
    await page.keyboard.press('Enter');
    const response = await submitted;
    expect(response.status()).toBeLessThan(300);
    const { inspection } = (await response.json()) as { inspection: { id: number } };
    await page.getByTestId('inspection-done').waitFor();
    expect(await page.getByTestId('inspection-result').innerText()).toBe('Passed');

    // The admin's inspection detail shows the typed signature as the signature image.
    const admin = await context.newPage();
    const adminSession = await openSignedIn(
      admin,
      `/dashboard/inspection-management/inspections/${inspection.id}`,
    );
    const image = admin.getByTestId('answer-signature').locator('img');
    await image.waitFor();
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await image.scrollIntoViewIfNeeded();
    await untilStill(image);
    await screenshot(admin, 'inspection-detail-typed-signature-390');

    // The PDF report takes the typed signature as it takes a drawn one: an image on the page.
    const report = await fetch(`${baseURL()}/api/auth/inspections/${inspection.id}/report`, {
      headers: { authorization: adminSession.accessToken },
    });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('application/pdf');
    const pdf = Buffer.from(await report.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    // The signature image: the pad's 600 px width (the logo and the QR code are other sizes).
    expect(pdf).toMatch(/\/Subtype\s*\/Image/);
    expect(pdf).toMatch(/\/Width 600\b/);
    await context.close();
  }, 240_000);
});
