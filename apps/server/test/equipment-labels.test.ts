import { and, eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentEquipment, auditEvents, equipment } from '../src/db/schema.js';
import { insertAssignment, insertWorkRefs } from './helpers/dashboard-fixtures.js';
import { insertSite, insertType, insertUnit } from './helpers/equipment-fixtures.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

/*
 * QR asset labels (issue 21, docs/equipment.md "Asset labels"): the label sheet PDF of a site, read
 * back as a person's phone would read it (the QR images decoded), and where a scanned label leads
 * an inspector and a client.
 */

const PUBLIC_URL = 'https://inspect.example.in';
// jsqr is CommonJS whose module.exports is the decoder, with itself as `default` (its types' view).
const jsQR = jsQRModule.default;

let ctx: TestContext;
let admin: string;
let inspector: { id: number; token: string };
let otherInspector: string;
let clientA: string;
let clientB: string;
let siteA: { id: number; siteCode: string };
let emptySite: number;
let units: Array<{ id: number; name: string; assetTag: string; serialNumber: string | null }>;
let retired: number;
let unitB: number;

async function get(url: string, token?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

/** What a reader of the PDF finds: its text, its page count, and the text of every QR code on it. */
async function readLabels(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = (await parser.getText()).text;
    const result = await parser.getImage({ imageDataUrl: false, imageBuffer: true });
    const codes: string[] = [];
    for (const page of result.pages) {
      for (const image of page.images) {
        const { data, info } = await sharp(Buffer.from(image.data))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
        codes.push(code ? code.data : '(unreadable)');
      }
    }
    return { text, pages: result.pages.length, codes };
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ config: { PUBLIC_URL: `${PUBLIC_URL}/` } });
  const db = ctx.db;
  admin = await tokenFor(ctx.app, await insertUser(db, { userType: 'admin' }));
  const inspectorUser = await insertUser(db, { userType: 'inspector' });
  inspector = { id: inspectorUser.id, token: await tokenFor(ctx.app, inspectorUser) };
  otherInspector = await tokenFor(ctx.app, await insertUser(db, { userType: 'inspector' }));
  const ownerA = await insertUser(db, { userType: 'client', company: 'Acme Facilities' });
  clientA = await tokenFor(ctx.app, ownerA);
  clientB = await tokenFor(ctx.app, await insertUser(db, { userType: 'client', company: 'Other Co' }));

  const site = await insertSite(db, { clientId: ownerA.id });
  siteA = { id: site.id, siteCode: site.siteCode };
  emptySite = (await insertSite(db)).id;
  const type = await insertType(db, { name: 'Fire extinguisher (CO2)' });
  units = [];
  for (const [tag, name, serial] of [
    ['FE-001', 'Lobby extinguisher', 'SN-1001'],
    ['FE-002', 'Kitchen extinguisher by the back door of the staff canteen', null],
    ['FE-003', 'Server room extinguisher', 'SN-1003'],
  ] as const) {
    const row = await insertUnit(db, {
      siteId: site.id,
      equipmentTypeId: type.id,
      assetTag: tag,
      name,
      serialNumber: serial,
    });
    units.push({ id: row.id, name, assetTag: tag, serialNumber: serial });
  }
  retired = (
    await insertUnit(db, { siteId: site.id, equipmentTypeId: type.id, assetTag: 'FE-000', status: 'retired' })
  ).id;
  unitB = (await insertUnit(db, { siteId: (await insertSite(db)).id, equipmentTypeId: type.id })).id;
});
afterAll(() => ctx.close());

const urlOf = (id: number) => `${PUBLIC_URL}/u/${id}`;

describe('label sheet PDF', () => {
  it('prints a label for every unit of the site but the retired, whose QR codes open each unit', async () => {
    const response = await get(`/api/auth/sites/${siteA.id}/equipment-labels.pdf`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`labels-${siteA.siteCode}.pdf`);
    const { text, pages, codes } = await readLabels(response.rawPayload);
    expect(pages).toBe(1);
    // Read back from the images: one per unit, by asset tag, each the unit's own address.
    expect(codes).toEqual(units.map((u) => urlOf(u.id)));
    expect(codes).not.toContain(urlOf(retired));
    for (const unit of units) {
      expect(text).toContain(`Tag ${unit.assetTag}`);
      expect(text).toContain(`Code ${unit.id}`);
      if (unit.serialNumber) expect(text).toContain(`S/N ${unit.serialNumber}`);
    }
    expect(text).toContain('Lobby extinguisher');
    expect(text).toContain('Fire extinguisher (CO2)');
    expect(text).toContain(`Site ${siteA.siteCode}`);
  });

  it('prints only the chosen units (a retired one too when chosen), and audits the print', async () => {
    const chosen = [units[2]!.id, retired];
    const response = await get(
      `/api/auth/sites/${siteA.id}/equipment-labels.pdf?ids=${chosen.join(',')}&layout=2x4`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    const { codes } = await readLabels(response.rawPayload);
    // By asset tag: FE-000 (the retired one) before FE-003.
    expect(codes).toEqual([urlOf(retired), urlOf(units[2]!.id)]);
    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'equipment.labels_printed'), eq(auditEvents.entityId, String(siteA.id))),
      )
      .orderBy(auditEvents.id);
    expect(events.length).toBe(2);
    expect(events.at(-1)!.after).toMatchObject({ format: 'pdf', layout: '2x4', rowCount: 2 });
  });

  it('starts a new sheet when one is full (2x4: 8 labels a sheet)', async () => {
    const type = await insertType(ctx.db);
    const site = await insertSite(ctx.db);
    for (let i = 0; i < 9; i++) await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id });
    const response = await get(`/api/auth/sites/${site.id}/equipment-labels.pdf?layout=2x4`, admin);
    expect(response.statusCode).toBe(200);
    const { pages, codes } = await readLabels(response.rawPayload);
    expect(pages).toBe(2);
    expect(codes).toHaveLength(9);
    expect(codes.every((c) => c.startsWith(`${PUBLIC_URL}/u/`))).toBe(true);
  });

  it('refuses a unit of another site, naming it, and a site with nothing to label', async () => {
    const other = await get(
      `/api/auth/sites/${siteA.id}/equipment-labels.pdf?ids=${units[0]!.id},${unitB}`,
      admin,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([{ field: 'ids', message: `Unit ${unitB} is not at this site` }]);
    const empty = await get(`/api/auth/sites/${emptySite}/equipment-labels.pdf`, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].message).toBe('This site has no equipment to label');
  });

  it('answers 400 for malformed ids or layout, 404 for an unknown site', async () => {
    for (const query of ['ids=abc', 'ids=1,,2', 'ids=0', 'ids=99999999999', 'ids=', 'layout=4x4']) {
      const response = await get(`/api/auth/sites/${siteA.id}/equipment-labels.pdf?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get('/api/auth/sites/999999/equipment-labels.pdf', admin)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const url = `/api/auth/sites/${siteA.id}/equipment-labels.pdf`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, inspector.token)).statusCode).toBe(403);
    expect((await get(url, clientA)).statusCode).toBe(403);
  });
});

describe('a site with more units than one PDF holds (1000)', () => {
  let big: { id: number; siteCode: string };
  const tag = (n: number) => `BIG-${String(n).padStart(4, '0')}`;

  beforeAll(async () => {
    const type = await insertType(ctx.db);
    const site = await insertSite(ctx.db);
    big = { id: site.id, siteCode: site.siteCode };
    // 2,005 units to label (parts of 1000, 1000 and 5) and retired ones, which "all units" leaves out.
    const rows = Array.from({ length: 2005 }, (_, i) => ({
      siteId: site.id,
      equipmentTypeId: type.id,
      assetTag: tag(i + 1),
      name: `Hose reel ${i + 1}`,
    }));
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(equipment).values(rows.slice(i, i + 500));
    await ctx.db.insert(equipment).values(
      ['BIG-0000', 'BIG-9999'].map((assetTag) => ({
        siteId: site.id,
        equipmentTypeId: type.id,
        assetTag,
        name: 'Old reel',
        status: 'retired' as const,
      })),
    );
  });

  it('says how many units "all units" prints and in how many parts', async () => {
    const summary = await get(`/api/auth/sites/${big.id}/equipment-labels`, admin);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({ units: 2005, perPart: 1000, parts: 3 });
    expect((await get(`/api/auth/sites/${siteA.id}/equipment-labels`, admin)).json()).toEqual({
      units: 3,
      perPart: 1000,
      parts: 1,
    });
    expect((await get(`/api/auth/sites/${emptySite}/equipment-labels`, admin)).json()).toMatchObject({
      units: 0,
      parts: 0,
    });
    expect((await get('/api/auth/sites/999999/equipment-labels', admin)).statusCode).toBe(404);
    expect((await get(`/api/auth/sites/${big.id}/equipment-labels`, inspector.token)).statusCode).toBe(403);
  });

  it('asks for a part rather than printing 2,005 labels in one PDF, naming the field', async () => {
    const response = await get(`/api/auth/sites/${big.id}/equipment-labels.pdf`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        field: 'part',
        message:
          'This site has 2005 units to label, at most 1000 a PDF: print part 1 to 3, or choose the units',
      },
    ]);
  });

  it('prints each part by asset tag: the last part holds the rest, the first its 1000', {
    timeout: 120_000,
  }, async () => {
    // A full part is 1000 QR codes drawn: seconds of work, more on a busy machine.
    const last = await get(`/api/auth/sites/${big.id}/equipment-labels.pdf?part=3`, admin);
    expect(last.statusCode).toBe(200);
    expect(last.headers['content-disposition']).toContain(`labels-${big.siteCode}-part-3.pdf`);
    const { text, codes } = await readLabels(last.rawPayload);
    expect(codes).toHaveLength(5);
    for (let n = 2001; n <= 2005; n++) expect(text).toContain(`Tag ${tag(n)}`);
    expect(text).not.toContain('BIG-9999');

    const first = await get(`/api/auth/sites/${big.id}/equipment-labels.pdf?part=1&layout=2x4`, admin);
    expect(first.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(first.rawPayload) });
    try {
      const read = await parser.getText();
      // 1000 labels, 8 a sheet.
      expect(read.pages.length).toBe(125);
      expect(read.text).toContain(`Tag ${tag(1)}`);
      expect(read.text).toContain(`Tag ${tag(1000)}`);
      expect(read.text).not.toContain(`Tag ${tag(1001)}`);
      expect(read.text).not.toContain('BIG-0000');
    } finally {
      await parser.destroy();
    }
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'equipment.labels_printed'), eq(auditEvents.entityId, String(big.id))),
      )
      .orderBy(auditEvents.id);
    expect(audit!.after).toMatchObject({ rowCount: 5, part: 3, parts: 3 });
  });

  it('refuses a part past the last, a part with chosen units, and a malformed part, naming the field', async () => {
    const past = await get(`/api/auth/sites/${big.id}/equipment-labels.pdf?part=4`, admin);
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([
      { field: 'part', message: "There are 3 parts: the site's 2005 units print 1000 a PDF" },
    ]);
    const small = await get(`/api/auth/sites/${siteA.id}/equipment-labels.pdf?part=2`, admin);
    expect(small.json().details).toEqual([
      { field: 'part', message: "There is 1 part: the site's 3 units print 1000 a PDF" },
    ]);
    const both = await get(
      `/api/auth/sites/${siteA.id}/equipment-labels.pdf?ids=${units[0]!.id}&part=1`,
      admin,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0].field).toBe('part');
    for (const part of ['0', '-1', '1.5', 'abc', '99999999999']) {
      const response = await get(`/api/auth/sites/${big.id}/equipment-labels.pdf?part=${part}`, admin);
      expect(response.statusCode, part).toBe(400);
      expect(response.json().details[0].field, part).toBe('part');
    }
    // 1001 chosen units are more than one PDF, said on the field before anything is read.
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const tooMany = await get(`/api/auth/sites/${big.id}/equipment-labels.pdf?ids=${many}`, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0]).toMatchObject({ field: 'ids', message: 'At most 1000 units at once' });
  });
});

describe('where a scanned label leads', () => {
  it('takes the inspector to their open assignment covering the unit, one in progress first', async () => {
    const refs = await insertWorkRefs(ctx.db);
    const work = { siteId: siteA.id, inspectorId: inspector.id, ...refs };
    const later = await insertAssignment(ctx.db, work, { status: 'assigned', dueOn: '2030-03-01' });
    const sooner = await insertAssignment(ctx.db, work, { status: 'assigned', dueOn: '2030-02-01' });
    const done = await insertAssignment(ctx.db, work, { status: 'completed', dueOn: '2030-01-01' });
    for (const a of [later, sooner, done]) {
      await ctx.db.insert(assignmentEquipment).values({ assignmentId: a.id, equipmentId: units[0]!.id });
    }
    const unit = await get(`/api/inspector/units/${units[0]!.id}`, inspector.token);
    expect(unit.statusCode).toBe(200);
    expect(unit.json()).toEqual({
      assignmentId: sooner.id,
      unit: { id: units[0]!.id, name: 'Lobby extinguisher', assetTag: 'FE-001' },
    });

    const started = await insertAssignment(ctx.db, work, { status: 'in_progress', dueOn: '2030-06-01' });
    await ctx.db.insert(assignmentEquipment).values({ assignmentId: started.id, equipmentId: units[0]!.id });
    expect((await get(`/api/inspector/units/${units[0]!.id}`, inspector.token)).json().assignmentId).toBe(
      started.id,
    );
  });

  it('answers the same 404 for a unit without open work of theirs as for an unknown unit', async () => {
    for (const [id, token] of [
      [units[0]!.id, otherInspector],
      [units[1]!.id, inspector.token],
      [999999, inspector.token],
    ] as const) {
      const response = await get(`/api/inspector/units/${id}`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('You have no open inspection for this unit');
    }
    expect((await get(`/api/inspector/units/${units[0]!.id}`, admin)).statusCode).toBe(403);
  });

  it("takes a client to the unit's site, and no one else's", async () => {
    const own = await get(`/api/portal/units/${units[1]!.id}`, clientA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ siteId: siteA.id, unit: { id: units[1]!.id, assetTag: 'FE-002' } });
    expect((await get(`/api/portal/units/${units[1]!.id}`, clientB)).statusCode).toBe(404);
    expect((await get(`/api/portal/units/${unitB}`, clientA)).statusCode).toBe(404);
    expect((await get(`/api/portal/units/${units[1]!.id}`, admin)).statusCode).toBe(403);
  });
});

describe('label sheets made at once', () => {
  it('makes two at once, queues four, and answers 503 with Retry-After beyond that', async () => {
    const limit = ctx.app.services.equipment.labelRenders;
    // Two sheets being made (held open by the test), so every print below waits its turn.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = [limit.run(() => held), limit.run(() => held)];
    expect(limit.load).toEqual({ active: 2, waiting: 0 });

    const queued = [0, 1, 2, 3].map(() => get(`/api/auth/sites/${siteA.id}/equipment-labels.pdf`, admin));
    await expect.poll(() => limit.load.waiting, { timeout: 10_000 }).toBe(4);

    const refused = await get(`/api/auth/sites/${siteA.id}/equipment-labels.pdf`, admin);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Other label sheets are being made right now. Please try again in a few seconds.',
    });

    release();
    await Promise.all(busy);
    for (const response of await Promise.all(queued)) {
      expect(response.statusCode).toBe(200);
      const { codes } = await readLabels(response.rawPayload);
      expect(codes).toEqual(units.map((u) => urlOf(u.id)));
    }
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
    // Free again: the next print is made at once.
    expect((await get(`/api/auth/sites/${siteA.id}/equipment-labels.pdf`, admin)).statusCode).toBe(200);
  });
});
