import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from '../support/browser.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const SITE_NAME = `Marol Logistics Hub ${suffix}`;
const SITE_CODE = `MRL-${suffix}`;
const RENAMED = `Marol Logistics Park ${suffix}`;

describe('site management', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  async function open(path: string, width = 1400) {
    context = await newContext(browser, width, 900);
    page = await context.newPage();
    await openSignedIn(page, path);
  }

  const step = (key: string) => page.getByTestId(`wizard-step-${key}`);
  const next = () => page.getByRole('button', { name: /^Save and (continue|review)$/ }).click();

  async function chooseClient(search: string, option: RegExp) {
    const input = page.getByRole('textbox', { name: 'Client' });
    await input.click();
    await input.fill(search);
    await page.getByRole('option', { name: option }).click();
  }

  it('lists sites with counts, search in the URL, status tabs and paging', async () => {
    await open('/dashboard/site-management');
    await page.getByRole('heading', { name: 'Site Management', level: 1 }).waitFor();
    await page.getByTestId('site-row').first().waitFor();
    expect(await page.getByTestId('site-row').count()).toBe(20);
    expect(await page.getByTestId('sites-range').textContent()).toMatch(/^Showing 1–20 of \d+ sites$/);
    expect(await page.getByTestId('status-tab-draft').textContent()).toMatch(/Drafts\s*\d+/);
    await screenshot(page, 'sites-list-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByTestId('sites-search').fill('andheri');
    await page.waitForURL(/search=andheri/);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="site-row"]').length === 2,
      undefined,
      { timeout: 5000 },
    );
    for (const text of await page.getByTestId('site-row').allInnerTexts()) expect(text).toMatch(/Andheri/);

    // The search survives a reload: it lives in the URL.
    await page.reload();
    expect(await page.getByTestId('sites-search').inputValue()).toBe('andheri');

    await page.getByTestId('sites-search').fill('');
    await page.getByTestId('status-tab-draft').click();
    await page.waitForURL(/status=draft/);
    await page.waitForFunction(() => {
      const badges = Array.from(
        document.querySelectorAll('[data-testid="site-row"] [data-testid="site-status"]'),
      );
      return badges.length > 0 && badges.every((badge) => badge.getAttribute('data-status') === 'draft');
    });

    await page.goto('/dashboard/site-management?search=no-such-site-anywhere');
    await page.getByTestId('sites-empty').waitFor();
    expect(await page.getByTestId('sites-empty').textContent()).toContain('No site matches');
  });

  it('shows the list at 800 px', async () => {
    await open('/dashboard/site-management', 800);
    await page.getByTestId('site-row').first().waitFor();
    await screenshot(page, 'sites-list-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('creates a site through every step with PIN code autofill, survives a reload and saves it', async () => {
    await open('/dashboard/site-management');
    await page.getByRole('link', { name: 'Add site' }).click();
    await page.waitForURL('**/dashboard/site-management/new');
    await step('details').waitFor();

    // A draft needs a name before it can be saved.
    await next();
    await page.getByText('Enter the site name').waitFor();

    await page.getByRole('textbox', { name: 'Site name' }).fill(SITE_NAME);
    await page.getByRole('textbox', { name: 'SiteId no.' }).fill(SITE_CODE);
    await chooseClient('Raman', /Raman Realty Pvt Ltd/);
    await page.getByRole('textbox', { name: 'Notes' }).fill('Night shift security; sign in at gate 2.');
    await screenshot(page, 'site-wizard-details-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await next();

    // The draft exists now, and the URL carries it.
    await page.waitForURL(/\/new\?draft=\d+&step=2/);
    const draftUrl = new URL(page.url());
    expect(draftUrl.searchParams.get('draft')).toMatch(/^\d+$/);
    await step('address').waitFor();

    await page.getByRole('textbox', { name: 'PIN code' }).fill('400069');
    await page.getByText('Filled in from PIN code 400069').waitFor();
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Mumbai');
    expect(await page.getByRole('textbox', { name: 'District' }).inputValue()).toBe('Mumbai');
    expect(await page.getByRole('textbox', { name: 'State' }).inputValue()).toBe('Maharashtra');
    await page.getByRole('textbox', { name: 'Street address' }).fill('Unit 4, Marol Industrial Estate');
    await page.getByRole('textbox', { name: 'Area / locality' }).click();
    await page.getByRole('option', { name: 'Chakala MIDC' }).click();
    await screenshot(page, 'site-wizard-address-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await next();
    await page.waitForURL(/step=3/);
    await step('contacts').waitFor();

    // Reload half-way: the wizard comes back on the same step with what was saved.
    await page.reload();
    await step('contacts').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await step('address').waitFor();
    expect(await page.getByRole('textbox', { name: 'PIN code' }).inputValue()).toBe('400069');
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Mumbai');
    expect(await page.getByRole('textbox', { name: 'Area / locality' }).inputValue()).toBe('Chakala MIDC');
    await next();
    await step('contacts').waitFor();

    await page.getByRole('textbox', { name: 'Name' }).first().fill('Imran Khan');
    await page.getByRole('textbox', { name: 'Phone' }).first().fill('98200 12345');
    await page.getByRole('textbox', { name: 'Email' }).first().fill('imran.khan@ramanrealty.in');
    await page.getByRole('button', { name: 'Add another contact' }).click();
    const other = page.getByTestId('other-contact');
    await other.getByRole('textbox', { name: 'Name' }).fill('Security control room');
    await other.getByRole('textbox', { name: 'Role' }).fill('Security desk (24x7)');
    await other.getByRole('textbox', { name: 'Phone' }).fill('022 4000 1234');
    await screenshot(page, 'site-wizard-contacts-1400');
    await next();
    await step('review').waitFor();
    await page.getByTestId('review-ready').waitFor();
    expect(await step('review').textContent()).toContain('+91 98200 12345');
    await screenshot(page, 'site-wizard-review-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save site' }).click();
    await page.waitForURL(/\/dashboard\/site-management\/\d+$/);
    await page.getByRole('heading', { name: SITE_NAME, level: 1 }).waitFor();
    expect(await page.getByTestId('site-status').first().getAttribute('data-status')).toBe('active');
    expect(await page.getByTestId('site-code').textContent()).toBe(SITE_CODE);
    const mapLink = page.getByTestId('map-link');
    expect(await mapLink.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    expect(await mapLink.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.getByRole('main').textContent()).toContain('Security control room');
    // A new site has no equipment yet: its Equipment tab offers the equipment panel to add some.
    const panel = page.getByTestId('site-equipment-panel');
    await panel.waitFor();
    await panel
      .getByRole('button', { name: /add equipment/i })
      .first()
      .waitFor();
    await screenshot(page, 'site-details-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: /Assigned inspectors/ }).click();
    await page.getByTestId('site-inspectors-empty').waitFor();
    await page.getByRole('tab', { name: /Inspection history/ }).click();
    await page.getByTestId('site-history-empty').waitFor();
    // "Assign inspector" opens the assignment drawer with this site chosen.
    await page.getByRole('button', { name: 'Assign inspector' }).click();
    const drawer = page.getByRole('dialog', { name: 'Assign inspector' });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId('assignment-site').inputValue()).toContain(SITE_CODE);
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Reaching the saved draft's wizard address again shows the site instead.
    await page.goto(`${draftUrl.pathname}${draftUrl.search}`);
    await page.waitForURL(/\/dashboard\/site-management\/\d+$/);
  });

  it('finds the site by name and by SiteId no. from the header search box and from the list', async () => {
    await open('/dashboard');
    const box = page.getByRole('textbox', { name: 'Global search' });
    await box.fill(SITE_NAME.toLowerCase());
    await box.press('Enter');
    await page.waitForURL('**/dashboard/search?query=*');
    await page.getByTestId('search-site').first().waitFor();
    expect(await page.getByTestId('search-term').textContent()).toContain(SITE_NAME.toLowerCase());
    expect(await page.getByTestId('search-site').count()).toBe(1);
    await screenshot(page, 'search-sites-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await box.fill(SITE_CODE);
    await box.press('Enter');
    await page.waitForURL(`**/dashboard/search?query=${SITE_CODE}`);
    await page.getByRole('link', { name: SITE_NAME }).click();
    await page.getByRole('heading', { name: SITE_NAME, level: 1 }).waitFor();

    await page.goto('/dashboard/site-management');
    await page.getByTestId('site-row').first().waitFor();
    await page.getByTestId('sites-search').fill(SITE_CODE.toLowerCase());
    await page.waitForFunction((code) => {
      const rows = document.querySelectorAll('[data-testid="site-row"]');
      return rows.length === 1 && rows[0]!.textContent!.includes(code);
    }, SITE_CODE);
    await page.getByRole('link', { name: SITE_NAME }).click();
    await page.getByRole('heading', { name: SITE_NAME, level: 1 }).waitFor();
  });

  it('edits the site through the same steps, with manual entry when the lookup fails', async () => {
    await open(`/dashboard/site-management?search=${SITE_CODE}`);
    await page.getByRole('link', { name: SITE_NAME }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await step('details').waitFor();
    expect(await page.getByRole('textbox', { name: 'SiteId no.' }).inputValue()).toBe(SITE_CODE);
    await page.getByRole('textbox', { name: 'Site name' }).fill(RENAMED);
    await next();
    await step('address').waitFor();

    // An active site keeps its required fields.
    await page.getByRole('textbox', { name: 'Street address' }).fill('');
    await next();
    await page.getByText('Enter the street address').waitFor();
    await page.getByRole('textbox', { name: 'Street address' }).fill('Unit 6, Marol Industrial Estate');

    // The postal service fails for this code: the form says so and the fields stay editable.
    await page.getByRole('textbox', { name: 'PIN code' }).fill('500001');
    await page.getByTestId('pincode-lookup-failed').waitFor();
    expect(await page.getByTestId('pincode-lookup-failed').textContent()).toContain(
      'enter the city, district and state by hand',
    );
    await screenshot(page, 'site-wizard-lookup-failed-1400');
    await page.getByRole('textbox', { name: 'City' }).fill('Hyderabad');
    await page.getByRole('textbox', { name: 'District' }).fill('Hyderabad');
    await page.getByRole('textbox', { name: 'State' }).fill('Telangana');
    await next();
    await step('contacts').waitFor();
    await next();
    await step('review').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    // The wizard's own heading ("Edit <name>") also contains the name: wait for the site page.
    await page.waitForURL(/\/dashboard\/site-management\/\d+$/);
    await page.getByRole('heading', { name: RENAMED, level: 1, exact: true }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('Hyderabad 500001');
  });

  it('deactivates and reactivates a site from its page', async () => {
    await open(`/dashboard/site-management?search=${SITE_CODE}`);
    await page.getByRole('link', { name: RENAMED }).click();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.locator('[data-testid="site-status"][data-status="inactive"]').first().waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.locator('[data-testid="site-status"][data-status="active"]').first().waitFor();
  });

  it('discards another draft after confirmation', async () => {
    const name = `Throwaway Draft ${suffix}`;
    await open('/dashboard/site-management/new', 800);
    await step('details').waitFor();
    await page.getByRole('textbox', { name: 'Site name' }).fill(name);
    await next();
    await step('address').waitFor();
    await screenshot(page, 'site-wizard-address-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this draft?' });
    await untilStill(dialog); // the dialog has finished opening before the picture
    await screenshot(page, 'site-discard-800');
    await dialog.getByRole('button', { name: 'Discard draft' }).click();
    await page.waitForURL('**/dashboard/site-management');
    await page.goto(`/dashboard/site-management?search=${encodeURIComponent(name)}`);
    await page.getByTestId('sites-empty').waitFor();
  });

  it('shows a site page at 800 px, and deletes a site after confirmation', async () => {
    await open(`/dashboard/site-management?search=${SITE_CODE}`, 800);
    await page.getByRole('link', { name: RENAMED }).click();
    await page.getByRole('heading', { name: RENAMED, level: 1 }).waitFor();
    await screenshot(page, 'site-details-800');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete site' }).click();
    await page.waitForURL('**/dashboard/site-management');
    await page.goto(`/dashboard/site-management?search=${SITE_CODE}`);
    await page.getByTestId('sites-empty').waitFor();
  });

  it('shows a demo site with its equipment summary', async () => {
    await open('/dashboard/site-management?search=ST-000001');
    await page
      .getByRole('link', { name: /Andheri East/ })
      .first()
      .click();
    await page.getByTestId('site-equipment-summary').waitFor();
    expect(await page.getByTestId('site-equipment-summary').textContent()).toMatch(/Units\d+/);
    await screenshot(page, 'site-details-demo-1400');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
