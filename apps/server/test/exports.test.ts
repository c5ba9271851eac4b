import { parse as parseCsv } from 'csv-parse/sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, templateEquipmentTypes, users } from '../src/db/schema.js';
import { insertAssignment, insertWorkRefs } from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, uniq } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TODAY = '2026-06-15';
/** Rows of the streaming test: several keyset batches of 1,000. */
const BULK_ROWS = 6000;

/** The export routes of the list screens (the inspection history's export is tested with it). */
const EXPORTS = [
  '/api/admin/userlist/export',
  '/api/auth/get/all/sites/export',
  '/api/auth/equipments/export',
  '/api/auth/get/active/assignments/export',
  '/api/auth/global-equipment/export',
  '/api/templates/export',
];

async function readXlsx(body: Buffer, sheetName: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const cell = row.getCell(c);
      // A formula would be an object here; every exported cell must be a plain value.
      expect(cell.formula).toBeUndefined();
      const value = cell.value;
      cells.push(
        value instanceof Date ? value.toISOString().slice(0, 10) : value === null ? '' : String(value),
      );
    }
    rows.push(cells);
  });
  return rows;
}

function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parseCsv(text.slice(1)) as string[][];
}

/** The rows of a sheet as objects keyed by heading. */
function records(rows: string[][]): Array<Record<string, string>> {
  const [heading, ...body] = rows;
  return body.map((row) => Object.fromEntries(heading!.map((h, i) => [h, row[i] ?? ''])));
}

describe('exports of the list screens', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let inspector: string;
  const clock = new FakeClock(new Date(`${TODAY}T10:00:00Z`));

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const adminUser = await insertUser(ctx.db, { userType: 'admin' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
  });
  afterAll(() => ctx.close());

  const get = (url: string, token = admin) => ctx.app.inject({ url, headers: { authorization: token } });

  async function listIds(
    url: string,
    key: string,
    id: (item: Record<string, unknown>) => number = (i) => i.id as number,
  ) {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return (response.json()[key] as Array<Record<string, unknown>>).map(id).sort((a, b) => a - b);
  }

  async function lastExportAudit(action: string) {
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, adminId)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return event;
  }

  it('exports the filtered user list as CSV and xlsx: the list endpoint rows, formulas neutralised, audited', async () => {
    const company = uniq('Exportco').replace(' ', '');
    await insertUser(ctx.db, {
      userType: 'inspector',
      firstName: '=HYPERLINK("x")',
      lastName: 'Risky',
      company,
      phone: '+919820012345',
    });
    await insertUser(ctx.db, { userType: 'inspector', firstName: 'Asha', lastName: '@Kumar', company });
    await insertUser(ctx.db, {
      userType: 'inspector',
      firstName: 'Off',
      lastName: 'Duty',
      company,
      status: 'inactive',
    });
    await insertUser(ctx.db, { userType: 'client', firstName: 'Other', lastName: 'Role', company });
    const filters = `user_type=inspector&status=active&search=${company}`;

    const csv = await get(`/api/admin/userlist/export?format=csv&${filters}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="users-2026-06-15\.csv"/);
    expect(csv.headers['content-length']).toBeUndefined();
    expect(csv.headers['x-export-row-count']).toBe('2');
    const csvRows = records(readCsv(csv.body));
    const listed = await listIds(`/api/admin/userlist?${filters}&limit=100`, 'users');
    expect(csvRows.map((r) => Number(r.Id)).sort((a, b) => a - b)).toEqual(listed);
    expect(listed).toHaveLength(2);
    const risky = csvRows.find((r) => r['Last name'] === 'Risky')!;
    expect(risky['First name']).toBe(`'=HYPERLINK("x")`);
    expect(risky.Phone).toBe("'+919820012345");
    expect(risky.Role).toBe('Inspector');
    expect(risky.Status).toBe('Active');
    expect(csvRows.find((r) => r['First name'] === 'Asha')!['Last name']).toBe("'@Kumar");

    const xlsx = await get(`/api/admin/userlist/export?format=xlsx&${filters}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    expect(xlsx.headers['content-disposition']).toContain('users-2026-06-15.xlsx');
    const xlsxRows = records(await readXlsx(xlsx.rawPayload, 'Users'));
    expect(xlsxRows.map((r) => Number(r.Id)).sort((a, b) => a - b)).toEqual(listed);
    // In .xlsx the text is a string cell, so it is kept exactly as stored.
    expect(xlsxRows.find((r) => r['Last name'] === 'Risky')!['First name']).toBe('=HYPERLINK("x")');
    expect(xlsx.rawPayload.includes(Buffer.from('<f>'))).toBe(false);

    const audit = await lastExportAudit('user.exported');
    expect(audit?.entityType).toBe('user');
    expect(audit?.after).toEqual({
      format: 'xlsx',
      filters: { user_type: 'inspector', status: 'active', search: company },
      rowCount: 2,
    });
  });

  it('exports the filtered site register with its clients and equipment counts', async () => {
    const city = uniq('Exportpur').replace(' ', '');
    const client = await insertUser(ctx.db, {
      userType: 'client',
      firstName: 'Meera',
      lastName: 'Shah',
      company: '-Shah Estates',
    });
    const first = await insertSite(ctx.db, {
      city,
      name: '+Tower One',
      clientId: client.id,
      status: 'active',
    });
    const second = await insertSite(ctx.db, { city, name: 'Tower Two', status: 'active' });
    await insertSite(ctx.db, { city, name: 'Draft tower', status: 'draft' });
    await insertSite(ctx.db, { name: 'Elsewhere', status: 'active' });
    const type = await insertType(ctx.db);
    await ctx.db.execute(
      sql`insert into equipment (site_id, equipment_type_id, asset_tag, name) values (${first.id}, ${type.id}, 'A-1', 'Unit'), (${first.id}, ${type.id}, 'A-2', 'Unit')`,
    );
    const filters = `city=${city}&status=active`;

    const listed = await listIds(`/api/auth/get/all/sites?${filters}&limit=100`, 'sites');
    expect(listed).toEqual([first.id, second.id].sort((a, b) => a - b));
    const csv = await get(`/api/auth/get/all/sites/export?format=csv&${filters}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('sites-2026-06-15.csv');
    const rows = records(readCsv(csv.body));
    expect(rows.map((r) => Number(r.Id))).toEqual(listed);
    const one = rows.find((r) => Number(r.Id) === first.id)!;
    expect(one).toMatchObject({
      'SiteId no.': first.siteCode,
      Name: "'+Tower One",
      Status: 'Active',
      Client: 'Meera Shah',
      'Client company': "'-Shah Estates",
      City: city,
      Equipment: '2',
    });

    const xlsx = await get(`/api/auth/get/all/sites/export?${filters}`);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const sheet = records(await readXlsx(xlsx.rawPayload, 'Sites'));
    expect(sheet.map((r) => Number(r.Id))).toEqual(listed);
    expect(sheet.find((r) => Number(r.Id) === first.id)!.Name).toBe('+Tower One');
    expect((await lastExportAudit('site.exported'))?.after).toEqual({
      format: 'xlsx',
      filters: { city, status: 'active' },
      rowCount: 2,
    });
  });

  it('exports the Active and Overdue assignment tabs as the list shows them', async () => {
    const site = await insertSite(ctx.db, { name: '=Overdue plaza' });
    const person = await insertUser(ctx.db, { userType: 'inspector', firstName: 'Ravi', lastName: 'Iyer' });
    const refs = { siteId: site.id, inspectorId: person.id, ...(await insertWorkRefs(ctx.db)) };
    const late = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2026-06-01' });
    const started = await insertAssignment(ctx.db, refs, { status: 'in_progress', dueOn: '2026-06-10' });
    const upcoming = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2026-07-01' });
    await insertAssignment(ctx.db, refs, { status: 'completed', dueOn: '2026-05-01' });
    await insertAssignment(ctx.db, refs, { status: 'cancelled', dueOn: '2026-05-01' });

    const overdue = `site_id=${site.id}&overdue=true`;
    const listedOverdue = await listIds(
      `/api/auth/get/active/assignments?${overdue}&limit=100`,
      'assigned_sites',
    );
    expect(listedOverdue).toEqual([late.id, started.id]);
    const csv = await get(`/api/auth/get/active/assignments/export?format=csv&${overdue}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('assignments-2026-06-15.csv');
    const rows = records(readCsv(csv.body));
    expect(rows.map((r) => Number(r.Id))).toEqual(listedOverdue);
    expect(rows[0]).toMatchObject({
      'SiteId no.': site.siteCode,
      Site: "'=Overdue plaza",
      Inspector: 'Ravi Iyer',
      Status: 'Assigned',
      Overdue: 'Yes',
      'Due on': '2026-06-01',
    });

    const active = `site_id=${site.id}&status=active`;
    const listedActive = await listIds(
      `/api/auth/get/active/assignments?${active}&limit=100`,
      'assigned_sites',
    );
    expect(listedActive).toEqual([late.id, started.id, upcoming.id]);
    const xlsx = await get(`/api/auth/get/active/assignments/export?format=xlsx&${active}`);
    const sheet = records(await readXlsx(xlsx.rawPayload, 'Assignments'));
    expect(sheet.map((r) => Number(r.Id))).toEqual(listedActive);
    expect(sheet.find((r) => Number(r.Id) === upcoming.id)).toMatchObject({
      Overdue: 'No',
      Site: '=Overdue plaza',
    });
    expect((await lastExportAudit('assignment.exported'))?.after).toMatchObject({
      format: 'xlsx',
      filters: { site_id: site.id, status: 'active' },
      rowCount: 3,
    });
  });

  it('exports the filtered equipment-type catalogue', async () => {
    const category = uniq('Exportcat');
    const kept = await insertType(ctx.db, { name: uniq('@Hose reel'), category, manufacturer: '+Acme' });
    const other = await insertType(ctx.db, { name: uniq('Sprinkler'), category });
    await insertType(ctx.db, { name: uniq('Old alarm'), category, status: 'archived' });
    const filters = `category=${encodeURIComponent(category)}&status=active`;
    const listed = await listIds(`/api/auth/global-equipment/list?${filters}&limit=100`, 'equipments');
    expect(listed).toEqual([kept.id, other.id]);

    const csv = await get(`/api/auth/global-equipment/export?format=csv&${filters}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('equipment-types-2026-06-15.csv');
    const rows = records(readCsv(csv.body));
    expect(rows.map((r) => Number(r.Id))).toEqual(listed);
    expect(rows[0]).toMatchObject({
      Name: `'${kept.name}`,
      Manufacturer: "'+Acme",
      Status: 'Active',
      'Installed units': '0',
    });
    const xlsx = await get(`/api/auth/global-equipment/export?format=xlsx&${filters}`);
    const sheet = records(await readXlsx(xlsx.rawPayload, 'Equipment types'));
    expect(sheet.map((r) => Number(r.Id))).toEqual(listed);
    expect(sheet[0]!.Name).toBe(kept.name);
    expect((await lastExportAudit('equipment_type.exported'))?.after).toEqual({
      format: 'xlsx',
      filters: { category, status: 'active' },
      rowCount: 2,
    });
  });

  it('exports the filtered template list with its equipment types', async () => {
    const marker = uniq('Exporttpl').replace(' ', '');
    const refs = await insertWorkRefs(ctx.db);
    const [draft] = await ctx.db
      .execute<{ id: number }>(
        sql`insert into templates (name, category_id, status) values (${`=${marker} draft`}, ${refs.categoryId}, 'draft') returning id`,
      )
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    await ctx.db.execute(
      sql`update templates set name = ${`${marker} published`} where id = ${refs.templateId}`,
    );
    const type = await insertType(ctx.db, { name: uniq('Lift') });
    await ctx.db
      .insert(templateEquipmentTypes)
      .values({ templateId: refs.templateId, equipmentTypeId: type.id });

    const all = await listIds(`/api/templates?search=${marker}&limit=100`, 'templates');
    expect(all).toEqual([refs.templateId, draft!.id].sort((a, b) => a - b));
    const csv = await get(`/api/templates/export?format=csv&search=${marker}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('templates-2026-06-15.csv');
    const rows = records(readCsv(csv.body));
    expect(rows.map((r) => Number(r.Id))).toEqual(all);
    expect(rows.find((r) => Number(r.Id) === draft!.id)).toMatchObject({
      Name: `'=${marker} draft`,
      Status: 'Draft',
    });
    expect(rows.find((r) => Number(r.Id) === refs.templateId)).toMatchObject({
      Status: 'Published',
      'Equipment types': type.name,
    });

    const published = await listIds(
      `/api/templates?search=${marker}&status=published&limit=100`,
      'templates',
    );
    const xlsx = await get(`/api/templates/export?search=${marker}&status=published`);
    const sheet = records(await readXlsx(xlsx.rawPayload, 'Templates'));
    expect(sheet.map((r) => Number(r.Id))).toEqual(published);
    expect((await lastExportAudit('template.exported'))?.after).toEqual({
      format: 'xlsx',
      filters: { search: marker, status: 'published' },
      rowCount: 1,
    });
  });

  it('streams a large export batch by batch over HTTP, with the row count up front', async () => {
    // 100,000 rows and the heap are measured in bench/cases/export-stream.ts (too slow for this tier).
    const category = uniq('Bulk export');
    await ctx.db.execute(
      sql`insert into equipment_types (name, category, inspection_interval_days, manufacturer, model)
          select 'Bulk type ' || g, ${category}, 30 + g % 300, 'Maker ' || (g % 97), 'M-' || g
          from generate_series(1, ${BULK_ROWS}) g`,
    );
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}/api/auth/global-equipment/export?format=csv&category=${encodeURIComponent(category)}`;
    const response = await fetch(url, { headers: { authorization: admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-export-row-count')).toBe(String(BULK_ROWS));
    expect(response.headers.get('content-length')).toBeNull();
    let chunks = 0;
    let newlines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
    // The heading and every row, one line each...
    expect(newlines).toBe(BULK_ROWS + 1);
    // ...written as each 1,000-row batch arrives from the database, not in one piece at the end.
    expect(chunks).toBeGreaterThanOrEqual(BULK_ROWS / 1000);
  });

  it('answers an empty filter with the heading row only', async () => {
    const csv = await get('/api/admin/userlist/export?format=csv&search=nobody-matches-this-term');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-export-row-count']).toBe('0');
    expect(readCsv(csv.body)).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    for (const url of EXPORTS) {
      expect((await get(`${url}?format=csv`, inspector)).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ url: `${url}?format=csv` })).statusCode, url).toBe(401);
    }
  });

  it('refuses an unknown format or a bad filter with 400 naming the field', async () => {
    for (const url of EXPORTS) {
      const response = await get(`${url}?format=pdf`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'format' })]),
      );
    }
    const badFilter = await get('/api/admin/userlist/export?format=csv&user_type=owner');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().details[0].field).toBe('user_type');
    // Paging and sorting are not part of an export; like any unknown key they are dropped, so an
    // export link built from the list's own URL still works.
    const withPaging = await get('/api/admin/userlist/export?format=csv&page=3&limit=5&sort=-name');
    expect(withPaging.statusCode).toBe(200);
  });

  it("writes dates in the organisation's format and moments in its time zone, as Settings say", async () => {
    const company = uniq('Zoneco').replace(' ', '');
    const joined = await insertUser(ctx.db, { userType: 'inspector', company });
    const createdAt = new Date('2026-06-14T23:30:00Z');
    await ctx.db.update(users).set({ createdAt }).where(eq(users.id, joined.id));
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/organisation',
      headers: { authorization: admin },
      payload: {
        companyName: 'Zone Test Pvt Ltd',
        timezone: 'America/New_York',
        dateFormat: 'MM/DD/YYYY',
        defaultInspectionIntervalDays: 180,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const xlsx = await get(`/api/admin/userlist/export?format=xlsx&search=${company}`);
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Users')!;
      const headings = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headings).toContain('Created (America/New_York)');
      expect(headings).not.toContain('Created (UTC)');
      const column = headings.indexOf('Created (America/New_York)') + 1;
      const cell = sheet.getRow(2).getCell(column);
      // 23:30 UTC on 14 June is 19:30 the same day in New York (daylight time), shown month first.
      expect((cell.value as Date).toISOString()).toBe('2026-06-14T19:30:00.000Z');
      expect(cell.numFmt).toBe('mm/dd/yyyy hh:mm');

      const csv = await get(`/api/admin/userlist/export?format=csv&search=${company}`);
      const [row] = records(readCsv(csv.body));
      // CSV keeps the unambiguous ISO order for programs, in the organisation's zone.
      expect(row!['Created (America/New_York)']).toBe('2026-06-14 19:30');
    } finally {
      const back = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/organisation',
        headers: { authorization: admin },
        payload: {
          companyName: 'Zone Test Pvt Ltd',
          timezone: 'Asia/Kolkata',
          dateFormat: 'DD/MM/YYYY',
          defaultInspectionIntervalDays: 180,
        },
      });
      expect(back.statusCode).toBe(200);
    }
  });
});
