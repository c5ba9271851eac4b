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

/**
 * Verifiable reports (docs/verification.md): a demo completed inspection, sealed by the start-up
 * job, has its seal id, hash and verify link printed in its PDF; the public /verify/<id> page (no
 * sign-in) says Valid; uploading the same PDF and pasting its hash say Valid too; an unknown id
 * says so. Tampering is proved in the integration tier (the e2e server's PGlite folder is its own).
 */

const SLOW = 120_000;

async function readPdf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('verifiable reports in the browser', () => {
  let browser: Browser;
  let context: BrowserContext | null = null;
  let pdf: Buffer;
  let sealId: string;
  let hash: string;
  let siteName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { accessToken } = await apiLogin(adminCredentials().email, adminCredentials().password);
    const list = await fetch(`${baseURL()}/api/auth/inspections?limit=1`, {
      headers: { authorization: accessToken },
    });
    const first = ((await list.json()) as { data: { id: number; site: { name: string } }[] }).data[0]!;
    siteName = first.site.name;
    // The demo history is sealed in the background after the server starts: wait for this one's seal.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const response = await fetch(`${baseURL()}/api/auth/inspections/${first.id}/report`, {
        headers: { authorization: accessToken },
      });
      expect(response.status).toBe(200);
      pdf = Buffer.from(await response.arrayBuffer());
      const text = await readPdf(pdf);
      const id = /Seal ID: ([a-f0-9]{32})/.exec(text)?.[1];
      if (id) {
        sealId = id;
        hash = /SHA-256: ([a-f0-9]{64})/.exec(text)![1]!;
        // The QR code's link, printed beside it, goes to the public page of this seal.
        expect(text).toMatch(new RegExp(`https?://\\S+/verify/${id}`));
        break;
      }
      if (Date.now() > deadline) throw new Error('the demo inspection was not sealed within 90 s');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }, SLOW);

  afterEach(async () => {
    await context?.close();
    context = null;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const open = async (width: number, path: string): Promise<Page> => {
    context = await newContext(browser, width, width < 600 ? 844 : 900);
    const page = await context.newPage();
    await page.goto(path);
    return page;
  };

  it.each([1400, 390])(
    'opens the verify page from the PDF link without signing in and sees Valid (%i px)',
    async (width) => {
      const page = await open(width, `/verify/${sealId}`);
      await expect
        .poll(() => page.getByTestId('seal-verdict').textContent(), { timeout: 20_000 })
        .toBe('Valid');
      const result = page.getByTestId('seal-result');
      await expect.poll(() => result.textContent()).toContain(siteName);
      const text = (await result.textContent()) ?? '';
      expect(text).toContain('Sealed by');
      expect(text).toContain(hash);
      expect(text).toMatch(/Pass|Fail/);
      // No dashboard shell: a bare public page.
      expect(await page.getByRole('navigation').count()).toBe(0);
      // Nothing overflows sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `verify-valid-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'checks the real PDF by upload and its hash by paste on /verify',
    async () => {
      const page = await open(390, '/verify');
      await page.getByRole('heading', { name: 'Check an inspection report' }).waitFor();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf });
      await page.getByRole('button', { name: 'Check PDF' }).click();
      const pdfResult = page
        .locator('#check-pdf-heading')
        .locator('xpath=ancestor::section')
        .getByTestId('seal-verdict');
      await expect.poll(() => pdfResult.textContent(), { timeout: 20_000 }).toBe('Valid');

      await page.getByLabel('SHA-256 hash').fill(hash);
      await page.getByRole('button', { name: 'Check hash' }).click();
      const hashResult = page
        .locator('#check-hash-heading')
        .locator('xpath=ancestor::section')
        .getByTestId('seal-verdict');
      await expect.poll(() => hashResult.textContent(), { timeout: 20_000 }).toBe('Valid');
      await screenshot(page, 'verify-checks-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A hash nobody sealed.
      await page.getByLabel('SHA-256 hash').fill(`${'0'.repeat(63)}1`);
      await page.getByRole('button', { name: 'Check hash' }).click();
      await page.getByText('No report was sealed with this hash.').waitFor();
    },
    SLOW,
  );

  it(
    'shows the signing key to an administrator in Settings and checks the whole chain',
    async () => {
      context = await newContext(browser, 1400, 900);
      const page = await context.newPage();
      await openSignedIn(page, '/dashboard/setting#report-key');
      const section = page.getByTestId('settings-report-key');
      await section.getByTestId('report-public-key').waitFor();
      const pem = (await section.getByTestId('report-public-key').textContent()) ?? '';
      const published = (await (await fetch(`${baseURL()}/api/verify/public-key`)).json()) as {
        publicKeyPem: string;
      };
      expect(pem.trim()).toBe(published.publicKeyPem.trim());
      await section.getByRole('button', { name: 'Check the whole chain' }).click();
      await section.getByText(/Chain intact: [\d,]+ seals checked/).waitFor({ timeout: 60_000 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'settings-report-key-1400');
      expect(await seriousA11yViolations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'says so for an unknown seal id',
    async () => {
      const page = await open(1400, `/verify/${'f'.repeat(32)}`);
      await page.getByText('No such seal').waitFor();
    },
    SLOW,
  );
});
