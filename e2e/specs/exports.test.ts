import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueMobile } from '../support/api.js';
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

const MARKER = `Exportco${randomBytes(3).toString('hex')}`;

/** Registers a user through the API as the e2e administrator. */
async function register(token: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseURL()}/api/admin/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ sendInvitation: false, password: 'Harbour-lantern-42', ...body }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
}

describe('exports of the list screens', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, password } = adminCredentials();
    const { accessToken } = await apiLogin(email, password);
    const email_ = (name: string) => `${name}.${MARKER.toLowerCase()}@example.test`;
    await register(accessToken, {
      userType: 'client',
      firstName: '=SUM(1,2)',
      lastName: 'Formula',
      email: email_('formula'),
      phone: uniqueMobile(),
      company: `${MARKER} Estates`,
    });
    await register(accessToken, {
      userType: 'client',
      firstName: 'Kavya',
      lastName: 'Rao',
      email: email_('kavya'),
      phone: uniqueMobile(),
      company: `${MARKER} Estates`,
    });
    // Same search term, other role: the Clients tab must leave it out of the file.
    await register(accessToken, {
      userType: 'admin',
      firstName: 'Other',
      lastName: 'Admin',
      email: email_('admin'),
      password: 'Harbour-lantern-42',
      company: `${MARKER} HQ`,
    });
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  it('downloads the filtered users list as CSV and Excel', async () => {
    context = await newContext(browser, 1400, 900);
    page = await context.newPage();
    await openSignedIn(page, `/dashboard/user-management?type=client&search=${MARKER}`);
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await page.getByTestId('user-row').nth(1).waitFor();
    expect(await page.getByTestId('user-row').count()).toBe(2);

    await page.getByTestId('users-export').click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await csv.path())!)).toString('utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Id,First name,Last name,Email,Phone,Role,Status,Company,/);
    // The two clients the screen shows, not the administrator with the same company name.
    expect(lines).toHaveLength(3);
    expect(text).toContain('Kavya,Rao');
    expect(text).not.toContain('Other,Admin');
    // Formula-looking text is neutralised in CSV.
    expect(text).toContain(`"'=SUM(1,2)",Formula`);
    await page.getByText(/users-\d{4}-\d{2}-\d{2}\.csv was downloaded/).waitFor();

    await page.getByTestId('users-export').click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((await readFile((await xlsx.path())!)).subarray(0, 2).toString()).toBe('PK');
  });

  it('offers Export on a phone-width screen, accessibly', { timeout: 120_000 }, async () => {
    context = await newContext(browser, 390, 844);
    page = await context.newPage();
    await openSignedIn(page, `/dashboard/site-management`);
    await page.getByRole('heading', { name: 'Site Management', level: 1 }).waitFor();
    const exportButton = page.getByTestId('sites-export');
    await exportButton.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // (Checked with the menu closed: Mantine's open menu holds its focus-guard div inside role="menu",
    // which axe reports as aria-required-children whatever the items are.)
    await exportButton.click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).waitFor();
    await screenshot(page, 'exports-menu-390');
  });
});
