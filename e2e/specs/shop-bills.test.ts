import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
const SELLER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const BUYER_GSTIN = '27AABCS1429B1ZU'; // Maharashtra: the shipment to Pune is within the state
const SKU = `E2E-BILL-${STAMP}`;
const PRODUCT = `E2E Foam refill 9 L ${STAMP}`;
const SLOW = 120_000;

let token = '';

/** The API as the e2e administrator; throws with the answer when the status is not `expect`. */
async function call<T>(method: string, path: string, body?: unknown, expectStatus = [200, 201]): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expectStatus.includes(response.status))
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** The files of a .xlsx (a zip), read through its central directory. */
function unzip(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let end = buffer.length - 22;
  while (end >= 0 && buffer.readUInt32LE(end) !== 0x06054b50) end--;
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  for (let n = 0; n < count; n++) {
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const skip = nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = buffer.readUInt32LE(at + 42);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return files;
}

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A workbook's sheets by name, each as rows of cell texts (inline strings and numbers). */
function readWorkbook(buffer: Buffer): Map<string, string[][]> {
  const files = unzip(buffer);
  const names = [...(files.get('xl/workbook.xml') ?? '').matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) =>
    xmlText(m[1]!),
  );
  const sheets = new Map<string, string[][]>();
  names.forEach((name, index) => {
    const xml = files.get(`xl/worksheets/sheet${index + 1}.xml`) ?? '';
    const rows = [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
      [...row[1]!.matchAll(/<c [^>]*?(?:\/>|>([\s\S]*?)<\/c>)/g)].map((cell) => {
        const inner = cell[1] ?? '';
        const text =
          /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '';
        return xmlText(text);
      }),
    );
    sheets.set(name, rows);
  });
  return sheets;
}

/** Waits until the data has arrived and the screen has stopped moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

/** No sideways scroll of the page itself (tables may scroll inside their own box). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Shipment {
  id: number;
  shipmentNumber: string;
  status: string;
  address: { state: string };
  bills: Array<{ id: number; billNumber: string; kind: string; status: string }>;
}
interface Order {
  id: number;
  orderNumber: string;
  status: string;
  shipments: Shipment[];
}

describe('shop bills: the tax invoice of a shipped shipment, its PDF, the Excel export and cancelling', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let order: Order;
  let bill: { id: number; billNumber: string };
  let clientId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    token = (await apiLogin(email, password)).accessToken;

    // The seller: a GSTIN and a state in Settings, organisation (the state decides CGST + SGST).
    const { organisation } = await call<{ organisation: Record<string, unknown> }>(
      'GET',
      '/settings/organisation',
    );
    await call('PUT', '/settings/organisation', {
      companyName: organisation.companyName,
      timezone: organisation.timezone,
      dateFormat: organisation.dateFormat,
      defaultInspectionIntervalDays: organisation.defaultInspectionIntervalDays,
      gstin: SELLER_GSTIN,
      addressLine1: '12 Marol Industrial Estate',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400059',
      phone: '+91 22 4000 1234',
      email: 'accounts@inspecta.test',
    });

    // A product with stock: ₹1,250.50 before 18 % GST.
    const { category } = await call<{ category: { id: number } }>('POST', '/shop/categories', {
      name: `E2E Bills ${STAMP}`,
    });
    const { product } = await call<{ product: { id: number } }>('POST', '/shop/products', {
      sku: SKU,
      name: PRODUCT,
      categoryId: category.id,
      unit: 'piece',
      pricePaise: 125050,
      hsnCode: '8424',
      gstRate: 18,
      reorderLevel: 0,
    });
    await call('POST', `/shop/products/${product.id}/stock-movements`, {
      kind: 'receive',
      quantity: 20,
      unitCostPaise: 70000,
    });

    // A demo client with a billing address (its GSTIN) and two shipping addresses in two states.
    const clients = await call<{ clients: Array<{ id: number; status: string }> }>(
      'GET',
      '/auth/get/client/list?limit=20',
    );
    clientId = clients.clients.find((c) => c.status === 'active')!.id;
    const address = async (body: Record<string, unknown>) =>
      (await call<{ address: { id: number } }>('POST', `/shop/clients/${clientId}/addresses`, body)).address
        .id;
    const billing = await address({
      kind: 'billing',
      label: `E2E Accounts ${STAMP}`,
      addressLine1: '5 FC Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411004',
      gstin: BUYER_GSTIN,
    });
    const pune = await address({
      kind: 'shipping',
      label: `E2E Pune plant ${STAMP}`,
      addressLine1: 'Plot 7, MIDC Bhosari',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411026',
    });
    const bengaluru = await address({
      kind: 'shipping',
      label: `E2E Bengaluru office ${STAMP}`,
      addressLine1: '4 Lake Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    });

    // 10 units split 6 to Pune and 4 to Bengaluru: two shipments. Placed, confirmed, Pune shipped.
    const cart = await call<{ cart: { lines: Array<{ id: number; productId: number }> } }>(
      'POST',
      `/shop/clients/${clientId}/cart/lines`,
      { productId: product.id, quantity: 10, addressId: pune },
    );
    const line = cart.cart.lines.find((l) => l.productId === product.id)!;
    await call('PUT', `/shop/clients/${clientId}/cart/lines/${line.id}/allocations`, {
      allocations: [
        { addressId: pune, quantity: 6 },
        { addressId: bengaluru, quantity: 4 },
      ],
    });
    await call('PATCH', `/shop/clients/${clientId}/cart`, {
      billingAddressId: billing,
      billingMode: 'per_shipment',
    });
    order = (await call<{ order: Order }>('POST', `/shop/clients/${clientId}/orders`, {})).order;
    await call('POST', `/shop/orders/${order.id}/confirm`, {});
    const puneShipment = order.shipments.find((s) => s.address.state === 'Maharashtra')!;
    order = (
      await call<{ order: Order }>('POST', `/shop/orders/${order.id}/shipments/${puneShipment.id}/ship`, {
        carrier: 'Blue Dart',
        trackingNumber: `BD${STAMP}`,
        shippedOn: new Date().toISOString().slice(0, 10),
      })
    ).order;
    const shipped = order.shipments.find((s) => s.id === puneShipment.id)!;
    expect(shipped.status).toBe('shipped');
    expect(order.shipments.find((s) => s.id !== puneShipment.id)!.status).not.toBe('shipped');
    bill = shipped.bills.find((b) => b.kind === 'invoice')!;
    expect(bill.billNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
  }, SLOW);
  afterAll(() => browser?.close());
  afterEach(() => context?.close());

  async function open(path: string, width = 1400, height = 900) {
    context = await newContext(browser, width, height);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  const ourRow = () => page.getByTestId('bill-row').filter({ hasText: bill.billNumber });

  it(
    "lists this month's bills with their totals, opens the bill and reads its PDF back",
    async () => {
      await open('/dashboard/shop/bills');
      await page.getByRole('heading', { name: 'Bills', level: 1 }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'Shop' });
      expect(await tabs.getByRole('link', { name: 'Bills' }).getAttribute('aria-current')).toBe('page');
      // This month by default (other specs may have billed this month too: find ours by number).
      await page.getByLabel('Id or number').fill(bill.billNumber);
      await page.waitForURL(/id=INV/);
      await ourRow().waitFor();
      // The previous page stays on screen until the filtered one arrives.
      await expect.poll(() => page.getByTestId('bill-row').count()).toBe(1);
      await settle(page);
      const totals = page.getByTestId('bill-totals');
      expect(await totals.getByTestId('bill-totals-count').textContent()).toBe('1');
      // 6 × ₹1,250.50 = ₹7,503.00; CGST and SGST 9 % each = ₹675.27; ₹8,853.54 rounds to ₹8,854.00.
      expect(await totals.getByTestId('bill-totals-taxable').textContent()).toBe('₹7,503.00');
      expect(await totals.getByTestId('bill-totals-cgst').textContent()).toBe('₹675.27');
      expect(await totals.getByTestId('bill-totals-sgst').textContent()).toBe('₹675.27');
      expect(await totals.getByTestId('bill-totals-igst').textContent()).toBe('₹0.00');
      expect(await totals.getByTestId('bill-totals-total').textContent()).toBe('₹8,854.00');
      expect(await ourRow().getByTestId('bill-total').textContent()).toBe('₹8,854.00');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The whole month, for the picture.
      await page.getByLabel('Id or number').fill('');
      await page.waitForURL((url) => !url.search.includes('id='));
      await ourRow().waitFor();
      await settle(page);
      await screenshot(page, 'shop-bills-list-1400');

      await ourRow().getByRole('link', { name: bill.billNumber }).click();
      await page.getByRole('heading', { name: `Tax invoice ${bill.billNumber}`, level: 1 }).waitFor();
      const document = page.getByTestId('bill-document');
      expect(await document.getByTestId('bill-seller-gstin').textContent()).toBe(SELLER_GSTIN);
      expect(await document.getByTestId('bill-buyer-gstin').textContent()).toBe(BUYER_GSTIN);
      expect(await document.getByTestId('bill-place-of-supply').textContent()).toBe('Maharashtra (27)');
      expect(await document.getByTestId('bill-cgst').textContent()).toBe('₹675.27');
      expect(await document.getByTestId('bill-round-off').textContent()).toBe('+₹0.46');
      expect(await document.getByTestId('bill-total').textContent()).toBe('₹8,854.00');
      expect(await document.getByTestId('bill-lines').getByText('8424').count()).toBe(1);
      expect(await document.getByTestId('bill-amount-in-words').textContent()).toMatch(
        /eight thousand eight hundred fifty[- ]four/i,
      );
      expect(await document.getByTestId('bill-order-link').getAttribute('href')).toBe(
        `/dashboard/shop/orders/${order.id}`,
      );
      await settle(page);
      await screenshot(page, 'shop-bill-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('bill-download-pdf').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      expect(text).toContain(bill.billNumber);
      expect(text).toContain(SELLER_GSTIN);
      expect(text).toContain(BUYER_GSTIN);
      expect(text).toMatch(/TAX INVOICE/i);
      expect(text).toContain('7,503.00');
      expect(text).toContain('675.27');
      expect(text).toContain('8,854.00');
    },
    SLOW,
  );

  it(
    "exports the month's bills to Excel: a row per bill and a sheet of tax per rate",
    async () => {
      await open(`/dashboard/shop/bills?client=${clientId}`);
      await ourRow().waitFor();
      await settle(page);
      await page.getByTestId('bills-export').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^bills-\d{4}-\d{2}-\d{2}\.xlsx$/);
      await page.getByText(/bills-\d{4}-\d{2}-\d{2}\.xlsx was downloaded/).waitFor();
      const file = await readFile((await download.path())!);
      expect(file.subarray(0, 2).toString()).toBe('PK');
      const sheets = readWorkbook(file);
      expect([...sheets.keys()]).toEqual(['Bills', 'Tax by rate']);

      const bills = sheets.get('Bills')!;
      const heading = bills[0]!;
      const row = bills.find((cells) => cells.includes(bill.billNumber));
      expect(row, `the bills sheet has ${bill.billNumber}`).toBeTruthy();
      const cell = (name: RegExp) => row![heading.findIndex((h) => name.test(h))];
      expect(cell(/GSTIN/i)).toBe(BUYER_GSTIN);
      expect(Number(cell(/^Taxable/i))).toBeCloseTo(7503, 2);
      expect(Number(cell(/^CGST/i))).toBeCloseTo(675.27, 2);
      expect(Number(cell(/^Total/i))).toBeCloseTo(8854, 2);

      // This client's bills of the month, by rate: ours is at 18 %.
      const rates = sheets.get('Tax by rate')!;
      const rateHeading = rates[0]!;
      const at18 = rates.find((cells) => /^18/.test(cells[0] ?? ''));
      expect(at18, 'a row for 18 %').toBeTruthy();
      const taxable = Number(at18![rateHeading.findIndex((h) => /^Taxable/i.test(h))]);
      expect(taxable).toBeGreaterThanOrEqual(7503);
    },
    SLOW,
  );

  it(
    'reads well on a phone: the list as cards, the bill without sideways scrolling',
    async () => {
      await open(`/dashboard/shop/bills?id=${encodeURIComponent(bill.billNumber)}`, 390, 844);
      await page.getByTestId('bills-cards').waitFor();
      await ourRow().waitFor();
      await settle(page);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'shop-bills-list-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await ourRow().getByRole('link', { name: bill.billNumber }).click();
      await page.getByTestId('bill-document').waitFor();
      await settle(page);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'shop-bill-390');
      await page.getByTestId('bill-summary').scrollIntoViewIfNeeded();
      await screenshot(page, 'shop-bill-390-totals');
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'cancels the bill with a reason: it stays, marked cancelled, with its number, and the shipment can be billed again',
    async () => {
      await open(`/dashboard/shop/bills/${bill.id}`);
      await page.getByRole('heading', { name: `Tax invoice ${bill.billNumber}`, level: 1 }).waitFor();
      await page.getByTestId('bill-cancel').click();
      const dialog = page.getByRole('dialog', { name: `Cancel tax invoice ${bill.billNumber}` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel tax invoice' }).click();
      await dialog.getByText('Reason is required').waitFor();
      await untilStill(dialog);
      await screenshot(page, 'shop-bill-cancel-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByLabel('Reason').fill('Billed to the wrong branch');
      await dialog.getByRole('button', { name: 'Cancel tax invoice' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const banner = page.getByTestId('bill-cancelled-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Billed to the wrong branch');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        `Tax invoice ${bill.billNumber}`,
      );
      expect(await page.getByTestId('bill-status').textContent()).toBe('Cancelled');
      expect(await page.getByTestId('bill-cancel').count()).toBe(0);
      await page.getByTestId('bill-reissue').waitFor();
      await settle(page);
      await screenshot(page, 'shop-bill-cancelled-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The list keeps it, marked, under its number.
      await page.getByRole('link', { name: 'Bills' }).first().click();
      await page.getByLabel('Id or number').fill(bill.billNumber);
      await ourRow().getByText('Cancelled').waitFor();

      // The goods did ship: a new bill with the next number of the series.
      await ourRow().getByRole('link', { name: bill.billNumber }).click();
      await page.getByTestId('bill-reissue').click();
      await page.waitForURL((url) => !url.pathname.endsWith(`/bills/${bill.id}`));
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).not.toBe(`Tax invoice ${bill.billNumber}`);
      const next = (await heading.textContent())!.replace('Tax invoice ', '');
      expect(next).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
      expect(Number(next.slice(-6))).toBeGreaterThan(Number(bill.billNumber.slice(-6)));
      expect(await page.getByTestId('bill-status').textContent()).toBe('Issued');
    },
    SLOW,
  );

  it(
    'keeps the seller details in Settings and shows the shop figures on the home',
    async () => {
      await open('/dashboard/setting');
      const gstin = page.getByRole('textbox', { name: /GSTIN/ });
      await gstin.waitFor();
      expect(await gstin.inputValue()).toBe(SELLER_GSTIN);
      expect(await page.getByRole('textbox', { name: /^State/ }).inputValue()).toBe('Maharashtra');
      await gstin.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'settings-organisation-seller-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/dashboard');
      const section = page.getByTestId('home-shop-section');
      await section.getByTestId('home-revenue-this-month-value').waitFor();
      expect(await section.getByTestId('home-revenue-this-month-value').textContent()).toMatch(/^₹[\d,]+$/);
      expect(await section.getByTestId('home-shipments-to-send-value').textContent()).toMatch(/^\d[\d,]*$/);
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'home-shop-section-1400');
      await section.getByTestId('home-revenue-this-month').click();
      await page.getByRole('heading', { name: 'Bills', level: 1 }).waitFor();
      expect(page.url()).toMatch(/start_date=\d{4}-\d{2}-01&end_date=\d{4}-\d{2}-\d{2}/);
      await context.close();

      // A phone: the seller fields and the home's shop figures fit the screen.
      await open('/dashboard/setting', 390, 844);
      await page.getByRole('textbox', { name: /GSTIN/ }).waitFor();
      await page.getByRole('textbox', { name: /GSTIN/ }).scrollIntoViewIfNeeded();
      await settle(page);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'settings-organisation-seller-390');
      await page.goto('/dashboard');
      const phoneSection = page.getByTestId('home-shop-section');
      await phoneSection.getByTestId('home-revenue-this-month-value').waitFor();
      await phoneSection.scrollIntoViewIfNeeded();
      await settle(page);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'home-shop-section-390');
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );
});
