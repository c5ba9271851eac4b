import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activeUnitsBySite,
  adminApi,
  assignUnits,
  isoDay,
  publishTemplate,
  registerInspector,
} from '../support/api.js';
import {
  adminCredentials,
  apiLogin,
  baseURL,
  CHROMIUM_PATH,
  launchBrowser,
  newContext,
  screenshot,
  screenshotDir,
  seriousA11yViolations,
} from '../support/browser.js';
import { repoRoot } from '../support/server-process.js';
import { openSignedIn } from '../support/session.js';
import { untilStill } from '../support/waits.js';

/*
 * QR asset labels (issue 21, docs/equipment.md "Asset labels"): an admin prints a site's label sheet,
 * the PDF's QR codes are read back (decoded from its images) and lead to each unit; an inspector
 * opening a label's address lands on that unit's checklist; the inspector app's "Scan label" reads a
 * label from a (fake) camera at 390 px, and takes a typed code when there is no camera.
 */

const run = promisify(execFile);
const INSPECTOR_PASSWORD = 'Label-scan-harbour-58';

const CONTENT = {
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'body_intact', label: 'Body intact, no dents or corrosion', type: 'pass_fail' },
        { key: 'pressure', label: 'Gauge pressure', type: 'number', unit: 'bar', min: 8, max: 12 },
      ],
    },
  ],
};

interface Unit {
  id: number;
  name: string;
  assetTag: string;
}

interface Setup {
  siteId: number;
  siteName: string;
  units: Unit[];
  assignmentId: number;
  inspectorEmail: string;
}

/** An inspector with a password and an open assignment covering two units of a demo site. */
async function createSetup(): Promise<Setup> {
  const { email, password } = adminCredentials();
  const { accessToken: token } = await apiLogin(email, password);
  const stamp = Date.now();
  const inspector = await registerInspector(token, {
    firstName: 'Meera',
    lastName: 'Labelscan',
    tag: 'LBL',
    licenceNumber: 'LIC-LBL-8',
    password: INSPECTOR_PASSWORD,
  });
  const { categoryId, templateId } = await publishTemplate(token, {
    name: `Label check ${stamp}`,
    categoryName: `Label check ${stamp}`,
    description: 'Browser test of the asset labels',
    content: CONTENT,
  });

  const list = (await activeUnitsBySite(token))
    .filter((l) => l.length >= 3)
    .sort((a, b) => a.length - b.length)[0]!;
  const site = list[0]!.site;
  const units = list.slice(0, 2).map(({ id, name, assetTag }) => ({ id, name, assetTag }));
  const assignmentId = await assignUnits(token, {
    siteId: site.id,
    inspectorId: inspector.id,
    categoryId,
    templateId,
    unitIds: units.map((u) => u.id),
    scheduledFor: isoDay(0),
    dueOn: isoDay(2),
    priority: 'normal',
  });
  return { siteId: site.id, siteName: site.name, units, assignmentId, inspectorEmail: inspector.email };
}

/**
 * The text of every QR code in a PDF, page by page, decoded from its images the way a phone would
 * read them (pdf-parse, sharp and jsQR, run in apps/server where they are installed).
 */
async function qrCodesOf(pdfFile: string): Promise<string[]> {
  const script = `
    import { readFileSync } from 'node:fs';
    import jsQR from 'jsqr';
    import { PDFParse } from 'pdf-parse';
    import sharp from 'sharp';
    const parser = new PDFParse({ data: new Uint8Array(readFileSync(process.env.PDF_FILE)) });
    const result = await parser.getImage({ imageDataUrl: false, imageBuffer: true });
    const codes = [];
    for (const page of result.pages)
      for (const image of page.images) {
        const { data, info } = await sharp(Buffer.from(image.data)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        codes.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '(unreadable)');
      }
    await parser.destroy();
    process.stdout.write(JSON.stringify(codes));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, PDF_FILE: pdfFile },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as string[];
}

/** The QR code of `text` as its modules (qrcode, level M, as the server makes the labels'). */
async function qrModules(text: string): Promise<{ size: number; dark: number[] }> {
  const script = `
    import QRCode from 'qrcode';
    const qr = QRCode.create(process.env.QR_TEXT, { errorCorrectionLevel: 'M' });
    process.stdout.write(JSON.stringify({ size: qr.modules.size, dark: Array.from(qr.modules.data, (b) => (b ? 1 : 0)) }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, QR_TEXT: text },
  });
  return JSON.parse(stdout) as { size: number; dark: number[] };
}

/**
 * A Y4M video for Chromium's fake camera: `blankFrames` of a plain grey wall, then the QR label of
 * `text` (dark modules on white), at 10 frames a second. Chromium plays it in a loop.
 */
async function qrVideo(file: string, text: string, blankFrames: number): Promise<void> {
  const { size, dark } = await qrModules(text);
  const side = 360;
  const scale = Math.floor((side * 0.8) / (size + 8));
  const offset = Math.floor((side - size * scale) / 2);
  const qr = Buffer.alloc(side * side, 235);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (dark[Math.floor(y / scale) * size + Math.floor(x / scale)])
        qr[(offset + y) * side + offset + x] = 16;
  const grey = Buffer.alloc(side * side, 128);
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < blankFrames + 10; i++)
    frames.push(Buffer.from('FRAME\n'), i < blankFrames ? grey : qr, chroma);
  writeFileSync(file, Buffer.concat(frames));
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

/** Signs in on the inspector app's sign-in page (wherever it was opened from). */
async function inspectorSignIn(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Inspector sign-in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(INSPECTOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The checklist open on `unit` (started first when the assignment is not yet). */
async function expectChecklistOf(page: Page, setup: Setup, unit: Unit) {
  await page.waitForURL(new RegExp(`/inspector/assignments/${setup.assignmentId}\\?unit=${unit.id}$`));
  const start = page.getByTestId('inspection-start');
  const form = page.getByTestId('inspection-form');
  await start.or(form).first().waitFor();
  if (await start.isVisible()) await start.click();
  await form.waitFor();
  // The form is on the unit itself, not on the assignment's first unit.
  await expect.poll(() => form.getByTestId('unit-name').innerText()).toBe(unit.name);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The assignment's units in the form's order (by asset tag): the second is never opened by default. */
const byTag = (units: Unit[]) => [...units].sort((a, b) => a.assetTag.localeCompare(b.assetTag));

describe('QR asset labels', () => {
  let browser: Browser;
  let context: BrowserContext;
  let setup: Setup;
  let labelUrls: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    setup = await createSetup();
  });
  afterAll(() => browser.close());
  afterEach(() => context?.close());

  it("prints a site's labels from its Equipment tab; each QR code holds the unit's address", async () => {
    context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await openSignedIn(page, `/dashboard/site-management/${setup.siteId}`);
    const panel = page.getByTestId('site-equipment-panel');
    await panel.getByTestId('print-labels').click();
    const dialog = page.getByRole('dialog', { name: 'Print QR labels' });
    await dialog.waitFor();
    await untilStill(dialog);
    await screenshot(page, 'equipment-labels-dialog-1400');

    // "All units" says how many it prints (from the server: the whole site, not a first page).
    await dialog.getByText(/^\d[\d,]* units? to label; retired units are left out$/).waitFor();

    // Only the two assigned units, chosen by hand: the first from the list, the second found by
    // typing its asset tag (the server searches the whole site, however many units it has).
    await dialog.getByLabel('Only the units I choose').check();
    const picker = dialog.getByRole('textbox', { name: 'Units to print' });
    const [first, second] = setup.units as [Unit, Unit];
    await picker.click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(first.assetTag)} · `) }).click();
    await picker.fill(second.assetTag);
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(second.assetTag)} · `) }).click();
    await page.keyboard.press('Escape');
    for (const unit of setup.units)
      await dialog.getByText(`${unit.assetTag} · ${unit.name}`, { exact: true }).waitFor();
    await screenshot(page, 'equipment-labels-chosen-1400');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('labels-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^labels-.+\.pdf$/);
    mkdirSync(screenshotDir, { recursive: true });
    const file = path.join(screenshotDir, 'equipment-labels.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await dialog.waitFor({ state: 'hidden' });

    const codes = await qrCodesOf(file);
    // By asset tag, each the unit's own /u/<id> address under the server's public address.
    const expected = byTag(setup.units);
    expect(codes).toHaveLength(2);
    codes.forEach((code, i) => {
      expect(new URL(code).pathname).toBe(`/u/${expected[i]!.id}`);
    });
    labelUrls = codes;
  });

  it('prints the labels of the units selected in the register, one site at a time', async () => {
    // Three units of this spec's own: two at the setup's site, one at another site.
    const { email, password } = adminCredentials();
    const { accessToken: token } = await apiLogin(email, password);
    const groups = await activeUnitsBySite(token);
    const otherSite = groups.find((list) => list[0]!.site.id !== setup.siteId)![0]!.site;
    const typeId = groups[0]![0]!.equipmentType.id;
    const tag = `SEL${Date.now().toString(36).toUpperCase()}`;
    const made: Unit[] = [];
    for (const [suffix, siteId] of [
      ['A1', setup.siteId],
      ['A2', setup.siteId],
      ['B1', otherSite.id],
    ] as const) {
      const { equipment } = await adminApi<{ equipment: Unit }>(token, 'POST', '/auth/equipments', {
        siteId,
        equipmentTypeId: typeId,
        assetTag: `${tag}-${suffix}`,
        name: `Selected extinguisher ${suffix}`,
      });
      made.push(equipment);
    }

    context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await openSignedIn(page, `/dashboard/equipment-management?search=${tag}`);
    await expect.poll(() => page.getByTestId('equipment-row').count(), { timeout: 15_000 }).toBe(3);
    const checkbox = (assetTag: string) => page.getByRole('checkbox', { name: `Select ${assetTag}` });

    // Units of two sites: one sheet is for one site, and the button says why it is refused.
    await checkbox(`${tag}-A1`).check();
    await checkbox(`${tag}-B1`).check();
    const print = page.getByTestId('bulk-print-labels');
    await expect.poll(() => print.getAttribute('aria-disabled')).toBe('true');
    const reason = await page.locator(`[id="${await print.getAttribute('aria-describedby')}"]`).textContent();
    expect(reason).toContain('The selected units are at 2 sites');
    await print.hover();
    await page.getByRole('tooltip').filter({ hasText: 'A label sheet is for one site' }).waitFor();
    await screenshot(page, 'equipment-labels-selection-two-sites-1400');
    await print.click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Print QR labels' }).count()).toBe(0);

    // One site's units: the label dialog opens with them chosen.
    await checkbox(`${tag}-B1`).uncheck();
    await checkbox(`${tag}-A2`).check();
    expect(await page.getByTestId('bulk-count').textContent()).toBe('2 selected');
    await expect.poll(() => print.getAttribute('aria-disabled')).toBe(null);
    await print.click();
    const dialog = page.getByRole('dialog', { name: 'Print QR labels' });
    await dialog.waitFor();
    const selected = made.slice(0, 2);
    for (const unit of selected)
      await dialog.getByText(`${unit.assetTag} · ${unit.name}`, { exact: true }).waitFor();
    await untilStill(dialog);
    await screenshot(page, 'equipment-labels-selection-1400');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('labels-download').click(),
    ]);
    mkdirSync(screenshotDir, { recursive: true });
    const file = path.join(screenshotDir, 'equipment-labels-selection.pdf');
    await download.saveAs(file);
    await dialog.waitFor({ state: 'hidden' });

    // Read back from the PDF: the two selected units' addresses, by asset tag, and nothing else.
    const codes = await qrCodesOf(file);
    expect(codes.map((code) => new URL(code).pathname)).toEqual(byTag(selected).map((u) => `/u/${u.id}`));
  });

  it("opens a label's address as an inspector on that unit's checklist (390 px)", async () => {
    expect(labelUrls).toHaveLength(2);
    context = await newContext(browser, 390, 844);
    const page = await context.newPage();
    const unit = byTag(setup.units)[1]!;
    // Signed out: the inspector sign-in first, then on to the unit.
    await page.goto(new URL(labelUrls.find((c) => c.endsWith(`/u/${unit.id}`))!).pathname);
    await page.waitForURL(/\/inspector\/sign-in\?next=/);
    await inspectorSignIn(page, setup.inspectorEmail);
    await expectChecklistOf(page, setup, unit);
    await settle(page);
    await screenshot(page, 'equipment-labels-checklist-390');

    // A unit no open work of theirs covers: a clear message, not an error page.
    const { email, password } = adminCredentials();
    const { accessToken } = await apiLogin(email, password);
    const { equipments } = await adminApi<{ equipments: Unit[] }>(
      accessToken,
      'GET',
      `/auth/equipments?site_id=${setup.siteId}&limit=100`,
    );
    const other = equipments.find((u) => !setup.units.some((s) => s.id === u.id))!;
    await page.goto(`/u/${other.id}`);
    const error = page.getByTestId('unit-label-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('No open inspection for this unit');
    await settle(page);
    await screenshot(page, 'equipment-labels-no-work-390');
  });

  it('scans a label with the camera from "Scan label" and opens the unit (fake camera, 390 px)', async () => {
    const unit = byTag(setup.units)[1]!;
    const video = path.join(tmpdir(), `inspecta-label-${Date.now()}.y4m`);
    // About three seconds of a bare wall first, to see the scanner looking.
    await qrVideo(video, labelUrls.find((c) => c.endsWith(`/u/${unit.id}`)) ?? `/u/${unit.id}`, 30);
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const camera = await cameraBrowser.newContext({
        baseURL: baseURL(),
        viewport: { width: 390, height: 844 },
        permissions: ['camera'],
      });
      const page = await camera.newPage();
      await page.goto('/inspector');
      await inspectorSignIn(page, setup.inspectorEmail);
      await page.getByTestId('scan-label').waitFor();
      await settle(page);
      await screenshot(page, 'equipment-labels-inspector-home-390');
      await page.getByTestId('scan-label').click();
      await page.waitForURL(/\/inspector\/scan$/);
      await page.getByText('Looking for a QR label…').waitFor();
      await screenshot(page, 'equipment-labels-scan-390');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectChecklistOf(page, setup, unit);
      await camera.close();
    } finally {
      await cameraBrowser.close();
    }
  });

  it('takes the unit code typed in when there is no camera (390 px)', async () => {
    context = await newContext(browser, 390, 844);
    const page = await context.newPage();
    await page.goto('/inspector/scan');
    await inspectorSignIn(page, setup.inspectorEmail);
    await page.waitForURL(/\/inspector\/scan$/);
    await page.getByTestId('scan-no-camera').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('scan-code').fill('not a code');
    await page.getByTestId('scan-open').click();
    await page.getByText(/^Type the unit code printed on the label \(a number\)/).waitFor();
    const unit = setup.units[0]!;
    await page.getByTestId('scan-code').fill(String(unit.id));
    await settle(page);
    await screenshot(page, 'equipment-labels-manual-390');
    await page.getByTestId('scan-open').click();
    await expectChecklistOf(page, setup, unit);
  });
});
