import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { templateContentSchema } from '@inspecta/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../src/core/files/file-storage.js';
import { hashSessionToken } from '../src/core/security/session-token.js';
import {
  auditEvents,
  inspectionCategories,
  inspections,
  reportSeals,
  sessions,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { insertCompletedInspection } from './helpers/inspection-fixtures.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const content = templateContentSchema.parse({
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'gauge_ok', label: 'Gauge in green zone', type: 'pass_fail' },
        { key: 'pressure', label: 'Pressure', type: 'number', unit: 'bar', min: 10, max: 15 },
        { key: 'photo', label: 'Photo of the unit', type: 'photo' },
        { key: 'signature', label: 'Signature', type: 'signature' },
      ],
    },
  ],
});

describe('verifiable reports: seals, chain, public checks', () => {
  let ctx: TestContext;
  const storage = new MemoryFileStorage();
  const clock = new FakeClock(new Date('2026-07-01T09:00:00Z'));
  let adminToken: string;
  let clientToken: string;
  let inspector: { id: number; token: string };
  let categoryId: number;
  let templateId: number;
  let siteId: number;
  let siteName: string;
  let unitIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp({ clock, fileStorage: storage });
    adminToken = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'admin' }));
    // A client session row as sign-in writes it (written directly: no password work needed).
    const client = await insertUser(ctx.db, { userType: 'client' });
    clientToken = randomBytes(32).toString('base64url');
    await ctx.db.insert(sessions).values({
      userId: client.id,
      tokenHash: hashSessionToken(clientToken),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const user = await insertUser(ctx.db, { userType: 'inspector', firstName: 'Ravi', lastName: 'Kumar' });
    inspector = { id: user.id, token: await tokenFor(ctx.app, user) };
    const [category] = await ctx.db
      .insert(inspectionCategories)
      .values({ name: uniq('Routine'), colour: 'blue' })
      .returning();
    categoryId = category!.id;
    const [template] = await ctx.db
      .insert(templates)
      .values({ name: uniq('Extinguisher check'), categoryId, status: 'published', publishedVersion: 1 })
      .returning();
    templateId = template!.id;
    await ctx.db.insert(templateVersions).values({ templateId, version: 1, status: 'published', content });
    siteName = uniq('Orion Mall');
    siteId = (await insertSite(ctx.db, { name: siteName, city: 'Bengaluru' })).id;
    const type = await insertType(ctx.db, { inspectionIntervalDays: 30 });
    unitIds = [];
    for (let i = 0; i < 10; i++)
      unitIds.push(
        (await insertUnit(ctx.db, { siteId, equipmentTypeId: type.id, installedOn: '2026-01-01' })).id,
      );
  });
  afterAll(() => ctx.close());

  const inject = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  const upload = async (colour: string): Promise<string> => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const body = multipartFile(png, 'photo.png', 'image/png');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inspector/uploads',
      headers: { authorization: inspector.token, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().url as string;
  };

  /** Assigns one unit and submits it; answers the inspection id. */
  const submitOne = async (unitId: number, device?: object) => {
    const assigned = await inject('POST', '/api/auth/create/assignments/admin', adminToken, {
      siteId,
      inspectorId: inspector.id,
      categoryId,
      templateId,
      equipmentScope: 'selected',
      equipmentIds: [unitId],
      scheduledFor: '2026-07-01',
      dueOn: '2026-07-05',
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const id = assigned.json().assignment.id as number;
    const answers = {
      gauge_ok: 'pass',
      pressure: 12.5,
      photo: [await upload('#c0392b')],
      signature: await upload('#ffffff'),
    };
    const response = await inject('POST', `/api/inspector/assignments/${id}/submit`, inspector.token, {
      units: [{ equipmentId: unitId, answers }],
      remarks: 'All good',
      ...(device ? { device } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().inspection.id as number;
  };

  const sealOf = async (inspectionId: number) => {
    const [seal] = await ctx.db.select().from(reportSeals).where(eq(reportSeals.inspectionId, inspectionId));
    return seal!;
  };

  const pdfOf = async (inspectionId: number) => {
    const response = await inject('GET', `/api/auth/inspections/${inspectionId}/report`, adminToken);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  let firstInspectionId: number;

  it('seals a submit in its transaction; the signature verifies with the published key using node:crypto', async () => {
    const device = {
      time: '2026-07-01T14:29:58+05:30',
      position: { latitude: 12.9716, longitude: 77.5946, accuracy: 8 },
    };
    firstInspectionId = await submitOne(unitIds[0]!, device);
    const seal = await sealOf(firstInspectionId);
    expect(seal.sequence).toBe(1);
    expect(seal.previousHash).toBe('0'.repeat(64));
    expect(seal.sealedLater).toBe(false);

    const record = JSON.parse(seal.record);
    expect(record.inspector).toEqual({ id: inspector.id, name: 'Ravi Kumar' });
    expect(record.device).toEqual(device);
    expect(record.inspection.answers.units[0].answers.pressure).toBe(12.5);
    expect(record.inspection.submittedAt).toBe(clock.now().toISOString());
    // The photo and the signature by the SHA-256 of their stored bytes.
    const names = Object.keys(record.files);
    expect(names).toHaveLength(2);
    for (const name of names)
      expect(record.files[name]).toBe(
        createHash('sha256')
          .update((await storage.read(name))!)
          .digest('hex'),
      );

    // The hash is SHA-256 of the documented text; the signature is Ed25519 over its 32 bytes.
    const text = [
      'inspecta-seal-v1',
      '1',
      seal.previousHash,
      seal.id,
      seal.sealedAt.toISOString(),
      '0',
      seal.record,
    ].join('\n');
    expect(createHash('sha256').update(text).digest('hex')).toBe(seal.hash);
    const key = await inject('GET', '/api/verify/public-key', null);
    expect(key.statusCode).toBe(200);
    const publicKey = createPublicKey(key.json().publicKeyPem);
    expect(publicKey.asymmetricKeyType).toBe('ed25519');
    expect(
      verify(null, Buffer.from(seal.hash, 'hex'), publicKey, Buffer.from(seal.signature, 'base64')),
    ).toBe(true);
    expect(
      verify(null, Buffer.from(seal.previousHash, 'hex'), publicKey, Buffer.from(seal.signature, 'base64')),
    ).toBe(false);
    // The key was made once, with an audit event; the seal itself is the record of sealing.
    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'verification.key_created'))
      .orderBy(auditEvents.id);
    expect(events).toHaveLength(1);
  });

  it('chains every seal to the previous one; concurrent submits queue on the head and never fork', async () => {
    const ids = await Promise.all(unitIds.slice(1, 9).map((unitId) => submitOne(unitId)));
    expect(new Set(ids).size).toBe(8);
    const seals = await ctx.db.select().from(reportSeals).orderBy(asc(reportSeals.sequence));
    expect(seals.map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 1; i < seals.length; i++) expect(seals[i]!.previousHash).toBe(seals[i - 1]!.hash);
    const chain = await inject('GET', '/api/verify/chain', adminToken);
    expect(chain.statusCode, chain.body).toBe(200);
    expect(chain.json()).toMatchObject({
      valid: true,
      checked: 9,
      lastSequence: 9,
      firstBreak: null,
      unsealedCompleted: 0,
    });
  });

  it('checks a seal publicly by id, by hash and by the PDF, showing only the report summary', async () => {
    const seal = await sealOf(firstInspectionId);
    const byId = await inject('GET', `/api/verify/seals/${seal.id}`, null);
    expect(byId.statusCode, byId.body).toBe(200);
    const body = byId.json();
    expect(body).toEqual({
      sealId: seal.id,
      valid: true,
      problems: [],
      hash: seal.hash,
      sealedAt: seal.sealedAt.toISOString(),
      sealedLater: false,
      sealedBy: 'Ravi Kumar',
      report: {
        inspectionNumber: firstInspectionId,
        siteName,
        siteCode: expect.any(String),
        templateName: expect.stringContaining('Extinguisher check'),
        templateVersion: 1,
        result: 'pass',
        failedItems: 0,
        totalItems: expect.any(Number),
        unitCount: 1,
        completedAt: clock.now().toISOString(),
      },
    });
    // Nothing beyond the summary: no answers, files, remarks, position or ids of people.
    const raw = byId.body;
    for (const secret of [
      'answers',
      'files',
      'remarks',
      'All good',
      'latitude',
      '12.9716',
      '/api/files/',
      'signature',
    ])
      expect(raw).not.toContain(secret);

    const byHash = await inject('POST', '/api/verify/hash', null, { hash: seal.hash.toUpperCase() });
    expect(byHash.statusCode, byHash.body).toBe(200);
    expect(byHash.json()).toEqual(body);

    const pdf = await pdfOf(firstInspectionId);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`Seal ID: ${seal.id}`);
    expect(text).toContain(`SHA-256: ${seal.hash}`);
    expect(text).toContain(`${ctx.app.config.publicUrl}/verify/${seal.id}`);
    const form = multipartFile(pdf, 'report.pdf', 'application/pdf');
    const byPdf = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify/pdf',
      headers: form.headers,
      payload: form.payload,
    });
    expect(byPdf.statusCode, byPdf.body).toBe(200);
    expect(byPdf.json()).toEqual({ ...body, printedHashMatches: true });
  });

  it('answers 404 for an unknown seal or hash, 400 for malformed ones and 415/400 for a bad upload', async () => {
    const unknown = await inject('GET', `/api/verify/seals/${'a'.repeat(32)}`, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Seal was not found',
    });
    const unknownHash = await inject('POST', '/api/verify/hash', null, { hash: 'b'.repeat(64) });
    expect(unknownHash.statusCode).toBe(404);
    expect(unknownHash.json().code).toBe('NOT_FOUND');
    expect((await inject('GET', '/api/verify/seals/123', null)).json().code).toBe('VALIDATION_FAILED');
    expect((await inject('POST', '/api/verify/hash', null, { hash: 'xyz' })).statusCode).toBe(400);
    const notPdf = multipartFile('hello', 'x.pdf', 'application/pdf');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify/pdf',
      headers: notPdf.headers,
      payload: notPdf.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('keeps the chain route to administrators: 401 anonymous, 403 inspector and client', async () => {
    expect((await inject('GET', '/api/verify/chain', null)).statusCode).toBe(401);
    expect((await inject('GET', '/api/verify/chain', inspector.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/verify/chain', clientToken)).statusCode).toBe(403);
  });

  it('a changed answer in the database makes that seal invalid and the chain break at its sequence', async () => {
    const seal = await sealOf(firstInspectionId);
    const third = (await ctx.db.select().from(reportSeals).where(eq(reportSeals.sequence, 3)))[0]!;
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, third.inspectionId));
    const original = row!.answers;
    // Someone with database access turns the pressure from 12.5 into 13.
    await ctx.db
      .update(inspections)
      .set({ answers: sql`jsonb_set(${inspections.answers}, '{units,0,answers,pressure}', '13')` })
      .where(eq(inspections.id, third.inspectionId));

    const tampered = await inject('GET', `/api/verify/seals/${third.id}`, null);
    expect(tampered.statusCode).toBe(200);
    expect(tampered.json()).toMatchObject({
      valid: false,
      problems: ['The inspection in the database no longer matches what was sealed'],
    });
    expect((await inject('POST', '/api/verify/hash', null, { hash: third.hash })).json().valid).toBe(false);
    // The other seals are still valid on their own.
    expect((await inject('GET', `/api/verify/seals/${seal.id}`, null)).json().valid).toBe(true);
    const chain = (await inject('GET', '/api/verify/chain', adminToken)).json();
    expect(chain).toMatchObject({
      valid: false,
      checked: 2,
      firstBreak: {
        sequence: 3,
        sealId: third.id,
        inspectionId: third.inspectionId,
        problem: 'The inspection in the database no longer matches what was sealed',
      },
    });

    // Put back, and it verifies again; then change a seal's own record: its hash breaks.
    await ctx.db.update(inspections).set({ answers: original }).where(eq(inspections.id, third.inspectionId));
    expect((await inject('GET', `/api/verify/seals/${third.id}`, null)).json().valid).toBe(true);
    expect((await inject('GET', '/api/verify/chain', adminToken)).json().valid).toBe(true);
    await ctx.db
      .update(reportSeals)
      .set({ sealedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(reportSeals.id, third.id));
    const broken = (await inject('GET', '/api/verify/chain', adminToken)).json();
    expect(broken.firstBreak).toMatchObject({
      sequence: 3,
      problem: expect.stringContaining('does not match its own hash'),
    });
    await ctx.db.update(reportSeals).set({ sealedAt: third.sealedAt }).where(eq(reportSeals.id, third.id));
    // A photo file replaced in storage: the public check of that seal says so.
    const record = JSON.parse(third.record);
    const photo = Object.keys(record.files)[0]!;
    const bytes = (await storage.read(photo))!;
    await storage.save(photo, Buffer.concat([bytes, Buffer.from([0])]));
    expect((await inject('GET', `/api/verify/seals/${third.id}`, null)).json().problems).toEqual([
      'A photo or signature file no longer matches what was sealed',
    ]);
    await storage.save(photo, bytes);
    expect((await inject('GET', '/api/verify/chain', adminToken)).json().valid).toBe(true);
  });

  it('seals completed inspections that had no seal later, in completion order, continuing the chain', async () => {
    const values = {
      siteId,
      inspectorId: inspector.id,
      categoryId,
      templateId,
      templateVersion: 1,
      content,
      units: [
        { equipmentId: unitIds[9]!, answers: { gauge_ok: 'pass', pressure: 11, photo: [], signature: null } },
      ],
    };
    const later = await insertCompletedInspection(ctx.db, {
      ...values,
      completedAt: new Date('2025-05-02T10:00:00Z'),
    });
    const earlier = await insertCompletedInspection(ctx.db, {
      ...values,
      completedAt: new Date('2025-05-01T10:00:00Z'),
    });
    expect((await inject('GET', '/api/verify/chain', adminToken)).json().unsealedCompleted).toBe(2);
    expect(await ctx.app.services.verification.sealBacklog()).toBe(2);
    expect(await ctx.app.services.verification.sealBacklog()).toBe(0);
    const a = await sealOf(earlier.id);
    const b = await sealOf(later.id);
    expect([a.sequence, b.sequence]).toEqual([10, 11]);
    expect(a.sealedLater && b.sealedLater).toBe(true);
    expect((await inject('GET', `/api/verify/seals/${b.id}`, null)).json()).toMatchObject({
      valid: true,
      sealedLater: true,
    });
    expect((await inject('GET', '/api/verify/chain', adminToken)).json()).toMatchObject({
      valid: true,
      checked: 11,
      unsealedCompleted: 0,
    });
  });
});
