import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activeUnitsBySite,
  assignUnits,
  isoDay,
  publishTemplate,
  registerInspector,
} from '../support/api.js';
import {
  adminCredentials,
  apiLogin,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';
import { untilStill } from '../support/waits.js';

const INSPECTOR_PASSWORD = 'Field-work-lantern-42';

/** One item of every type, with a failure rule on the choices and a range on the number. */
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
          helpText: 'The plastic tag through the pin',
          failWhen: { answers: ['no'] },
        },
        { key: 'pressure', label: 'Gauge pressure', type: 'number', unit: 'bar', min: 8, max: 12 },
        {
          key: 'condition',
          label: 'Overall condition',
          type: 'select',
          options: ['Good', 'Fair', 'Poor'],
          failWhen: { options: ['Poor'] },
        },
        {
          key: 'signage',
          label: 'Signage in place',
          type: 'multi_select',
          options: ['Location sign', 'Instructions', 'Service tag'],
          failWhen: { options: [] },
        },
        { key: 'last_service', label: 'Last service date', type: 'date' },
      ],
    },
    {
      key: 'evidence',
      title: 'Evidence',
      items: [
        { key: 'notes', label: 'Notes', type: 'text', required: false, multiline: true },
        { key: 'unit_photo', label: 'Photo of the unit and its tag', type: 'photo' },
        { key: 'signature', label: 'Inspector signature', type: 'signature' },
      ],
    },
  ],
};

interface Setup {
  assignmentId: number;
  siteName: string;
  siteCode: string;
  inspectorEmail: string;
  unitNames: string[];
}

/** An inspector with a password, a published template, and an assignment of two units to them. */
async function createAssignment(): Promise<Setup> {
  const { email, password } = adminCredentials();
  const { accessToken: token } = await apiLogin(email, password);
  const stamp = Date.now();
  const inspector = await registerInspector(token, {
    firstName: 'Kiran',
    lastName: 'Fieldwork',
    tag: 'E2E',
    licenceNumber: 'LIC-E2E-7',
    password: INSPECTOR_PASSWORD,
  });
  const { categoryId, templateId } = await publishTemplate(token, {
    name: `Extinguisher field check ${stamp}`,
    categoryName: `Field check ${stamp}`,
    description: 'Browser test of the inspector app',
    content: CONTENT,
  });

  const units = (await activeUnitsBySite(token)).find((list) => list.length >= 2)!.slice(0, 2);
  const site = units[0]!.site;

  const assignmentId = await assignUnits(token, {
    siteId: site.id,
    inspectorId: inspector.id,
    categoryId,
    templateId,
    unitIds: units.map((u) => u.id),
    scheduledFor: isoDay(0),
    dueOn: isoDay(2),
    priority: 'high',
    notes: 'E2E: the extinguishers by the stairwell',
  });
  return {
    assignmentId,
    siteName: site.name,
    siteCode: site.siteCode,
    inspectorEmail: inspector.email,
    unitNames: units.map((u) => u.name),
  };
}

/** Waits until the data has arrived and the screen has stopped moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

function item(page: Page, key: string): Locator {
  return page.locator(`[data-testid="checklist-item"][data-item-key="${key}"]`);
}

/** A small PNG made by the browser itself, as a phone camera would hand one over. */
async function photoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c92a2a';
    context.fillRect(0, 0, 160, 120);
    context.fillStyle = '#ffffff';
    context.fillRect(40, 30, 80, 60);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function sign(page: Page, key: string) {
  const canvas = item(page, key).getByTestId('signature-canvas');
  // Clear of the sticky action bar, where a finger would sign.
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 30 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
  // The drawing is uploaded once the signer pauses; the answer is then its URL.
  await page
    .locator(`[data-testid="checklist-item"][data-item-key="${key}"][data-outcome="recorded"]`)
    .waitFor();
}

async function waitSaved(page: Page) {
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
}

/** Answers one unit's form; `failing` marks the body check Fail. */
async function fillUnit(page: Page, photo: Buffer, failing: boolean) {
  await item(page, 'body_intact')
    .getByText(failing ? 'Fail' : 'Pass', { exact: true })
    .click();
  await item(page, 'seal_present').getByText('Yes', { exact: true }).click();
  await item(page, 'pressure').getByRole('textbox').fill('10.5');
  await item(page, 'condition').getByRole('textbox').click();
  await page.getByRole('option', { name: 'Good' }).click();
  await item(page, 'signage').getByLabel('Location sign').check();
  await item(page, 'last_service').getByRole('textbox').fill(isoDay(-30));
  await item(page, 'notes')
    .locator('textarea')
    .fill(failing ? 'Dent on the left side of the body' : '');
  await item(page, 'unit_photo').locator('input[type="file"]:not([capture])').setInputFiles({
    name: 'unit.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await item(page, 'unit_photo').locator('[data-testid="photo-thumbnails"] img').first().waitFor();
  await sign(page, 'signature');
}

describe('inspector app: sign in, fill, keep, submit (390 px)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let setup: Setup;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  it('refuses an administrator and keeps the dashboard session apart', async () => {
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    await page.goto('/inspector');
    await page.waitForURL(/\/inspector\/sign-in$/);
    await page.getByRole('heading', { name: 'Inspector sign-in' }).waitFor();
    const { email, password } = adminCredentials();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByTestId('inspector-sign-in-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('This area is for inspectors');
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored).not.toContain('inspectorAccessToken');
    expect(stored).not.toContain('accessToken');
  });

  it('signs in, fills two units with a failure, a photo and a signature, survives a reload and going offline, and submits', async () => {
    // A new inspector and assignment on every attempt: a retry after an attempt that submitted would
    // find nothing left to fill. The desktop test below reads the inspector of the attempt that passed.
    setup = await createAssignment();
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    const photo = await photoPng(page);

    // Sign-in: the server's message on a wrong password, then in.
    await page.goto('/inspector');
    await page.waitForURL(/\/inspector\/sign-in$/);
    await page.getByLabel('Email').fill(setup.inspectorEmail);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('inspector-sign-in-error').waitFor();
    expect(await page.getByTestId('inspector-sign-in-error').innerText()).toMatch(/email or password/i);
    await settle(page);
    await screenshot(page, 'inspector-sign-in-390');
    await page.getByLabel('Password', { exact: true }).fill(INSPECTOR_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/inspector$/);
    // Its own keys: the dashboard's accessToken / userData are untouched.
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toEqual(expect.arrayContaining(['inspectorAccessToken', 'inspectorUserData']));
    expect(keys).not.toContain('accessToken');

    // The list: today's tab holds the new assignment with its site, contact and units.
    const card = page.locator(
      `[data-testid="inspector-assignment"][data-assignment-id="${setup.assignmentId}"]`,
    );
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(setup.siteName);
    expect(text).toContain(setup.siteCode);
    expect(text).toContain('2 units');
    expect(await card.getByTestId('assignment-priority').textContent()).toBe('High');
    expect(text).toContain('Due in 2 days');
    await settle(page);
    await screenshot(page, 'inspector-list-390');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Start.
    await card.getByTestId('assignment-open').click();
    await page.getByTestId('start-panel').waitFor();
    await screenshot(page, 'inspector-start-390');
    await page.getByTestId('inspection-start').click();
    await page.getByTestId('inspection-form').waitFor();
    await waitSaved(page);
    expect(await page.getByTestId('unit-name').innerText()).toBe(setup.unitNames[0]);

    // Unit 1: a failing check, highlighted as soon as it is answered.
    await fillUnit(page, photo, true);
    expect(await item(page, 'body_intact').getAttribute('data-outcome')).toBe('fail');
    expect(await item(page, 'body_intact').getByTestId('item-failure').innerText()).toContain('Fails');
    // A number outside its range fails too, live; back inside it passes.
    await item(page, 'pressure').getByRole('textbox').fill('6');
    await expect.poll(() => item(page, 'pressure').getAttribute('data-outcome')).toBe('fail');
    await item(page, 'pressure').getByRole('textbox').fill('10.5');
    await expect.poll(() => item(page, 'pressure').getAttribute('data-outcome')).toBe('pass');
    await waitSaved(page);
    await item(page, 'body_intact').scrollIntoViewIfNeeded();
    await screenshot(page, 'inspector-form-failing-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await item(page, 'signature').scrollIntoViewIfNeeded();
    await screenshot(page, 'inspector-form-photo-signature-390');

    // Offline: the answer stays on the device and goes to the server when the connection returns.
    await context.setOffline(true);
    await item(page, 'notes').locator('textarea').fill('Dent on the left side; reported to the site');
    await page.locator('[data-testid="save-status"][data-state="offline"]').waitFor();
    expect(await page.getByTestId('save-status').innerText()).toContain('Offline — saved on this device');
    await screenshot(page, 'inspector-form-offline-390');
    await context.setOffline(false);
    await waitSaved(page);

    // Reload mid-way: everything answered is still there.
    await page.reload();
    await page.getByTestId('inspection-form').waitFor();
    await expect.poll(() => item(page, 'body_intact').getAttribute('data-outcome')).toBe('fail');
    expect(await item(page, 'pressure').getByRole('textbox').inputValue()).toBe('10.5');
    expect(await item(page, 'condition').getByRole('textbox').inputValue()).toBe('Good');
    expect(await item(page, 'notes').locator('textarea').inputValue()).toBe(
      'Dent on the left side; reported to the site',
    );
    expect(await item(page, 'unit_photo').locator('[data-testid="photo-thumbnails"] img').count()).toBe(1);
    await item(page, 'signature').getByRole('img', { name: 'Saved signature' }).waitFor();
    await item(page, 'signature').scrollIntoViewIfNeeded();
    await screenshot(page, 'inspector-form-after-reload-390');

    // Unit 2: all passing.
    await page.getByTestId('unit-next').click();
    await expect.poll(() => page.getByTestId('unit-name').innerText()).toBe(setup.unitNames[1]);
    await fillUnit(page, photo, false);
    await waitSaved(page);

    // Review: the failure is listed under its unit; nothing is missing.
    await page.getByTestId('inspection-review').click();
    await page.getByTestId('review-panel').waitFor();
    expect(await page.getByTestId('review-missing').textContent()).toBe('All required answered');
    expect(await page.getByTestId('review-failed').textContent()).toBe('1 failed item');
    const failedUnit = page.getByTestId('review-unit').filter({ hasText: setup.unitNames[0]! });
    expect(await failedUnit.getByTestId('review-failed-item').innerText()).toContain(
      'Body intact, no dents or corrosion',
    );
    await page.getByTestId('remarks').fill('Unit 1 needs a replacement body; site manager informed.');
    await settle(page);
    await screenshot(page, 'inspector-review-390');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Submit: the server's result.
    await page.getByTestId('inspection-submit').click();
    const done = page.getByTestId('inspection-done');
    await done.waitFor();
    expect(await done.getAttribute('data-result')).toBe('fail');
    expect(await page.getByTestId('inspection-result').innerText()).toBe('Failed');
    expect(await done.innerText()).toContain('1 of');
    await screenshot(page, 'inspector-done-390');
    // Nothing of it is left on the device.
    const drafts = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('inspectorDraft')),
    );
    expect(drafts).toEqual([]);

    // Back in the list it is gone; opened again it says it is complete.
    await page.getByTestId('back-to-assignments').click();
    await page.waitForURL(/\/inspector$/);
    await page.getByTestId('assignments-refresh').click();
    await settle(page);
    expect(await card.count()).toBe(0);
    await page.goto(`/inspector/assignments/${setup.assignmentId}`);
    await page.getByTestId('assignment-closed').waitFor();

    // Sign out ends only the inspector's session.
    await page.goto('/inspector');
    // By keyboard: the menu opens on Enter (its code loads on that press) and Escape gives the
    // button the focus back; "Sign out" puts the focus in its dialog, "Stay signed in" on the button.
    const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await page.getByTestId('inspector-account').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('inspector-sign-out').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('inspector-sign-out').waitFor({ state: 'detached' });
    await expect.poll(focusedTestId).toBe('inspector-account');
    for (let round = 1; round <= 2; round++) {
      await page.keyboard.press('Enter');
      await page.getByTestId('inspector-sign-out').click();
      await page.getByRole('dialog', { name: 'Sign out?' }).waitFor();
      // After the menu has gone (its focus return fires before its dropdown leaves the page).
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
        `round ${round}`,
      ).toBe(true);
      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await page.getByRole('dialog', { name: 'Sign out?' }).waitFor({ state: 'detached' });
      await expect.poll(focusedTestId).toBe('inspector-account');
    }
    await page.getByTestId('inspector-account').click();
    await page.getByTestId('inspector-sign-out').click();
    // Signing out revokes the token and sends nothing with it afterwards (no refused request).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    const revoked = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByTestId('sign-out-confirm').click();
    await page.waitForURL(/\/inspector\/sign-in$/);
    expect((await revoked).status()).toBe(200);
    await settle(page);
    expect(refused).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('inspectorAccessToken'))).toBeNull();
  }, 240_000);

  it('works at desktop width too', async () => {
    context = await newContext(browser, 1400, 900);
    page = await context.newPage();
    const session = await apiLogin(setup.inspectorEmail, INSPECTOR_PASSWORD);
    await page.goto('/404-blank-for-storage');
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('inspectorAccessToken', token);
        localStorage.setItem('inspectorUserData', user);
      },
      [session.accessToken, JSON.stringify(session.user)] as const,
    );
    await page.goto('/inspector?view=upcoming');
    await page.getByTestId('tab-upcoming').waitFor();
    await page.getByTestId('assignments-empty').waitFor();
    await settle(page);
    await screenshot(page, 'inspector-list-1400');

    // What the inspector reads: who is signed in, the three tabs with their counts (the only
    // assignment was submitted above), the chosen tab, and what an empty tab says.
    await page.getByText('My assignments', { exact: true }).waitFor();
    await page.getByText('Signed in as Kiran Fieldwork', { exact: true }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Assignments by date' });
    expect((await tabs.getByRole('tab').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Today 0',
      'Upcoming 0',
      'Overdue 0',
    ]);
    expect(await tabs.getByRole('tab', { name: /^Upcoming/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').textContent()).toContain(
      'No upcoming assignments. Work scheduled after today appears here.',
    );
    expect(await page.getByRole('button', { name: 'Refresh assignments' }).isVisible()).toBe(true);
    // The wide screen lays the list out without sideways scrolling.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // Another tab shows its own empty text, and the choice is kept in the address.
    await tabs.getByRole('tab', { name: /^Overdue/ }).click();
    await page.waitForURL(/view=overdue/);
    // The address changes before the new panel renders: wait for the panel, not the URL alone.
    await page
      .getByRole('tabpanel')
      .getByText('Nothing overdue. Assignments past their due date appear here.')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
