import type { InspectionSummary, TemplateContent } from '@inspecta/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFileName, MemoryFileStorage } from '../src/core/files/file-storage.js';
import { fileUrl } from '../src/core/files/file-urls.js';
import {
  assignments,
  inspectionCategories,
  inspections,
  inspectionUnits,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { insertCompletedInspection } from './helpers/inspection-fixtures.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const CONTENT: TemplateContent = {
  sections: [
    {
      key: 'cylinder',
      title: 'Cylinder',
      items: [
        {
          key: 'pressure',
          label: 'Gauge pressure',
          helpText: '',
          required: true,
          type: 'number',
          unit: 'bar',
          min: 12,
          max: 18,
        },
        { key: 'seal_intact', label: 'Tamper seal intact', helpText: '', required: true, type: 'pass_fail' },
      ],
    },
    {
      key: 'surroundings',
      title: 'Surroundings',
      items: [
        {
          key: 'signage',
          label: 'Signage visible',
          helpText: '',
          required: true,
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
        { key: 'notes', label: 'Notes', helpText: '', required: false, type: 'text', multiline: true },
      ],
    },
    {
      key: 'evidence',
      title: 'Evidence',
      items: [
        { key: 'photos', label: 'Photos of the unit', helpText: '', required: false, type: 'photo' },
        { key: 'signature', label: 'Inspector signature', helpText: '', required: false, type: 'signature' },
      ],
    },
  ],
};

const passing = { pressure: 15, seal_intact: 'pass', signage: 'yes', notes: 'All good' };

describe('inspections: history and detail (/api/auth/inspections)', () => {
  let ctx: TestContext;
  let admin: string;
  let inspectorToken: string;
  let ravi: number;
  let meera: number;
  let routine: number;
  let annual: number;
  let templateId: number;
  let orion: { id: number; siteCode: string; name: string };
  let phoenix: { id: number; siteCode: string; name: string };
  let orionUnits: number[];
  let phoenixUnit: number;
  const ids: Record<string, number> = {};
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  const storage = new MemoryFileStorage();

  const call = (url: string, token: string | null = admin) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

  const list = async (query: string) => {
    const response = await call(`/api/auth/inspections${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: InspectionSummary[]; pagination: { total: number; page: number } };
  };
  const idsOf = (body: { data: InspectionSummary[] }) => body.data.map((r) => r.id);

  beforeAll(async () => {
    ctx = await createTestApp({ clock, fileStorage: storage });
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    const raviUser = await insertUser(ctx.db, {
      userType: 'inspector',
      firstName: 'Ravi',
      lastName: 'Menon',
    });
    ravi = raviUser.id;
    inspectorToken = await tokenFor(ctx.app, raviUser);
    meera = (await insertUser(ctx.db, { userType: 'inspector', firstName: 'Meera', lastName: 'Iyer' })).id;
    const clientId = (
      await insertUser(ctx.db, {
        userType: 'client',
        company: 'Lakeside Realty Pvt Ltd',
        phone: '9820011122',
      })
    ).id;
    const [routineId, annualId] = await Promise.all(
      ['Routine', 'Annual'].map(async (name) => {
        const [row] = await ctx.db
          .insert(inspectionCategories)
          .values({ name: uniq(name), colour: 'blue' })
          .returning();
        return row!.id;
      }),
    );
    routine = routineId!;
    annual = annualId!;
    const [template] = await ctx.db
      .insert(templates)
      .values({
        name: uniq('Extinguisher check'),
        categoryId: routine,
        status: 'published',
        publishedVersion: 2,
      })
      .returning();
    templateId = template!.id;
    await ctx.db.insert(templateVersions).values([
      { templateId, version: 1, status: 'published', content: { sections: [] } },
      { templateId, version: 2, status: 'published', content: CONTENT },
    ]);
    orion = await insertSite(ctx.db, { siteCode: 'ST-ORION', name: 'Orion Mall', city: 'Mumbai', clientId });
    phoenix = await insertSite(ctx.db, { siteCode: 'ST-PHNX', name: 'Phoenix Plant', city: 'Pune' });
    const type = await insertType(ctx.db, { name: uniq('ABC extinguisher') });
    orionUnits = [];
    for (const tag of ['FE-001', 'FE-002'])
      orionUnits.push(
        (await insertUnit(ctx.db, { siteId: orion.id, equipmentTypeId: type.id, assetTag: tag })).id,
      );
    phoenixUnit = (
      await insertUnit(ctx.db, { siteId: phoenix.id, equipmentTypeId: type.id, assetTag: 'FE-100' })
    ).id;

    const base = { categoryId: routine, templateId, templateVersion: 2, content: CONTENT };
    ids.orionPass = (
      await insertCompletedInspection(ctx.db, {
        ...base,
        siteId: orion.id,
        inspectorId: ravi,
        units: orionUnits.map((equipmentId) => ({ equipmentId, answers: passing })),
        completedAt: new Date('2026-05-01T09:30:00Z'),
      })
    ).id;
    ids.orionFail = (
      await insertCompletedInspection(ctx.db, {
        ...base,
        siteId: orion.id,
        inspectorId: meera,
        units: [
          { equipmentId: orionUnits[0]!, answers: passing },
          { equipmentId: orionUnits[1]!, answers: { ...passing, seal_intact: 'fail', pressure: 9.5 } },
        ],
        remarks: 'Seal broken on FE-002; replaced on the spot.',
        completedAt: new Date('2026-05-15T23:59:00Z'),
      })
    ).id;
    ids.phoenixAnnual = (
      await insertCompletedInspection(ctx.db, {
        ...base,
        categoryId: annual,
        siteId: phoenix.id,
        inspectorId: ravi,
        units: [{ equipmentId: phoenixUnit, answers: passing }],
        completedAt: new Date('2026-06-01T00:00:00Z'),
      })
    ).id;
    ids.phoenixFail = (
      await insertCompletedInspection(ctx.db, {
        ...base,
        siteId: phoenix.id,
        inspectorId: meera,
        units: [{ equipmentId: phoenixUnit, answers: { ...passing, signage: 'no' } }],
        completedAt: new Date('2026-06-10T12:00:00Z'),
      })
    ).id;
    // Started but not submitted: never in the history, and its detail is 404.
    const started = await insertCompletedInspection(ctx.db, {
      ...base,
      siteId: orion.id,
      inspectorId: ravi,
      units: [{ equipmentId: orionUnits[0]!, answers: passing }],
      completedAt: new Date('2026-06-12T08:00:00Z'),
    });
    await ctx.db
      .update(inspections)
      .set({ status: 'in_progress', result: null, completedAt: null })
      .where(eq(inspections.id, started.id));
    ids.inProgress = started.id;
  });
  afterAll(() => ctx.close());

  it('lists completed inspections only, newest first, with their summary', async () => {
    const body = await list('');
    expect(idsOf(body)).toEqual([ids.phoenixFail, ids.phoenixAnnual, ids.orionFail, ids.orionPass]);
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 4 });
    const failed = body.data.find((r) => r.id === ids.orionFail)!;
    expect(failed).toMatchObject({
      result: 'fail',
      failedItems: 2,
      totalItems: 6,
      unitCount: 2,
      site: {
        id: orion.id,
        name: 'Orion Mall',
        siteCode: orion.siteCode,
        city: 'Mumbai',
        clientName: 'Lakeside Realty Pvt Ltd',
      },
      inspector: { id: meera, name: 'Meera Iyer' },
      category: { id: routine },
      template: { id: templateId, version: 2 },
      completedAt: '2026-05-15T23:59:00.000Z',
    });
    expect(body.data.find((r) => r.id === ids.orionPass)).toMatchObject({ result: 'pass', failedItems: 0 });
  });

  it('filters by site, inspector, category and result', async () => {
    expect(idsOf(await list(`?site_id=${orion.id}`))).toEqual([ids.orionFail, ids.orionPass]);
    expect(idsOf(await list(`?inspector_id=${ravi}`))).toEqual([ids.phoenixAnnual, ids.orionPass]);
    expect(idsOf(await list(`?category_id=${annual}`))).toEqual([ids.phoenixAnnual]);
    expect(idsOf(await list('?result=fail'))).toEqual([ids.phoenixFail, ids.orionFail]);
    expect(idsOf(await list(`?result=pass&site_id=${phoenix.id}`))).toEqual([ids.phoenixAnnual]);
  });

  it("filters by unit (the unit's own history, from inspection_units)", async () => {
    // The fixtures skip the submission path, so record each inspection's units as it would.
    const unitRows = [
      { id: ids.orionPass, units: orionUnits, at: '2026-05-01T09:30:00Z' },
      { id: ids.orionFail, units: orionUnits, at: '2026-05-15T23:59:00Z' },
      { id: ids.phoenixAnnual, units: [phoenixUnit], at: '2026-06-01T00:00:00Z' },
      { id: ids.phoenixFail, units: [phoenixUnit], at: '2026-06-10T12:00:00Z' },
    ].flatMap(({ id, units, at }) =>
      units.map((equipmentId) => ({
        inspectionId: id!,
        equipmentId,
        result: 'pass' as const,
        completedAt: new Date(at),
      })),
    );
    await ctx.db.insert(inspectionUnits).values(unitRows).onConflictDoNothing();
    expect(idsOf(await list(`?equipment_id=${orionUnits[1]}`))).toEqual([ids.orionFail, ids.orionPass]);
    expect(idsOf(await list(`?equipment_id=${phoenixUnit}&result=fail`))).toEqual([ids.phoenixFail]);
    const paged = await list(`?equipment_id=${phoenixUnit}&limit=1&page=2`);
    expect(idsOf(paged)).toEqual([ids.phoenixAnnual]);
    expect(paged.pagination.total).toBe(2);
    expect(idsOf(await list('?equipment_id=999999999'))).toEqual([]);
    const bad = await call('/api/auth/inspections?equipment_id=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by completion day, both ends inclusive (UTC days)', async () => {
    expect(idsOf(await list('?from=2026-05-15&to=2026-06-01'))).toEqual([ids.phoenixAnnual, ids.orionFail]);
    expect(idsOf(await list('?from=2026-06-02'))).toEqual([ids.phoenixFail]);
    expect(idsOf(await list('?to=2026-05-01'))).toEqual([ids.orionPass]);
    expect(idsOf(await list('?from=2026-07-01'))).toEqual([]);
  });

  it('searches site code, name and city, inspector name, and inspection id', async () => {
    expect(idsOf(await list(`?search=${orion.siteCode.toLowerCase()}`))).toEqual([
      ids.orionFail,
      ids.orionPass,
    ]);
    expect(idsOf(await list('?search=phoenix'))).toEqual([ids.phoenixFail, ids.phoenixAnnual]);
    expect(idsOf(await list('?search=PUNE'))).toEqual([ids.phoenixFail, ids.phoenixAnnual]);
    expect(idsOf(await list('?search=meera%20iy'))).toEqual([ids.phoenixFail, ids.orionFail]);
    expect(idsOf(await list(`?search=${ids.orionPass}`))).toEqual([ids.orionPass]);
    expect(idsOf(await list(`?search=%23${ids.orionFail}`))).toEqual([ids.orionFail]);
    expect(idsOf(await list(`?search=${ids.inProgress}`))).toEqual([]);
    expect(idsOf(await list('?search=nothing-like-this'))).toEqual([]);
    expect(idsOf(await list('?search=100%25'))).toEqual([]);
  });

  it('sorts by completion, site, inspector and result, and pages', async () => {
    expect(idsOf(await list('?sort=completedAt'))).toEqual([
      ids.orionPass,
      ids.orionFail,
      ids.phoenixAnnual,
      ids.phoenixFail,
    ]);
    expect(idsOf(await list('?sort=site'))).toEqual([
      ids.orionFail,
      ids.orionPass,
      ids.phoenixFail,
      ids.phoenixAnnual,
    ]);
    expect(idsOf(await list('?sort=-inspector'))).toEqual([
      ids.phoenixAnnual,
      ids.orionPass,
      ids.phoenixFail,
      ids.orionFail,
    ]);
    expect(idsOf(await list('?sort=-result'))).toEqual([
      ids.phoenixFail,
      ids.orionFail,
      ids.phoenixAnnual,
      ids.orionPass,
    ]);
    const page1 = await list('?limit=3');
    expect(idsOf(page1)).toEqual([ids.phoenixFail, ids.phoenixAnnual, ids.orionFail]);
    expect(page1.pagination).toEqual({ page: 1, limit: 3, total: 4 });
    const page2 = await list('?limit=3&page=2');
    expect(idsOf(page2)).toEqual([ids.orionPass]);
    expect(page2.pagination.total).toBe(4);
    expect((await list('?limit=3&page=3')).pagination.total).toBe(4);
  });

  it('refuses bad filters with the field named', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-06-10&to=2026-06-01', 'to'],
      ['?result=maybe', 'result'],
      ['?site_id=abc', 'site_id'],
      ['?sort=remarks', 'sort'],
      ['?limit=1000', 'limit'],
    ];
    for (const [query, field] of cases) {
      const response = await call(`/api/auth/inspections${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(
        (response.json().details as Array<{ field: string }>).map((d) => d.field),
        query,
      ).toContain(field);
    }
  });

  it('answers the detail: answers and outcomes per unit, the pinned content, dates and remarks', async () => {
    const response = await call(`/api/auth/inspections/${ids.orionFail}`);
    expect(response.statusCode, response.body).toBe(200);
    const { inspection } = response.json();
    expect(inspection).toMatchObject({
      id: ids.orionFail,
      result: 'fail',
      remarks: 'Seal broken on FE-002; replaced on the spot.',
      scheduledFor: '2026-05-15',
      dueOn: '2026-05-15',
      inspector: { name: 'Meera Iyer' },
      template: { version: 2 },
    });
    expect(inspection.content).toEqual(CONTENT);
    expect(inspection.units.map((u: { equipment: { assetTag: string } }) => u.equipment.assetTag)).toEqual([
      'FE-001',
      'FE-002',
    ]);
    const [first, second] = inspection.units;
    expect(first.result).toBe('pass');
    expect(second).toMatchObject({
      equipment: { id: orionUnits[1], assetTag: 'FE-002' },
      result: 'fail',
      answers: { pressure: 9.5, seal_intact: 'fail', signage: 'yes' },
    });
    const outcomes = Object.fromEntries(
      second.items.map((i: { key: string; outcome: string; reason: string | null }) => [i.key, i]),
    );
    expect(outcomes.seal_intact).toMatchObject({
      sectionKey: 'cylinder',
      outcome: 'fail',
      reason: 'Marked as failed',
    });
    expect(outcomes.pressure.outcome).toBe('fail');
    expect(outcomes.pressure.reason).toContain('below the minimum of 12 bar');
    expect(outcomes.notes.outcome).toBe('recorded');
  });

  it('answers 404 for an unknown or unfinished inspection', async () => {
    for (const id of [999_999, ids.inProgress]) {
      const response = await call(`/api/auth/inspections/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Inspection was not found');
    }
    expect((await call('/api/auth/inspections/abc')).statusCode).toBe(400);
  });

  it("answers a site's completed inspections, newest first, on its own route and the site page", async () => {
    const response = await call(`/api/auth/site-completed-inspections?site_id=${phoenix.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 2 });
    expect(body.data).toEqual([
      {
        id: ids.phoenixFail,
        completedAt: '2026-06-10T12:00:00.000Z',
        result: 'fail',
        inspector: { id: meera, name: 'Meera Iyer' },
        equipment: { id: phoenixUnit, name: expect.any(String), assetTag: 'FE-100' },
        remarks: null,
      },
      expect.objectContaining({
        id: ids.phoenixAnnual,
        result: 'pass',
        inspector: { id: ravi, name: 'Ravi Menon' },
      }),
    ]);
    const orionPage = (
      await call(`/api/auth/site-completed-inspections?site_id=${orion.id}&limit=1&page=2`)
    ).json();
    expect(orionPage.pagination.total).toBe(2);
    // Two units were inspected: no single unit to name.
    expect(orionPage.data).toEqual([expect.objectContaining({ id: ids.orionPass, equipment: null })]);
    const details = (await call(`/api/auth/sites/full-details/${orion.id}`)).json();
    expect(details.site.latestInspections.map((i: { id: number }) => i.id)).toEqual([
      ids.orionFail,
      ids.orionPass,
    ]);
    expect(details.site.latestInspections[0]).toMatchObject({
      result: 'fail',
      remarks: 'Seal broken on FE-002; replaced on the spot.',
    });
    expect((await call('/api/auth/site-completed-inspections?site_id=999999')).statusCode).toBe(404);
    expect(
      (await call(`/api/auth/site-completed-inspections?site_id=${orion.id}`, inspectorToken)).statusCode,
    ).toBe(403);
  });

  it('refuses to delete a site with completed inspections (409), and deletes one whose only inspection was abandoned', async () => {
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sites/delete/${orion.id}`,
      headers: { authorization: admin },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('completed inspections');

    const lone = await insertSite(ctx.db, { name: uniq('Lone Depot') });
    const unit = await insertUnit(ctx.db, {
      siteId: lone.id,
      equipmentTypeId: (await insertType(ctx.db)).id,
    });
    const started = await insertCompletedInspection(ctx.db, {
      categoryId: routine,
      templateId,
      templateVersion: 2,
      content: CONTENT,
      siteId: lone.id,
      inspectorId: ravi,
      units: [{ equipmentId: unit.id, answers: passing }],
      completedAt: new Date('2026-06-01T10:00:00Z'),
    });
    await ctx.db
      .update(inspections)
      .set({ status: 'in_progress', result: null, completedAt: null })
      .where(eq(inspections.id, started.id));
    await ctx.db
      .update(assignments)
      .set({ status: 'cancelled', cancelReason: 'Site closed' })
      .where(eq(assignments.id, started.assignmentId));
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sites/delete/${lone.id}`,
      headers: { authorization: admin },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.db.select().from(inspections).where(eq(inspections.id, started.id))).toEqual([]);
  });

  /** A WebP upload in storage (what the inspector app stores), answered by its URL. */
  async function uploadWebp(colour: string, width = 640, height = 480) {
    const name = generateFileName('webp');
    await storage.save(
      name,
      await sharp({ create: { width, height, channels: 3, background: colour } })
        .webp()
        .toBuffer(),
    );
    return fileUrl(name);
  }

  async function pdfText(pdf: Buffer) {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      const result = await parser.getText();
      return { text: result.text, pages: result.total };
    } finally {
      await parser.destroy();
    }
  }

  it('streams a PDF report: company, site, client, inspector, dates, failures, photos, signature, page numbers', async () => {
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/organisation',
      headers: { authorization: admin },
      payload: {
        companyName: 'Sahyadri Fire Safety Pvt Ltd',
        timezone: 'Asia/Kolkata',
        dateFormat: 'D MMM YYYY',
        defaultInspectionIntervalDays: 180,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const logo = await sharp({ create: { width: 200, height: 200, channels: 4, background: '#1c5d99' } })
      .png()
      .toBuffer();
    const upload = multipartFile(logo, 'logo.png', 'image/png');
    const logoResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/organisation/logo',
      headers: { authorization: admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(logoResponse.statusCode, logoResponse.body).toBe(200);

    // Many units, so the report runs over several pages.
    const lakeview = await insertSite(ctx.db, {
      siteCode: 'ST-LAKE',
      name: 'Lakeview Towers',
      city: 'Thane',
    });
    const type = await insertType(ctx.db, { name: uniq('CO2 extinguisher') });
    const units: number[] = [];
    for (let i = 1; i <= 14; i++)
      units.push(
        (
          await insertUnit(ctx.db, {
            siteId: lakeview.id,
            equipmentTypeId: type.id,
            assetTag: `LV-${String(i).padStart(3, '0')}`,
          })
        ).id,
      );
    const photos = [await uploadWebp('#c0d6e4'), await uploadWebp('#e4c0c0', 480, 640)];
    const signature = await uploadWebp('#ffffff', 400, 160);
    const report = await insertCompletedInspection(ctx.db, {
      categoryId: routine,
      templateId,
      templateVersion: 2,
      content: CONTENT,
      siteId: lakeview.id,
      inspectorId: ravi,
      units: units.map((equipmentId, i) => ({
        equipmentId,
        answers:
          i === 3
            ? { ...passing, seal_intact: 'fail', photos, signature }
            : { ...passing, signature, ...(i === 0 ? { photos: [photos[0]!] } : {}) },
      })),
      remarks: 'Seal missing on LV-004, replacement ordered.',
      completedAt: new Date('2026-04-01T09:30:00Z'),
      scheduledFor: '2026-03-30',
      dueOn: '2026-04-02',
    });
    ids.report = report.id;

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/inspections/${report.id}/report`,
      headers: { authorization: admin },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="inspection-${report.id}-ST-LAKE.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages } = await pdfText(response.rawPayload);
    expect(pages).toBeGreaterThan(2);
    for (const expected of [
      'Sahyadri Fire Safety Pvt Ltd',
      `Inspection #${report.id}`,
      'Lakeview Towers (ST-LAKE)',
      'Thane',
      'Ravi Menon',
      '30 Mar 2026',
      '2 Apr 2026',
      '1 Apr 2026 15:00', // 09:30 UTC in Asia/Kolkata, in the organisation's format
      'Generated 15 Jun 2026 15:30', // the server clock
      'Overall result: FAIL',
      '1 of 42 checks failed',
      'LV-004',
      'Tamper seal intact',
      'Marked as failed',
      'Seal missing on LV-004, replacement ordered.',
      'Page 1 of',
      `Page ${pages} of ${pages}`,
    ])
      expect(text, expected).toContain(expected);
    expect(text).toMatch(/Extinguisher check \w+ ·\s+version\s+2/);
    expect(text).not.toContain('Photo not available');
    expect(text).not.toContain('Signature not available');

    expect((await call(`/api/auth/inspections/${ids.inProgress}/report`)).statusCode).toBe(404);
    expect((await call(`/api/auth/inspections/${report.id}/report`, inspectorToken)).statusCode).toBe(403);
    expect((await call(`/api/auth/inspections/${report.id}/report`, null)).statusCode).toBe(401);
  });

  it('keeps each photo on the page of its row, and says the time zone of its times', async () => {
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/organisation',
      headers: { authorization: admin },
      payload: {
        companyName: 'Sahyadri Fire Safety Pvt Ltd',
        timezone: 'Asia/Kolkata',
        dateFormat: 'DD/MM/YYYY',
        defaultInspectionIntervalDays: 180,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // Units whose notes differ in length, so the photo rows fall at every height of a page.
    const site = await insertSite(ctx.db, { siteCode: 'ST-PHOTO', name: 'Photo Towers' });
    const type = await insertType(ctx.db, { name: uniq('Hose reel') });
    const units: { equipmentId: number; answers: Record<string, string | number | string[] | null> }[] = [];
    for (let i = 0; i < 24; i++) {
      const unit = await insertUnit(ctx.db, {
        siteId: site.id,
        equipmentTypeId: type.id,
        assetTag: `PH-${String(i).padStart(3, '0')}`,
      });
      const notes = Array.from({ length: 1 + ((i * 7) % 23) }, (_, w) => `word${w}`)
        .join(' ')
        .repeat(1 + (i % 4));
      units.push({
        equipmentId: unit.id,
        // A photo of its own size (300 + i by 200) tells it apart from the logo, the seal's code and the others.
        answers: {
          ...passing,
          notes,
          photos: [await uploadWebp(`#${(0x203040 + i * 0x050403).toString(16)}`, 300 + i, 200)],
        },
      });
    }
    const report = await insertCompletedInspection(ctx.db, {
      categoryId: routine,
      templateId,
      templateVersion: 2,
      content: CONTENT,
      siteId: site.id,
      inspectorId: ravi,
      units,
      completedAt: new Date('2026-04-01T09:30:00Z'),
    });
    const response = await call(`/api/auth/inspections/${report.id}/report`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);

    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    try {
      const text = await parser.getText();
      const images = await parser.getImage({ imageThreshold: 50 });
      expect(text.total).toBeGreaterThan(3);
      let rows = 0;
      let photos = 0;
      for (const page of text.pages) {
        const rowsHere = (page.text.match(/1 photo \(below\)/g) ?? []).length;
        const photosHere = (images.pages.find((p) => p.pageNumber === page.num)?.images ?? []).filter(
          (image) => image.height === 200 && image.width >= 300 && image.width < 324,
        ).length;
        // A row whose photo went over to the next page would leave this page one photo short.
        expect(photosHere, `page ${page.num}`).toBe(rowsHere);
        rows += rowsHere;
        photos += photosHere;
      }
      expect(rows).toBe(24);
      expect(photos).toBe(24);
      // The times say their zone: the PDF may be read far from the organisation's clock.
      expect(text.text).toMatch(/Completed\s+01\/04\/2026 15:00 GMT\+5:30/);
    } finally {
      await parser.destroy();
    }
  });

  it('exports the filtered history as xlsx and csv, newest first, formulas neutralised', async () => {
    // A site name a spreadsheet would run as a formula.
    const trap = await insertSite(ctx.db, {
      siteCode: 'ST-TRAP',
      name: '=HYPERLINK("http://evil.test","x")',
    });
    const trapUnit = await insertUnit(ctx.db, {
      siteId: trap.id,
      equipmentTypeId: (await insertType(ctx.db)).id,
    });
    ids.trap = (
      await insertCompletedInspection(ctx.db, {
        categoryId: routine,
        templateId,
        templateVersion: 2,
        content: CONTENT,
        siteId: trap.id,
        inspectorId: meera,
        units: [{ equipmentId: trapUnit.id, answers: passing }],
        completedAt: new Date('2026-06-14T08:15:00Z'),
      })
    ).id;

    const xlsx = await call(`/api/auth/inspections/export?format=xlsx&inspector_id=${meera}`);
    expect(xlsx.statusCode, xlsx.body.slice(0, 200)).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('inspections-2026-06-15.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Inspections')!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    const heading = rows[0]!.slice(1);
    expect(heading.slice(0, 8)).toEqual([
      'Inspection',
      // Moments are in the organisation's time zone (Settings; Asia/Kolkata by default).
      'Completed (Asia/Kolkata)',
      'Result',
      'Failed checks',
      'Checks',
      'Units',
      'Site code',
      'Site',
    ]);
    const data = rows.slice(1).map((r) => r.slice(1));
    expect(data.map((r) => r[0])).toEqual([ids.trap, ids.phoenixFail, ids.orionFail]);
    expect(data[2]!.slice(2, 8)).toEqual(['Fail', 2, 6, 2, 'ST-ORION', 'Orion Mall']);
    expect(data[2]![9]).toBe('Lakeside Realty Pvt Ltd');
    expect(data[2]![10]).toBe('Meera Iyer');
    // 23:59 UTC is 05:29 the next morning in India: the cell shows what the organisation's clock read.
    expect((data[2]![1] as Date).toISOString()).toBe('2026-05-16T05:29:00.000Z');
    expect(sheet.getRow(4).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    // The formula-looking name is a plain text cell, not a formula.
    const trapCell = sheet.getRow(2).getCell(8);
    expect(trapCell.type).toBe(ExcelJS.ValueType.String);
    expect(trapCell.value).toBe('=HYPERLINK("http://evil.test","x")');

    const csv = await call('/api/auth/inspections/export?format=csv&from=2026-06-01&to=2026-06-14');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Inspection,Completed \(Asia\/Kolkata\),Result,/);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([
      ids.trap,
      ids.phoenixFail,
      ids.phoenixAnnual,
    ]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(lines[2]).toContain('2026-06-10 17:30,Fail,1,3,1,ST-PHNX,Phoenix Plant,Pune');

    const bad = await call('/api/auth/inspections/export?format=pdf&from=2026-06-10&to=2026-06-01');
    expect(bad.statusCode).toBe(400);
    expect((bad.json().details as Array<{ field: string }>).map((d) => d.field)).toEqual(
      expect.arrayContaining(['format']),
    );
    const reversed = await call('/api/auth/inspections/export?from=2026-06-10&to=2026-06-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([{ field: 'to', message: 'From must not be after To' }]);
    expect((await call('/api/auth/inspections/export', inspectorToken)).statusCode).toBe(403);
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/auth/inspections', `/api/auth/inspections/${ids.orionPass}`]) {
      expect((await call(url, inspectorToken)).statusCode, url).toBe(403);
      expect((await call(url, null)).statusCode, url).toBe(401);
    }
  });
});
