import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InspectionSummary, InspectorAssignmentDetail } from '@inspecta/contract';
import { PDFParse } from 'pdf-parse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../support/api.js';
import { launchBrowser, screenshot, seriousA11yViolations } from '../support/browser.js';
import { E2E_ADMIN, repoRoot, type ServerProcess, startServer } from '../support/server-process.js';
import { untilStill } from '../support/waits.js';

/**
 * The client portal and its verifiable reports (issue 20, docs/portal.md): a client signs in at
 * 390 px, sees the failed unit at one of its two sites, opens the site and the inspection (the failed
 * item highlighted, the seal), downloads the PDF report, whose QR code holds the link to the public
 * check; following it says Valid. Then one answer is changed directly in the database, and the same
 * page says Not valid.
 *
 * The tamper needs the database while no server holds it, and the shared e2e server keeps its PGlite
 * folder open for the whole run. So this spec starts its own server (support/server-process.ts, no
 * demo data: everything is made through the API), stops it, changes the row with PGlite opened on
 * its data folder, and starts it again on the same folder. PGlite and the QR encoder are the
 * server's own dependencies: the two small scripts that use them run with `node` in apps/server, so
 * the browser tier adds no dependency of its own.
 */

const SLOW = 180_000;
const stamp = Date.now().toString(36);
const PASSWORD = 'Portal-Seal-Harbour-58';
const CLIENT = {
  firstName: 'Meera',
  lastName: `Auditwala ${stamp.toUpperCase()}`,
  email: `meera.client.${stamp}@inspecta.test`,
  company: `Auditwala Textiles ${stamp}`,
};
const INSPECTOR_EMAIL = `sealed.inspector.${stamp}@inspecta.test`;
const FAILED_SITE = `Bhiwandi Weaving Shed ${stamp}`;
const CLEAN_SITE = `Thane Warehouse ${stamp}`;
const FAILING_LABEL = 'Body intact, no dents or corrosion';
const shotsDir = path.join(repoRoot, 'docs', 'screenshots');
const run = promisify(execFile);

const CONTENT = {
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'body_intact', label: FAILING_LABEL, type: 'pass_fail' },
        { key: 'pressure', label: 'Gauge pressure', type: 'number', unit: 'bar', min: 8, max: 12 },
      ],
    },
    {
      key: 'evidence',
      title: 'Evidence',
      items: [
        { key: 'unit_photo', label: 'Photo of the unit and its tag', type: 'photo' },
        { key: 'signature', label: 'Inspector signature', type: 'signature' },
      ],
    },
  ],
};

/** Runs an ES module script with node in apps/server (its dependencies), with `env`; answers stdout. */
async function inServerWorkspace(script: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The modules of the QR code of `text`, made as the server makes the report's (qrcode, level M). */
async function qrModules(text: string): Promise<{ size: number; dark: number[] }> {
  const out = await inServerWorkspace(
    `import QRCode from 'qrcode';
     const qr = QRCode.create(process.env.QR_TEXT, { errorCorrectionLevel: 'M' });
     process.stdout.write(JSON.stringify({ size: qr.modules.size, dark: Array.from(qr.modules.data, (b) => (b ? 1 : 0)) }));`,
    { QR_TEXT: text },
  );
  return JSON.parse(out) as { size: number; dark: number[] };
}

/** Changes one recorded answer of an inspection directly in the stopped server's PGlite database. */
async function tamperAnswer(dataDir: string, inspectionId: number) {
  const out = await inServerWorkspace(
    `import { PGlite } from '@electric-sql/pglite';
     import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
     const db = await PGlite.create(process.env.PGLITE_DIR, { extensions: { pg_trgm } });
     const result = await db.query(
       "update inspections set answers = jsonb_set(answers, '{units,1,answers,pressure}', '11.5') where id = $1",
       [Number(process.env.INSPECTION_ID)],
     );
     await db.close();
     process.stdout.write(String(result.affectedRows));`,
    { PGLITE_DIR: path.join(dataDir, 'db'), INSPECTION_ID: String(inspectionId) },
  );
  expect(out.trim()).toBe('1');
}

async function readPdf(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = (await parser.getText()).text;
    const images = await parser.getImage({ imageDataUrl: true, imageBuffer: false });
    return { text, images: images.pages.flatMap((p) => p.images) };
  } finally {
    await parser.destroy();
  }
}

/** Reads a QR code image module by module (the report's has a one-module margin): 1 dark, 0 light. */
async function readQrImage(page: Page, dataUrl: string, size: number): Promise<number[]> {
  return page.evaluate(
    async ([url, modules]) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(image, 0, 0);
      const pixels = g.getImageData(0, 0, canvas.width, canvas.height).data;
      const scale = canvas.width / (modules + 2);
      const bits: number[] = [];
      for (let row = 0; row < modules; row++)
        for (let col = 0; col < modules; col++) {
          const x = Math.floor((col + 1.5) * scale);
          const y = Math.floor((row + 1.5) * scale);
          const i = (y * canvas.width + x) * 4;
          bits.push(pixels[i]! + pixels[i + 1]! + pixels[i + 2]! < 384 ? 1 : 0);
        }
      return bits;
    },
    [dataUrl, size] as const,
  );
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await untilStill(page.locator('body'));
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** A picture for docs/screenshots (kept in the repository), besides the run's own. */
async function docShot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  // From the top, so the sticky top bar is where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await untilStill(page.locator('body'));
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  await screenshot(page, name);
}

/** A small PNG, drawn in the browser as a phone would hand one over. */
async function drawPng(page: Page, kind: 'photo' | 'signature'): Promise<Buffer> {
  const dataUrl = await page.evaluate((what) => {
    const canvas = document.createElement('canvas');
    canvas.width = what === 'photo' ? 320 : 360;
    canvas.height = what === 'photo' ? 240 : 120;
    const g = canvas.getContext('2d')!;
    g.fillStyle = what === 'photo' ? '#c92a2a' : '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.strokeStyle = what === 'photo' ? '#ffffff' : '#1b1b1b';
    g.lineWidth = 6;
    g.beginPath();
    g.moveTo(30, canvas.height * 0.7);
    for (let i = 1; i <= 12; i++) g.lineTo(30 + i * 24, canvas.height * (0.7 - 0.4 * Math.sin(i / 2)));
    g.stroke();
    return canvas.toDataURL('image/png');
  }, kind);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

interface Seeded {
  failedSiteId: number;
  cleanSiteId: number;
  inspectionId: number;
}

/**
 * Through the API of `base`: an administrator registers a client (with a password) and an
 * inspector, makes two active sites of the client with two units each, a published template and an
 * assignment of the first site; the inspector submits it with one failed item (the first unit).
 */
async function seed(base: string, page: Page): Promise<Seeded> {
  const call = async <T>(token: string, method: string, route: string, body?: unknown): Promise<T> => {
    const form = body instanceof FormData;
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: {
        authorization: token,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const login = async (email: string, password: string) =>
    (await call<{ accessToken: string }>('', 'POST', '/auth/login', { email, password })).accessToken;

  const admin = await login(E2E_ADMIN.email, E2E_ADMIN.password);
  const { user: client } = await call<{ user: { id: number } }>(admin, 'POST', '/admin/register', {
    userType: 'client',
    firstName: CLIENT.firstName,
    lastName: CLIENT.lastName,
    email: CLIENT.email,
    phone: '+91 98200 31415',
    company: CLIENT.company,
    password: PASSWORD,
  });
  const { user: inspector } = await call<{ user: { id: number } }>(admin, 'POST', '/admin/register', {
    userType: 'inspector',
    firstName: 'Arjun',
    lastName: 'Sealwala',
    email: INSPECTOR_EMAIL,
    phone: '+91 98200 27182',
    employeeCode: `E2E-P-${stamp}`.slice(0, 20),
    licenceNumber: 'LIC-E2E-20',
    password: PASSWORD,
  });
  const { category } = await call<{ category: { id: number } }>(admin, 'POST', '/inspection-categories', {
    name: `Fire safety ${stamp}`,
    description: 'Browser test of the client portal',
    colour: '#1f5fa6',
  });
  const { template } = await call<{ template: { id: number } }>(admin, 'POST', '/templates', {
    name: `Extinguisher check ${stamp}`,
    categoryId: category.id,
    content: CONTENT,
  });
  await call(admin, 'POST', `/templates/${template.id}/publish`, { changeNote: 'E2E' });
  const { equipmentType } = await call<{ equipmentType: { id: number } }>(
    admin,
    'POST',
    '/auth/global-equipment/create',
    { name: `Fire extinguisher ${stamp}`, category: 'Fire safety', inspectionIntervalDays: 90 },
  );

  const makeSite = async (name: string, pincode: string, tags: string[]) => {
    const { site } = await call<{ site: { id: number } }>(admin, 'POST', '/auth/sites', {
      name,
      clientId: client.id,
      addressLine1: '14, Textile Mill Compound',
      addressLine2: 'Kalyan Road',
      city: name.startsWith('Thane') ? 'Thane' : 'Bhiwandi',
      district: 'Thane',
      state: 'Maharashtra',
      pincode,
      contactName: 'Ramesh Patil',
      contactPhone: '98200 16180',
      contactEmail: 'ramesh.patil@example.in',
      notes: 'Internal: the gate guard wants the visitor list a day ahead',
    });
    await call(admin, 'POST', `/auth/save/site/${site.id}`);
    const units: number[] = [];
    for (const [index, tag] of tags.entries()) {
      const { equipment } = await call<{ equipment: { id: number } }>(admin, 'POST', '/auth/equipments', {
        siteId: site.id,
        equipmentTypeId: equipmentType.id,
        assetTag: tag,
        name: index === 0 ? 'CO2 extinguisher, 4.5 kg' : 'ABC powder extinguisher, 6 kg',
        serialNumber: `SN-${tag}`,
        location: index === 0 ? 'Loom hall, pillar 4' : 'Dispatch bay',
      });
      units.push(equipment.id);
    }
    return { siteId: site.id, units };
  };
  const failedSite = await makeSite(FAILED_SITE, '421302', [`FE-${stamp}-1`, `FE-${stamp}-2`]);
  const cleanSite = await makeSite(CLEAN_SITE, '400601', [`FE-${stamp}-3`]);

  const { assignment } = await call<{ assignment: { id: number } }>(
    admin,
    'POST',
    '/auth/create/assignments/admin',
    {
      siteId: failedSite.siteId,
      inspectorId: inspector.id,
      categoryId: category.id,
      templateId: template.id,
      equipmentScope: 'all',
      scheduledFor: isoDay(0),
      dueOn: isoDay(2),
      priority: 'normal',
      notes: 'Internal: bill under the annual contract',
    },
  );

  // The inspector's side, through the inspector API as the inspector app does it.
  const field = await login(INSPECTOR_EMAIL, PASSWORD);
  const { assignment: detail } = await call<{ assignment: InspectorAssignmentDetail }>(
    field,
    'GET',
    `/inspector/assignments/${assignment.id}`,
  );
  const upload = async (kind: 'photo' | 'signature') => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await drawPng(page, kind))], { type: 'image/png' }),
      `${kind}.png`,
    );
    return (await call<{ url: string }>(field, 'POST', '/inspector/uploads', form)).url;
  };
  const photo = await upload('photo');
  const signature = await upload('signature');
  const units = detail.units.map((unit, index) => ({
    equipmentId: unit.id,
    answers: {
      body_intact: index === 0 ? 'fail' : 'pass',
      pressure: 10.5,
      unit_photo: [photo],
      signature,
    },
  }));
  expect(units).toHaveLength(2);
  const { inspection } = await call<{ inspection: InspectionSummary }>(
    field,
    'POST',
    `/inspector/assignments/${assignment.id}/submit`,
    {
      units,
      remarks: 'The loom hall unit has a dent near the valve; replace it before the audit.',
      device: { time: new Date().toISOString() },
    },
  );
  expect(inspection.result).toBe('fail');
  return { failedSiteId: failedSite.siteId, cleanSiteId: cleanSite.siteId, inspectionId: inspection.id };
}

describe('client portal: compliance at 390 px and a sealed report, checked and then tampered with', () => {
  let browser: Browser;
  let server: ServerProcess;
  let context: BrowserContext;
  let page: Page;
  let seeded: Seeded;
  let sealId = '';
  let verifyHref = '';
  let pdf: Buffer;

  const openContext = async (base: string) => {
    await context?.close();
    context = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    page = await context.newPage();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ SEED_DEMO: 'false' });
    await openContext(server.baseURL);
    await page.goto('/404-blank');
    seeded = await seed(server.baseURL, page);
  }, SLOW);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (server) {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it(
    'signs a client in at /portal (390 px) and shows the failed unit at one of its two sites',
    async () => {
      await page.goto('/portal');
      // Signed out (a retry of this test starts from a signed-in page).
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.getByRole('heading', { name: 'Client portal', level: 1 }).waitFor();
      expect(await page.title()).toBe('Client portal sign-in · Inspecta');
      await docShot(page, 'portal-sign-in-390');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel('Email').fill(CLIENT.email);
      await page.locator('input[type="password"]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe('Overview · Inspecta');
      // The portal's own session keys; the dashboard's stay empty.
      const keys = await page.evaluate(() => Object.keys(localStorage));
      expect(keys).toEqual(expect.arrayContaining(['portalAccessToken', 'portalUserData']));
      expect(keys).not.toContain('accessToken');
      await expect.poll(() => page.getByTestId('portal-company').textContent()).toContain(CLIENT.company);

      const failedCard = page.locator(
        `[data-testid="portal-site-card"][data-site-id="${seeded.failedSiteId}"]`,
      );
      const cleanCard = page.locator(
        `[data-testid="portal-site-card"][data-site-id="${seeded.cleanSiteId}"]`,
      );
      await failedCard.waitFor();
      await cleanCard.waitFor();
      expect(await failedCard.getByTestId('count-failed').getAttribute('data-count')).toBe('1');
      expect(await failedCard.getAttribute('data-attention')).toBe('failed');
      expect(await cleanCard.getByTestId('count-failed').count()).toBe(0);
      // The site needing attention comes first.
      expect(await page.getByTestId('portal-site-card').first().getAttribute('data-site-id')).toBe(
        String(seeded.failedSiteId),
      );
      // "Failed" keeps only that site.
      const chips = page.getByRole('group', { name: 'Show sites' });
      await chips.getByText('Failed', { exact: true }).click();
      await page.waitForURL(/attention=failed/);
      await expect.poll(() => page.getByTestId('portal-site-card').count()).toBe(1);
      await chips.getByText('All', { exact: true }).click();
      await expect.poll(() => page.getByTestId('portal-site-card').count()).toBe(2);

      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-overview-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Readable on a desktop too: the same page, centered, at most 960 px wide.
      await page.setViewportSize({ width: 1280, height: 900 });
      const main = await page.locator('main').boundingBox();
      expect(main!.width).toBeLessThanOrEqual(960);
      expect(Math.abs(main!.x + main!.width / 2 - 640)).toBeLessThan(2);
      await screenshot(page, 'portal-overview-1280');
      await page.setViewportSize({ width: 390, height: 844 });
    },
    SLOW,
  );

  it(
    'opens the site (equipment, history, certificate) and the inspection with its failed item and seal',
    async () => {
      await page.locator(`[data-testid="portal-site-card"][data-site-id="${seeded.failedSiteId}"]`).click();
      await page.getByRole('heading', { name: FAILED_SITE, level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe('Site · Inspecta');
      await expect.poll(() => page.getByTestId('portal-unit').count()).toBe(2);
      const row = page.locator(
        `[data-testid="portal-history-row"][data-inspection-id="${seeded.inspectionId}"]`,
      );
      await row.waitFor();
      expect(await row.getAttribute('data-result')).toBe('fail');
      // The internal notes of the site and the assignment are never shown to the client.
      expect(await page.locator('body').textContent()).not.toContain('Internal:');
      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-site-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The compliance certificate downloads as a PDF.
      const [certificate] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('certificate-download').click(),
      ]);
      expect(certificate.suggestedFilename()).toMatch(/^compliance-.+\.pdf$/);
      expect(
        readFileSync((await certificate.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await page.locator('.mantine-Notification-closeButton').click();

      await row.click();
      await page.getByRole('heading', { name: `Inspection #${seeded.inspectionId}`, level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe('Inspection · Inspecta');
      const failed = page.locator('[data-testid="portal-item"][data-outcome="fail"]');
      await expect.poll(() => failed.count()).toBe(1);
      expect(await failed.textContent()).toContain(FAILING_LABEL);
      expect(await page.getByTestId('portal-failed-items').textContent()).toContain(FAILING_LABEL);
      expect(await page.locator('body').textContent()).not.toContain('Internal:');
      expect(await page.getByTestId('answer-photo').count()).toBe(2);
      expect(await page.getByTestId('answer-signature').count()).toBe(2);

      sealId = ((await page.getByTestId('seal-id').textContent()) ?? '').trim();
      expect(sealId).toMatch(/^[a-f0-9]{32}$/);
      expect(await page.getByTestId('seal-hash').textContent()).toMatch(/^[a-f0-9]{64}$/);
      verifyHref = (await page.getByTestId('verify-link').getAttribute('href')) ?? '';
      expect(verifyHref).toBe(`/verify/${sealId}`);

      await settle(page);
      await noSidewaysScroll(page);
      await docShot(page, 'portal-inspection-390');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The report, as the client downloads it.
      const [report] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('portal-report-download').click(),
      ]);
      pdf = readFileSync((await report.path())!);
    },
    SLOW,
  );

  it(
    "follows the report's QR code (the same link as the page's) to the public check: Valid",
    async () => {
      // The QR code holds <PUBLIC_URL>/verify/<seal id>; PUBLIC_URL is http://localhost:<port> here.
      const qrUrl = `http://localhost:${new URL(server.baseURL).port}${verifyHref}`;
      const { text, images } = await readPdf(pdf);
      expect(text).toContain(`Seal ID: ${sealId}`);
      expect(text).toContain(qrUrl);
      const expected = await qrModules(qrUrl);
      const squares = images.filter((image) => image.width === image.height && image.width >= 100);
      const read = await Promise.all(squares.map((image) => readQrImage(page, image.dataUrl, expected.size)));
      expect(read.some((bits) => bits.join('') === expected.dark.join(''))).toBe(true);

      // Scanning it on the phone: the public page, no sign-in needed.
      await page.getByTestId('verify-link').click();
      await page.waitForURL(new RegExp(`/verify/${sealId}$`));
      await expect
        .poll(() => page.getByTestId('seal-verdict').textContent(), { timeout: 20_000 })
        .toBe('Valid');
      await openContext(server.baseURL);
      await page.goto(qrUrl);
      await expect
        .poll(() => page.getByTestId('seal-verdict').textContent(), { timeout: 20_000 })
        .toBe('Valid');
      expect(await page.getByTestId('seal-result').textContent()).toContain(FAILED_SITE);
    },
    SLOW,
  );

  it(
    'says Not valid on the same page once one answer is changed in the database',
    async () => {
      const dataDir = server.dataDir;
      await context.close();
      await server.stop();
      await tamperAnswer(dataDir, seeded.inspectionId);
      server = await startServer({ SEED_DEMO: 'false' }, dataDir);

      await openContext(server.baseURL);
      await page.goto(verifyHref);
      await expect
        .poll(() => page.getByTestId('seal-verdict').textContent(), { timeout: 20_000 })
        .toBe('Not valid');
      await noSidewaysScroll(page);
      await screenshot(page, 'portal-verify-tampered-390');
    },
    SLOW,
  );
});
