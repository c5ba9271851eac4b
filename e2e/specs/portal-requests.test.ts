import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type {
  AddressMutationResponse,
  CorrectiveAction,
  CorrectiveActionListResponse,
  InspectionRequestListResponse,
  PortalProductListResponse,
  SiteDetailsResponse,
} from '@inspecta/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminApi as api, isoDay } from '../support/api.js';
import {
  adminCredentials,
  apiLogin,
  launchBrowser,
  newContext,
  screenshot,
  seriousA11yViolations,
} from '../support/browser.js';
import { repoRoot } from '../support/server-process.js';
import { openPortalSignedIn, openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/**
 * The client portal's requests and corrective actions (issue 20, docs/portal.md): a client files a
 * request for an inspection on a phone; an administrator schedules it from Inspection Management's
 * Requests tab with the assignment drawer filled from the request; the client sees it scheduled.
 * On a corrective action at the client's site, the administrator posts one comment shared with the
 * client and one internal; the client sees only the shared one and answers.
 */

const SLOW = 180_000;
const PASSWORD = 'Portal-Request-Pumps-73';
const stamp = Date.now().toString(36);
const CLIENT = { firstName: 'Chandra', lastName: `Portalwala ${stamp.toUpperCase()}` };
const CLIENT_EMAIL = `chandra.portal.${stamp}@inspecta.test`;
const CLIENT_NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;
const CATEGORY = `Portal check ${stamp}`;
const TEMPLATE = `Portal pump check ${stamp}`;
const MESSAGE = `Please check the pumps before the audit ${stamp}`;
const SHARED = `Refill booked for Monday ${stamp}`;
const INTERNAL = `Internal: vendor invoice pending ${stamp}`;
const ANSWER = `Thank you, the store room is open from 9 ${stamp}`;
const shotsDir = path.join(repoRoot, 'docs', 'screenshots');

/** Waits until the data has arrived and the screen has stopped moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

/** A picture for docs/screenshots (kept in the repository), besides the run's own. */
async function docShot(page: Page, name: string, fullPage = true) {
  // Without the passing toasts over the top bar.
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
  await screenshot(page, name);
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

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 390;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('portal requests and actions: file, schedule, see it; comments shared with the client', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let clientToken = '';
  let clientId = 0;
  let action: CorrectiveAction;
  let previousClientId: number | null = null;
  let requestId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = (await apiLogin(adminCredentials().email, adminCredentials().password)).accessToken;
    const registered = await api<{ user: { id: number } }>(adminToken, 'POST', '/admin/register', {
      userType: 'client',
      ...CLIENT,
      email: CLIENT_EMAIL,
      phone: `+91 98${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      company: `Portalwala Estates ${stamp}`,
      password: PASSWORD,
    });
    clientId = registered.user.id;

    // A category with a published template, for the request's kind and the assignment.
    const { category } = await api<{ category: { id: number } }>(
      adminToken,
      'POST',
      '/inspection-categories',
      {
        name: CATEGORY,
        description: 'Browser test of the portal requests',
        colour: '#1971c2',
      },
    );
    const { template } = await api<{ template: { id: number } }>(adminToken, 'POST', '/templates', {
      name: TEMPLATE,
      categoryId: category.id,
      content: {
        sections: [
          { key: 'checks', title: 'Checks', items: [{ key: 'pump', label: 'Pump runs', type: 'pass_fail' }] },
        ],
      },
    });
    await api(adminToken, 'POST', `/templates/${template.id}/publish`, { changeNote: 'E2E' });

    // An open demo corrective action at an active site: the site becomes this client's for the test.
    const { actions } = await api<CorrectiveActionListResponse>(
      adminToken,
      'GET',
      '/corrective-actions?view=open&limit=100',
    );
    for (const candidate of actions) {
      const { site } = await api<SiteDetailsResponse>(
        adminToken,
        'GET',
        `/auth/sites/full-details/${candidate.site.id}`,
      );
      if (site.status === 'active') {
        action = candidate;
        previousClientId = site.clientId;
        break;
      }
    }
    expect(action, 'an open demo action at an active site').toBeTruthy();
    await api(adminToken, 'PUT', `/auth/update/sites/${action.site.id}`, { clientId });
    clientToken = (await apiLogin(CLIENT_EMAIL, PASSWORD)).accessToken;
  }, SLOW);

  afterAll(async () => {
    // The demo site goes back to its own client for the specs after this one.
    if (action && previousClientId !== null)
      await api(adminToken, 'PUT', `/auth/update/sites/${action.site.id}`, { clientId: previousClientId });
    await browser?.close();
  });
  afterEach(() => context?.close());

  async function openAdmin(route: string) {
    context = await newContext(browser, 1400, 900);
    page = await context.newPage();
    await openSignedIn(page, route);
  }

  /** The portal at 390 px with the client's session planted the way its sign-in leaves it. */
  async function openPortal(route: string) {
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    await openPortalSignedIn(page, CLIENT_EMAIL, PASSWORD, route);
  }

  it(
    'the client files a request on a phone: site, a unit, kind, date and message',
    async () => {
      await openPortal('/portal/requests');
      await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
      await page.getByTestId('request-new').click();
      const form = page.getByRole('dialog', { name: 'Request an inspection' });
      await form.waitFor();
      // Sent empty, the contract's messages show and nothing is posted.
      await form.getByTestId('request-submit').click();
      await form.getByText('Choose a site').waitFor();
      await form.getByText('Message is required').waitFor();

      await choose(form, page, 'Site', action.site.siteCode, new RegExp(action.site.siteCode));
      const units = form.getByRole('textbox', { name: 'Units' });
      await units.click();
      const firstUnit = page.getByRole('option').filter({ visible: true }).first();
      const unitLabel = (await firstUnit.innerText()).trim();
      await firstUnit.click();
      await form.getByRole('heading', { name: 'Request an inspection' }).click();
      await choose(form, page, 'Kind of inspection', CATEGORY, CATEGORY);
      await form.getByLabel('Preferred date').fill(isoDay(-1));
      await form.getByLabel('Message').fill(MESSAGE);
      await form.getByTestId('request-submit').click();
      await form.getByText('Preferred date cannot be in the past').waitFor();
      await form.getByLabel('Preferred date').fill(isoDay(3));
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-request-form');
      await form.getByTestId('request-submit').click();
      await form.waitFor({ state: 'hidden' });

      // Newest first (a retried run may have filed one before).
      const card = page.getByTestId('portal-request').filter({ hasText: MESSAGE }).first();
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('open');
      expect(await card.innerText()).toContain(action.site.name);
      expect(await card.innerText()).toContain(unitLabel);
      expect(await card.innerText()).toContain(CATEGORY);
      requestId = Number(await card.getAttribute('data-request-id'));
      const mine = await api<InspectionRequestListResponse>(clientToken, 'GET', '/portal/requests');
      expect(mine.requests.find((r) => r.id === requestId)).toMatchObject({
        status: 'open',
        message: MESSAGE,
        preferredDate: isoDay(3),
        site: { id: action.site.id },
      });
      await settle(page);
      await noSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'the administrator schedules it from the Requests tab; the client sees it scheduled',
    async () => {
      await openAdmin('/dashboard/inspection-management?tab=requests');
      const row = page.locator(`[data-testid="request-row"][data-request-id="${requestId}"]`);
      await row.waitFor();
      expect(await row.innerText()).toContain(CLIENT_NAME);
      expect(await row.innerText()).toContain(MESSAGE);
      await settle(page);
      await docShot(page, 'inspection-requests-tab');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await row.getByTestId('request-schedule').click();
      const drawer = page.getByRole('dialog', { name: 'Schedule the request' });
      await drawer.waitFor();
      // Filled from the request: the site, the category, the unit and the preferred date.
      await expect
        .poll(() => drawer.getByTestId('assignment-site').inputValue())
        .toContain(action.site.siteCode);
      expect(await drawer.getByTestId('assignment-category').inputValue()).toBe(CATEGORY);
      // Shown in the organisation's date format (DD/MM/YYYY by default), as every date field is.
      const [year, month, day] = isoDay(3).split('-');
      expect(await drawer.getByTestId('assignment-scheduled').inputValue()).toBe(`${day}/${month}/${year}`);
      await choose(drawer, page, 'Template', TEMPLATE, new RegExp(TEMPLATE));
      const inspector = drawer.getByTestId('assignment-inspector');
      await inspector.click();
      await page.getByRole('option').filter({ visible: true }).first().click();
      await drawer.getByTestId('assignment-submit').click();
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('scheduled');
      await context.close();

      await openPortal('/portal/requests');
      const card = page.locator(`[data-testid="portal-request"][data-request-id="${requestId}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('scheduled');
      expect(await card.getByTestId('portal-request-site-link').getAttribute('href')).toBe(
        `/portal/sites/${action.site.id}`,
      );
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-requests');
    },
    SLOW,
  );

  it(
    'the client sees the comment shared with them, not the internal one, and answers',
    async () => {
      await openAdmin(`/dashboard/inspection-management/actions/${action.id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('action-comment-body').fill(SHARED);
      await page.getByTestId('action-comment-visible').check();
      await page.getByTestId('action-comment-send').click();
      await page.getByTestId('action-comment').filter({ hasText: SHARED }).waitFor();
      await page
        .getByTestId('action-comment')
        .filter({ hasText: SHARED })
        .getByTestId('comment-shared')
        .waitFor();
      expect(await page.getByTestId('action-comment-visible').isChecked()).toBe(false);
      await page.getByTestId('action-comment-body').fill(INTERNAL);
      await page.getByTestId('action-comment-send').click();
      await page.getByTestId('action-comment').filter({ hasText: INTERNAL }).waitFor();
      expect(
        await page
          .getByTestId('action-comment')
          .filter({ hasText: INTERNAL })
          .getByTestId('comment-shared')
          .count(),
      ).toBe(0);
      await context.close();

      await openPortal(`/portal/actions/${action.id}`);
      await page.getByRole('heading', { level: 1, name: action.title }).waitFor();
      const comments = page.getByTestId('portal-comments');
      await comments.getByText(SHARED).waitFor();
      expect(await comments.innerText()).not.toContain(INTERNAL);
      await page.getByTestId('portal-comment-body').fill(ANSWER);
      await page.getByTestId('portal-comment-send').click();
      const mine = page
        .locator('[data-testid="portal-comment"][data-author="you"]')
        .filter({ hasText: ANSWER });
      await mine.waitFor();
      expect(await mine.innerText()).toContain('You');
      // Nobody made the client its owner: no evidence upload.
      expect(await page.getByRole('button', { name: 'Upload evidence' }).count()).toBe(0);
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-action');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();

      // The answer reaches the staff's page.
      await openAdmin(`/dashboard/inspection-management/actions/${action.id}`);
      await page.getByTestId('action-comment').filter({ hasText: ANSWER }).waitFor();
    },
    SLOW,
  );
  it(
    'the client cancels a waiting request; the administrator declines another with a reason the client reads',
    async () => {
      const file = (message: string) =>
        api<{ request: { id: number } }>(clientToken, 'POST', '/portal/requests', {
          siteId: action.site.id,
          message,
        });
      const toCancel = (await file(`Cancel me ${stamp}`)).request.id;
      const toDecline = (await file(`Decline me ${stamp}`)).request.id;

      await openPortal('/portal/requests?status=open');
      const cancelCard = page.locator(`[data-testid="portal-request"][data-request-id="${toCancel}"]`);
      await cancelCard.getByTestId('portal-request-cancel').click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this request?' });
      await confirm.waitFor();
      await confirm.getByTestId('portal-request-cancel-confirm').click();
      await confirm.waitFor({ state: 'hidden' });
      await cancelCard.waitFor({ state: 'detached' });
      await context.close();

      await openAdmin('/dashboard/inspection-management?tab=requests&status=open');
      const row = page.locator(`[data-testid="request-row"][data-request-id="${toDecline}"]`);
      await row.getByTestId('request-decline').click();
      const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
      await dialog.waitFor();
      await dialog.getByTestId('request-decline-confirm').click();
      await dialog.getByText('Reason is required').waitFor();
      await dialog.getByTestId('request-decline-reason').fill(`No inspector free that week ${stamp}`);
      await dialog.getByTestId('request-decline-confirm').click();
      await dialog.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
      expect(await page.locator(`[data-testid="request-row"][data-request-id="${toCancel}"]`).count()).toBe(
        0,
      );
      await context.close();

      await openPortal('/portal/requests');
      const declined = page.locator(`[data-testid="portal-request"][data-request-id="${toDecline}"]`);
      await declined.waitFor();
      expect(await declined.getAttribute('data-status')).toBe('declined');
      expect(await declined.getByTestId('portal-request-decline-reason').innerText()).toContain(
        `No inspector free that week ${stamp}`,
      );
      const cancelled = page.locator(`[data-testid="portal-request"][data-request-id="${toCancel}"]`);
      expect(await cancelled.getAttribute('data-status')).toBe('cancelled');
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    "the client's notifications: the declined request's, opened from the list",
    async () => {
      await openPortal('/portal/notifications');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const item = page
        .getByTestId('notification-item')
        .filter({ hasText: `Request declined: ${action.site.name}` })
        .first();
      await item.waitFor();
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-notifications');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await item.getByTestId('notification-open').click();
      await page.waitForURL(/\/portal\/requests$/);
      await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    },
    SLOW,
  );

  it(
    'the client made owner of the action uploads evidence: a photo and a note',
    async () => {
      await api(adminToken, 'PATCH', `/corrective-actions/${action.id}`, { ownerId: clientId });
      await openPortal(`/portal/actions/${action.id}`);
      await page.getByTestId('portal-action-yours').waitFor();
      const form = page.getByTestId('portal-evidence-form');
      await form.getByTestId('portal-evidence-send').click();
      await form.getByText('Choose a photo of the work done').waitFor();
      const png = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 240;
        canvas.height = 160;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#2b8a3e';
        g.fillRect(0, 0, 240, 160);
        return canvas.toDataURL('image/png');
      });
      await form.locator('input[type="file"]').setInputFiles({
        name: 'refilled.png',
        mimeType: 'image/png',
        buffer: Buffer.from(png.split(',')[1]!, 'base64'),
      });
      await form.getByText('refilled.png').waitFor();
      await page.getByTestId('portal-evidence-note').fill(`Refilled and tagged ${stamp}`);
      await form.getByTestId('portal-evidence-send').click();
      const evidence = page
        .locator('[data-testid="portal-comment"][data-author="you"]')
        .filter({ hasText: `Refilled and tagged ${stamp}` });
      await evidence.waitFor();
      await expect
        .poll(
          () =>
            evidence
              .locator('img')
              .first()
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-action-evidence');
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'the client orders from the shop on a phone, the units split over two of its addresses',
    async () => {
      const address = (label: string, kind: 'shipping' | 'billing', isDefault: boolean) =>
        api<AddressMutationResponse>(adminToken, 'POST', `/shop/clients/${clientId}/addresses`, {
          kind,
          label: `${label} ${stamp}`,
          addressLine1: '12, Industrial Estate',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411001',
          isDefault,
        });
      await address('Head office', 'billing', true);
      const plant = (await address('Plant gate', 'shipping', false)).address;
      const store = (await address('Store room', 'shipping', false)).address;
      const { products } = await api<PortalProductListResponse>(
        clientToken,
        'GET',
        '/portal/shop/products?limit=100',
      );
      const product = products.find((p) => p.inStock);
      expect(product, 'a product in stock').toBeTruthy();

      // A retried run starts from an empty cart.
      await api(clientToken, 'DELETE', '/portal/cart');
      await openPortal('/portal/shop');
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
      const card = page.locator(`[data-testid="portal-product"][data-product-id="${product!.id}"]`);
      await card.waitFor();
      await card.getByRole('textbox', { name: `Quantity of ${product!.name}` }).fill('3');
      await card.getByTestId('portal-product-add').click();
      await page.getByTestId('portal-shop-view').getByText('Cart (3)').waitFor();
      await settle(page);
      await noSidewaysScroll(page);
      // The first products, as a phone shows them (the whole list is long).
      await docShot(page, 'portal-shop', false);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByTestId('portal-shop-view').getByText('Cart (3)').click();
      const line = page.getByTestId('portal-cart-line').filter({ hasText: product!.name });
      await line.waitFor();
      await line.getByRole('textbox', { name: `Units of ${product!.name} to ${plant.label}` }).fill('2');
      await line.getByRole('textbox', { name: `Units of ${product!.name} to ${store.label}` }).fill('1');
      await line.getByTestId('portal-cart-split-save').click();
      await line.getByText('Ship to (3 of 3 given)').waitFor();
      const billing = page.getByTestId('portal-cart-billing');
      if (!(await billing.inputValue())) {
        await billing.click();
        await page.getByRole('option', { name: new RegExp(`Head office ${stamp}`) }).click();
      }
      const place = page.getByTestId('portal-cart-place');
      await expect.poll(() => place.isEnabled(), { timeout: 15_000 }).toBe(true);
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-cart');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await place.click();
      await page.waitForURL(/\/portal\/orders\/\d+$/);
      await page.getByTestId('portal-shipments').waitFor();
      expect(await page.getByTestId('portal-shipment').count()).toBe(2);
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-order');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/portal/orders');
      await page.getByTestId('portal-order').first().waitFor();
      await page.goto('/portal/bills');
      await page.getByRole('heading', { level: 1, name: 'Bills' }).waitFor();
      await page.getByTestId('portal-bills').or(page.getByTestId('portal-bills-empty')).waitFor();
      await noSidewaysScroll(page);
    },
    SLOW,
  );
});
