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

const STAMP = Date.now().toString(36).toUpperCase();
const TRACKING = `AWB${STAMP}`;

interface Site {
  siteId: number;
  name: string;
  state: string | null;
  usable: boolean;
  addressId: number | null;
}
interface Product {
  id: number;
  sku: string;
  name: string;
  stock: { available: number };
}

let token = '';

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    ...init,
    headers: { authorization: token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Waits until the data has arrived and the screen has stopped moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

/** No sideways scroll of the page itself (tables may scroll inside their own box). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Types into a NumberInput and leaves it, as a user tabbing on does (the split saves on blur). */
async function typeUnits(input: Locator, value: number) {
  await input.fill(String(value));
  await input.press('Tab');
}

/** What the same state means for the place of supply (the contract's stateCodeOf, by name here). */
const sameState = (a: string | null, b: string | null) =>
  !!a && !!b && a.toLowerCase().replace(/[^a-z]/g, '') === b.toLowerCase().replace(/[^a-z]/g, '');

describe('shop orders: take an order split over two sites, confirm it, ship it', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let client: { id: number; label: string };
  let siteA: Site;
  let siteB: Site;
  let refill: Product;
  let spare: Product;
  let companyState: string | null = null;
  let orderId = 0;
  let orderNumber = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    token = (await apiLogin(email, password)).accessToken;

    // A demo client with two active sites whose addresses are complete.
    const { clients } = await api<{ clients: Array<{ id: number; name: string; company: string | null }> }>(
      '/auth/get/client/list?limit=100',
    );
    for (const candidate of clients) {
      const { sites } = await api<{ sites: Site[] }>(`/shop/clients/${candidate.id}/addresses`);
      const usable = sites.filter((site) => site.usable);
      if (usable.length >= 2) {
        client = {
          id: candidate.id,
          label: candidate.company ? `${candidate.company} (${candidate.name})` : candidate.name,
        };
        [siteA, siteB] = usable as [Site, Site];
        break;
      }
    }
    expect(client, 'a demo client with two usable sites').toBeTruthy();

    const { products } = await api<{ products: Product[] }>('/shop/products?status=active&stock=ok&limit=50');
    const stocked = products.filter((product) => product.stock.available >= 12);
    expect(stocked.length).toBeGreaterThanOrEqual(2);
    [refill, spare] = stocked as [Product, Product];

    // The seller's state decides CGST + SGST or IGST; give it one when the demo has none.
    const { organisation } = await api<{ organisation: Record<string, unknown> & { state: string | null } }>(
      '/settings/organisation',
    );
    companyState = organisation.state;
    if (!companyState) {
      await api('/settings/organisation', {
        method: 'PUT',
        body: JSON.stringify({
          companyName: organisation.companyName,
          timezone: organisation.timezone,
          dateFormat: organisation.dateFormat,
          defaultInspectionIntervalDays: organisation.defaultInspectionIntervalDays,
          state: siteA.state,
        }),
      });
      companyState = siteA.state;
    }
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(path: string, width = 1400, height = 900) {
    context = await newContext(browser, width, height);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  it('takes the order: client, cart, lines split over two sites, tax reviewed, placed', {
    timeout: 240_000,
  }, async () => {
    // A fresh cart (a retried attempt may have left one).
    await api(`/shop/clients/${client.id}/cart`, { method: 'DELETE' });
    await open('/dashboard/shop/orders');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Shop' });
    expect(await tabs.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByRole('heading', { name: 'New order', level: 1 }).waitFor();

    // 1. The client.
    const picker = page.getByRole('textbox', { name: 'Client' });
    await picker.click();
    await picker.fill(client.label.slice(0, 12));
    await page.getByRole('option', { name: client.label }).first().click();
    await page.waitForURL(new RegExp(`client_id=${client.id}`));
    await page.getByTestId('wizard-client').waitFor();

    // 2. The cart: products found by SKU, with what is available.
    for (const [product, quantity] of [
      [refill, 10],
      [spare, 2],
    ] as const) {
      const search = page.getByRole('textbox', { name: 'Add a product' });
      await search.click();
      await search.fill(product.sku);
      await page
        .getByRole('option', { name: new RegExp(product.sku) })
        .first()
        .click();
      await page.getByTestId('picked-available').waitFor();
      await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(quantity));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const line = page.locator(`[data-testid="cart-line"][data-sku="${product.sku}"]`);
      await line.waitFor();
      await expect
        .poll(() => line.getByRole('textbox', { name: `Quantity of ${product.name}` }).inputValue())
        .toBe(String(quantity));
    }
    expect(await page.getByTestId('cart-total').textContent()).toMatch(/^₹[\d,]+\.\d\d$/);
    await settle(page);
    await screenshot(page, 'shop-order-new-cart-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A reload resumes the cart from the server.
    await page.reload();
    await page.locator(`[data-testid="cart-line"][data-sku="${refill.sku}"]`).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);

    // 3. Addresses: both sites become shipping addresses on pick; 6 refills to A, 4 to B, the spares to A.
    await page.getByRole('button', { name: 'Next: addresses' }).click();
    await page
      .getByTestId('split-lines')
      .or(page.getByText('The client has no shipping address yet'))
      .first()
      .waitFor();
    for (const site of [siteA, siteB]) {
      const input = page.getByRole('textbox', { name: `Units of ${refill.name} to ${site.name}` });
      if (await input.count()) continue;
      const select = page.getByRole('textbox', { name: "Ship to one of the client's sites" });
      await select.click();
      await page
        .getByRole('option', { name: new RegExp(`^${site.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) })
        .click();
      await input.waitFor();
    }
    const allTo = page.getByRole('textbox', { name: 'All to one address' });
    await allTo.click();
    await page
      .getByRole('option', { name: new RegExp(`^${siteA.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} —`) })
      .click();
    await page.getByRole('button', { name: 'Send everything there' }).click();
    const refillSplit = page.locator(`[data-testid="split-line"][data-sku="${refill.sku}"]`);
    const spareSplit = page.locator(`[data-testid="split-line"][data-sku="${spare.sku}"]`);
    await expect
      .poll(() =>
        refillSplit.getByRole('textbox', { name: `Units of ${refill.name} to ${siteA.name}` }).inputValue(),
      )
      .toBe('10');
    await expect
      .poll(() => spareSplit.getByTestId('split-status').getAttribute('data-state'))
      .toBe('complete');

    await typeUnits(
      refillSplit.getByRole('textbox', { name: `Units of ${refill.name} to ${siteA.name}` }),
      6,
    );
    await expect
      .poll(() => refillSplit.getByTestId('split-status').textContent())
      .toBe('4 of 10 units have no address yet');
    await page.getByTestId('unallocated-warning').waitFor();
    expect(await page.getByRole('button', { name: 'Next: review' }).isDisabled()).toBe(true);
    await typeUnits(
      refillSplit.getByRole('textbox', { name: `Units of ${refill.name} to ${siteB.name}` }),
      4,
    );
    await expect
      .poll(() => refillSplit.getByTestId('split-status').getAttribute('data-state'))
      .toBe('complete');
    await page.getByTestId('unallocated-warning').waitFor({ state: 'hidden' });
    await settle(page);
    await screenshot(page, 'shop-order-new-split-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 4. Review: a billing address (added here when the client has none), the tax of each shipment.
    await page.getByRole('button', { name: 'Next: review' }).click();
    await page.getByTestId('review-totals').waitFor();
    const billTo = page.getByRole('textbox', { name: 'Bill to' });
    if (!(await billTo.inputValue())) {
      await page.getByRole('button', { name: 'New billing address' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add billing address' });
      await drawer.waitFor();
      await drawer.getByLabel('Label').fill(`Head office ${STAMP}`);
      await drawer.getByLabel('PIN code').fill('400069');
      await expect.poll(() => drawer.getByLabel('State').inputValue()).toBe('Maharashtra');
      await drawer.getByLabel('Address line 1').fill('4th floor, Kohinoor Estate');
      await drawer.getByLabel('GSTIN').fill('27AAPFU0939F1Z');
      await drawer.getByRole('button', { name: 'Add address' }).click();
      await drawer.getByText(/15-character GSTIN/).waitFor();
      await drawer.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
      await untilStill(drawer);
      await screenshot(page, 'shop-address-drawer-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: 'Add address' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => billTo.inputValue()).toContain(`Head office ${STAMP}`);
    }
    const previews = page.getByTestId('shipment-preview');
    await expect.poll(() => previews.count()).toBe(2);
    for (const site of [siteA, siteB]) {
      const preview = previews.filter({ hasText: site.name });
      const expected = sameState(site.state, companyState) ? 'CGST + SGST' : 'IGST';
      expect(await preview.getByTestId('preview-supply-type').textContent()).toContain(expected);
      if (expected === 'IGST') await preview.getByTestId('preview-igst').waitFor();
      else await preview.getByTestId('preview-cgst').waitFor();
    }
    const total = await page.getByTestId('review-total').textContent();
    const place = page.getByTestId('place-order');
    await expect.poll(() => place.isEnabled()).toBe(true);
    expect(await place.textContent()).toContain(total!);
    await settle(page);
    await screenshot(page, 'shop-order-new-review-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await place.click();
    await page.waitForURL(/\/dashboard\/shop\/orders\/\d+$/);
    orderId = Number(page.url().split('/').pop());
    const heading = page.getByRole('heading', { name: /^Order SO-\d+$/, level: 1 });
    await heading.waitFor();
    orderNumber = (await heading.textContent())!.replace('Order ', '');
    expect(await page.getByTestId('order-status').first().textContent()).toBe('Placed');
    expect(await page.getByTestId('shipment-card').count()).toBe(2);
    expect(await page.getByTestId('order-totals-total').textContent()).toBe(total);
  });

  it('confirms the order, ships one shipment with a tracking number and links its bill', {
    timeout: 120_000,
  }, async () => {
    expect(orderId).toBeGreaterThan(0);
    await open(`/dashboard/shop/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 }).waitFor();
    await settle(page);
    await screenshot(page, 'shop-order-page-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Shipping waits for the confirmation.
    const cardA = page.getByTestId('shipment-card').filter({ hasText: siteA.name });
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    if (await confirm.count()) {
      expect(await cardA.getByRole('button', { name: 'Ship', exact: true }).count()).toBe(0);
      await confirm.click();
    }
    await expect.poll(() => page.getByTestId('order-status').first().textContent()).toBe('Confirmed');

    await cardA.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Ship SO-/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
    await dialog.getByText('Carrier is required').waitFor();
    await dialog.getByLabel('Carrier').fill('Blue Dart');
    await dialog.getByLabel('Tracking number').fill(TRACKING);
    await untilStill(dialog);
    await screenshot(page, 'shop-order-ship-dialog-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => cardA.getByTestId('shipment-status').textContent()).toBe('Shipped');
    expect(await cardA.getByTestId('shipment-tracking').textContent()).toBe(TRACKING);
    expect(await page.getByTestId('order-status').first().textContent()).toBe('Partially shipped');
    const cardB = page.getByTestId('shipment-card').filter({ hasText: siteB.name });
    expect(await cardB.getByTestId('shipment-status').textContent()).toBe('To pack');

    // The shipment's bill, issued as it shipped, opens the bill's page.
    const bill = cardA.getByTestId('shipment-bills').getByRole('link').first();
    await bill.waitFor();
    const billNumber = (await bill.textContent())!;
    expect(billNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    expect(await bill.getAttribute('href')).toMatch(/^\/dashboard\/shop\/bills\/\d+$/);
    await settle(page);
    await screenshot(page, 'shop-order-shipped-1400');
    await bill.click();
    await page.waitForURL(/\/dashboard\/shop\/bills\/\d+$/);
    await page.getByText(billNumber).first().waitFor();
  });

  it('finds the order in the list by its tracking number and by its status tab', async () => {
    expect(orderId).toBeGreaterThan(0);
    await open(`/dashboard/shop/orders?search=${TRACKING}`);
    const row = page.getByTestId('order-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('link', { name: orderNumber }).getAttribute('href')).toBe(
      `/dashboard/shop/orders/${orderId}`,
    );
    expect(await row.getByTestId('order-status').textContent()).toBe('Partially shipped');
    expect(await page.getByTestId('orders-count').textContent()).toBe('1');
    await settle(page);
    await screenshot(page, 'shop-orders-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The status tabs count within the other filters; choosing one keeps the search.
    expect(await page.getByTestId('status-count-partially_shipped').textContent()).toBe('1');
    await page.getByRole('button', { name: /^Delivered/ }).click();
    await page.getByTestId('orders-empty').waitFor();
    expect(page.url()).toContain(`search=${TRACKING}`);
    expect(page.url()).toContain('status=delivered');
  });

  it("shows the client's addresses in User Management, the sites used for the order among them", async () => {
    await open(`/dashboard/user-management?type=client&user=${client.id}`);
    const drawer = page.getByTestId('user-detail-drawer');
    const addresses = drawer.getByTestId('client-addresses');
    await addresses.waitFor();
    const shipping = addresses.getByTestId('shipping-addresses');
    await shipping.getByTestId('address-card').filter({ hasText: siteA.name }).waitFor();
    await shipping.getByTestId('address-card').filter({ hasText: siteB.name }).waitFor();
    expect(
      await addresses.getByTestId('billing-addresses').getByTestId('address-card').count(),
    ).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'shop-client-addresses-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('fits a 390 px phone: list as cards, the order page and the wizard', { timeout: 120_000 }, async () => {
    expect(orderId).toBeGreaterThan(0);
    await open(`/dashboard/shop/orders?search=${TRACKING}`, 390, 844);
    await page.getByTestId('orders-cards').getByTestId('order-row').first().waitFor();
    await settle(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'shop-orders-390');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/dashboard/shop/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 }).waitFor();
    await settle(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'shop-order-page-390');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/dashboard/shop/orders/new?client_id=${client.id}`);
    await page.getByTestId('cart-empty').waitFor();
    await settle(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'shop-order-new-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
