import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, equipment } from '../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsxOf(rows: unknown[][], sheetName = 'Equipment'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('equipment import and export', () => {
  let ctx: TestContext;
  let admin: string;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    admin = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
  });
  afterAll(() => ctx.close());

  const upload = (path: string, siteId: number, file: ReturnType<typeof multipartFile>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/auth/equipments/${path}?site_id=${siteId}`,
      headers: { ...file.headers, authorization: admin },
      payload: file.payload,
    });

  const unitsAt = (siteId: number) =>
    ctx.db.select().from(equipment).where(eq(equipment.siteId, siteId)).orderBy(equipment.assetTag);

  async function setup() {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db, { name: uniq('Fire extinguisher'), inspectionIntervalDays: 30 });
    const archived = await insertType(ctx.db, { status: 'archived' });
    await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id, assetTag: 'FE-EXISTING' });
    const taken = await insertUnit(ctx.db, {
      siteId: (await insertSite(ctx.db)).id,
      equipmentTypeId: type.id,
      serialNumber: 'SN-TAKEN',
    });
    return { site, type, archived, taken };
  }

  function mixedCsv(typeName: string, archivedName: string): string {
    return [
      'Asset tag,Equipment type,Name,Serial number,Location,Installed on,Last inspected on,Status,Critical',
      `FE-101,${typeName},Lobby extinguisher,SN-101,"Ground floor, lobby",2026-01-10,15/05/2026,In service,Yes`,
      `FE-102,${typeName.toUpperCase()},,SN-102,Kitchen,10/02/2026,,,no`,
      `,${typeName},No tag,,,,,,`,
      `FE-103,Unknown thing,,,,,,,`,
      `FE-104,${archivedName},,,,,,,`,
      `FE-105,${typeName},,,,31/02/2026,,,`,
      `FE-101,${typeName},Duplicate tag,,,,,,`,
      `fe-existing,${typeName},Already there,,,,,,`,
      `FE-106,${typeName},,SN-TAKEN,,,,,`,
      `FE-107,${typeName},,sn-101,,,,,`,
      `FE-108,${typeName},,,,2026-07-01,,Broken,maybe`,
      `"=HYPERLINK(""http://evil.test"")",${typeName},"+cmd",,"@SUM(1)",,,Out of service,`,
      '',
    ].join('\r\n');
  }

  it('previews a CSV: per-row errors by field, nothing written', async () => {
    const { site, type, archived } = await setup();
    const response = await upload(
      'import/preview',
      site.id,
      multipartFile(mixedCsv(type.name, archived.name), 'units.csv', 'text/csv'),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      fileName: 'units.csv',
      total: 12,
      valid: 3,
      invalid: 9,
      site: { id: site.id },
    });
    const errorsOf = (row: number) =>
      Object.fromEntries(
        body.rows
          .find((r: { rowNumber: number }) => r.rowNumber === row)
          .errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      );
    expect(errorsOf(2)).toEqual({});
    expect(body.rows[0].values).toMatchObject({ installedOn: '2026-01-10', lastInspectedAt: '2026-05-15' });
    expect(errorsOf(3)).toEqual({});
    expect(errorsOf(4)).toEqual({ assetTag: 'Asset tag is required' });
    expect(errorsOf(5)).toEqual({ equipmentType: 'Unknown equipment type "Unknown thing"' });
    expect(errorsOf(6).equipmentType).toMatch(/archived/);
    expect(errorsOf(7).installedOn).toMatch(/must be a date/);
    expect(errorsOf(8).assetTag).toBe('Asset tag FE-101 is also on row 2');
    expect(errorsOf(9).assetTag).toBe('Asset tag fe-existing is already used at this site');
    expect(errorsOf(10).serialNumber).toMatch(/already registered/);
    expect(errorsOf(11).serialNumber).toBe('Serial number sn-101 is also on row 2 for this type');
    expect(Object.keys(errorsOf(12)).sort()).toEqual(['installedOn', 'isCritical', 'status']);
    expect(errorsOf(13)).toEqual({});
    expect(await unitsAt(site.id)).toHaveLength(1);
  });

  it('imports the valid rows in one go, skips the others, derives due dates and audits each unit', async () => {
    const { site, type, archived } = await setup();
    const response = await upload(
      'import',
      site.id,
      multipartFile(mixedCsv(type.name, archived.name), 'units.csv', 'text/csv'),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ imported: 3, skipped: 9 });
    expect(body.message).toBe(`Imported 3 units to ${site.name}; skipped 9 rows with errors`);
    expect(body.errors.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);

    const units = await unitsAt(site.id);
    const byTag = new Map(units.map((u) => [u.assetTag, u]));
    expect(byTag.get('FE-101')).toMatchObject({
      name: 'Lobby extinguisher',
      serialNumber: 'SN-101',
      location: 'Ground floor, lobby',
      installedOn: '2026-01-10',
      isCritical: true,
      status: 'in_service',
      nextDueOn: '2026-06-14',
    });
    expect(byTag.get('FE-101')!.lastInspectedAt?.toISOString()).toBe('2026-05-15T00:00:00.000Z');
    expect(byTag.get('FE-102')).toMatchObject({
      name: type.name,
      installedOn: '2026-02-10',
      nextDueOn: '2026-03-12',
    });
    expect(byTag.get('=HYPERLINK("http://evil.test")')).toMatchObject({
      name: '+cmd',
      status: 'out_of_service',
    });

    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'equipment.imported'))
      .orderBy(auditEvents.id);
    const importedIds = new Set(units.filter((u) => u.assetTag !== 'FE-EXISTING').map((u) => String(u.id)));
    expect(audits.filter((a) => importedIds.has(a.entityId!))).toHaveLength(3);
    const [summary] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'equipment.import'), eq(auditEvents.entityId, String(site.id))))
      .orderBy(auditEvents.id);
    expect(summary!.after).toEqual({ fileName: 'units.csv', imported: 3, skipped: 9 });

    // The same file again: every row now clashes, nothing more is added.
    const again = await upload(
      'import',
      site.id,
      multipartFile(mixedCsv(type.name, archived.name), 'units.csv', 'text/csv'),
    );
    expect(again.json()).toMatchObject({
      imported: 0,
      message: 'Nothing was imported: every row has errors',
    });
    expect(await unitsAt(site.id)).toHaveLength(4);
  });

  it('reads an .xlsx with real date cells, columns in any order, semicolon CSVs too', async () => {
    const { site, type } = await setup();
    const sheet = await xlsxOf([
      ['Serial number', 'Asset tag *', 'Equipment type *', 'Installed on'],
      ['X-1', 'XL-1', type.name, new Date(Date.UTC(2026, 2, 1))],
      ['X-2', 'XL-2', type.name, null],
    ]);
    const response = await upload('import', site.id, multipartFile(sheet, 'units.xlsx', XLSX));
    expect(response.json()).toMatchObject({ imported: 2, skipped: 0 });
    const units = await unitsAt(site.id);
    expect(units.find((u) => u.assetTag === 'XL-1')).toMatchObject({
      installedOn: '2026-03-01',
      nextDueOn: '2026-03-31',
    });

    const semicolons = `\uFEFFAsset tag;Equipment type\nSC-1;${type.name}\n`;
    const csv = await upload('import', site.id, multipartFile(semicolons, 'units.csv', 'text/csv'));
    expect(csv.json()).toMatchObject({ imported: 1 });
  });

  it('refuses a file that is not a sheet, a sheet without the columns, an empty upload and a bad site', async () => {
    const { site } = await setup();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const image = await upload('import/preview', site.id, multipartFile(png, 'photo.csv', 'text/csv'));
    expect(image.statusCode).toBe(415);
    expect(image.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'file' }] });

    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0xff, 0x00])]);
    expect(
      (await upload('import', site.id, multipartFile(pdf, 'units.pdf', 'application/pdf'))).statusCode,
    ).toBe(415);

    const noColumns = await upload('import/preview', site.id, multipartFile('Tag,Kind\nA,B\n', 'units.csv'));
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().details[0]).toEqual({
      field: 'file',
      message:
        'The sheet has no "Asset tag" or "Equipment type" column. Use the template: its first row names the columns.',
    });
    const headingOnly = await upload(
      'import/preview',
      site.id,
      multipartFile('Asset tag,Equipment type\n', 'u.csv'),
    );
    expect(headingOnly.json().message).toMatch(/no units/);

    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/equipments/import/preview?site_id=${site.id}`,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([
      { field: 'file', message: 'Choose a CSV or Excel file to import' },
    ]);

    const noSite = await upload(
      'import/preview',
      999_999,
      multipartFile('Asset tag,Equipment type\nA,B', 'u.csv'),
    );
    expect(noSite.statusCode).toBe(404);
    const missingSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/equipments/import/preview',
      headers: { authorization: admin, ...multipartFile('x', 'u.csv').headers },
      payload: multipartFile('x', 'u.csv').payload,
    });
    expect(missingSite.statusCode).toBe(400);
    expect(missingSite.json().details[0].field).toBe('site_id');
  });

  it('writes nothing at all when the import fails part-way', async () => {
    const { site, type } = await setup();
    // The units are written first, then the import's summary audit event fails: everything must go.
    await ctx.db.execute(
      sql.raw(`create or replace function fail_import_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'equipment.import' then raise exception 'disk full'; end if;
        return new;
      end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger audit_fail_import before insert on audit_events
        for each row execute function fail_import_audit()`),
    );
    try {
      const csv = `Asset tag,Equipment type\nBOOM-1,${type.name}\nBOOM-2,${type.name}\nBOOM-3,${type.name}\n`;
      const response = await upload('import', site.id, multipartFile(csv, 'boom.csv', 'text/csv'));
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toMatch(/disk full/);
      expect((await unitsAt(site.id)).map((u) => u.assetTag)).toEqual(['FE-EXISTING']);
      const audits = await ctx.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'equipment.imported'))
        .orderBy(auditEvents.id);
      expect(audits.filter((a) => (a.after as { assetTag?: string }).assetTag?.startsWith('BOOM'))).toEqual(
        [],
      );
    } finally {
      await ctx.db.execute(sql.raw('drop trigger audit_fail_import on audit_events'));
      await ctx.db.execute(sql.raw('drop function fail_import_audit()'));
    }
  });

  it('serves a template that names the columns and lists the catalogue', async () => {
    const type = await insertType(ctx.db, { name: uniq('Template type') });
    const response = await ctx.app.inject({
      url: '/api/auth/equipments/import/template.xlsx',
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toContain('equipment-import-template.xlsx');
    const workbook = await readXlsx(response.rawPayload);
    const sheet = workbook.getWorksheet('Equipment')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Asset tag',
      'Equipment type',
      'Name',
      'Serial number',
      'Location',
      'Installed on',
      'Last inspected on',
      'Status',
      'Critical',
    ]);
    const catalogue = workbook.getWorksheet('Equipment types')!;
    const names = catalogue.getColumn(1).values.slice(2);
    expect(names).toContain(type.name);
  });

  it('exports the filtered list to xlsx with text cells (never formulas) and real dates', async () => {
    const site = await insertSite(ctx.db, { name: uniq('Export Plant') });
    const type = await insertType(ctx.db, { name: uniq('Export type'), category: 'Lifts and escalators' });
    await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      assetTag: '=1+2',
      name: '@SUM(A1:A2)',
      serialNumber: '-42',
      location: '+91 lobby',
      installedOn: '2025-01-05',
      nextDueOn: '2026-01-05',
      isCritical: true,
    });
    await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      assetTag: 'OK-1',
      nextDueOn: '2027-01-01',
    });
    await insertUnit(ctx.db, {
      siteId: (await insertSite(ctx.db)).id,
      equipmentTypeId: type.id,
      assetTag: 'ELSEWHERE',
    });

    const response = await ctx.app.inject({
      url: `/api/auth/equipments/export?format=xlsx&site_id=${site.id}&due=overdue`,
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="equipment-2026-06-15\.xlsx"/,
    );
    const workbook = await readXlsx(response.rawPayload);
    const sheet = workbook.getWorksheet('Equipment')!;
    expect(sheet.rowCount).toBe(2);
    const heading = (sheet.getRow(1).values as string[]).slice(1);
    expect(heading.slice(0, 8)).toEqual([
      'Asset tag',
      'Name',
      'Equipment type',
      'Category',
      'Serial number',
      'Site code',
      'Site',
      'Location',
    ]);
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(heading.indexOf(name) + 1);
    for (const [column, text] of [
      ['Asset tag', '=1+2'],
      ['Name', '@SUM(A1:A2)'],
      ['Serial number', '-42'],
      ['Location', '+91 lobby'],
    ] as const) {
      expect(cell(column).type).toBe(ExcelJS.ValueType.String);
      expect(cell(column).value).toBe(text);
      expect(cell(column).formula).toBeUndefined();
    }
    expect(cell('Equipment type').value).toBe(type.name);
    expect(cell('Site code').value).toBe(site.siteCode);
    expect(cell('Installed on').value).toEqual(new Date('2025-01-05T00:00:00Z'));
    expect(cell('Next due on').value).toEqual(new Date('2026-01-05T00:00:00Z'));
    expect(cell('Due status').value).toBe('Overdue');
    expect(cell('Critical').value).toBe('Yes');
    // And no formula element anywhere in the sheet's XML.
    expect(response.rawPayload.includes(Buffer.from('<f>'))).toBe(false);
  });

  it('exports CSV with a BOM, quoting, and formula-looking text neutralised', async () => {
    const site = await insertSite(ctx.db);
    const type = await insertType(ctx.db);
    await insertUnit(ctx.db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      assetTag: '=cmd|calc',
      name: 'Lobby, "north"',
      location: '@here',
      nextDueOn: '2026-06-20',
    });
    const response = await ctx.app.inject({
      url: `/api/auth/equipments/export?format=csv&site_id=${site.id}`,
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('equipment-2026-06-15.csv');
    const text = response.body;
    expect(text.startsWith('\uFEFFAsset tag,Name,Equipment type,')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=cmd|calc,"Lobby, ""north""",${type.name},`);
    expect(lines[1]).toContain(",'@here,");
    expect(lines[1]).toContain(',2026-06-20,Due in 30 days,In service,No');
  });
});
