import { INSPECTION_UPLOAD_MAX_BYTES, templateContentSchema } from '@inspecta/contract';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  auditEvents,
  equipment,
  inspectionCategories,
  inspections,
  inspectionUnits,
  notificationDispatch,
  notifications,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const content = templateContentSchema.parse({
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'gauge_ok', label: 'Gauge in green zone', type: 'pass_fail' },
        { key: 'seal_intact', label: 'Seal intact', type: 'yes_no_na', failWhen: { answers: ['no'] } },
        { key: 'pressure', label: 'Pressure', type: 'number', unit: 'bar', min: 10, max: 15 },
        {
          key: 'condition',
          label: 'Condition',
          type: 'select',
          options: ['Good', 'Worn', 'Damaged'],
          failWhen: { options: ['Damaged'] },
        },
        {
          key: 'defects',
          label: 'Defects',
          type: 'multi_select',
          required: false,
          options: ['Rust', 'Dent', 'Scratch'],
          failWhen: { options: ['Rust'] },
        },
        { key: 'notes', label: 'Notes', type: 'text', required: false },
        { key: 'serviced_on', label: 'Last serviced', type: 'date', required: false },
        { key: 'photo', label: 'Photo of the unit', type: 'photo' },
      ],
    },
    {
      key: 'signoff',
      title: 'Sign-off',
      items: [{ key: 'signature', label: 'Signature', type: 'signature' }],
    },
  ],
});
/** pass_fail, yes_no_na, number, select, multi_select: the items that can fail. */
const ANSWERABLE_PER_UNIT = 5;
const INTERVAL_DAYS = 30;

describe('inspector work: /api/inspector/...', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let adminToken: string;
  let adminId: number;
  let otherAdminId: number;
  let inactiveAdminId: number;
  let inspector: { id: number; token: string };
  let otherInspector: { id: number; token: string };
  let listInspector: { id: number; token: string };
  let categoryId: number;
  let templateId: number;
  let siteId: number;
  let emptySiteId: number;
  let unitIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    adminId = admin.id;
    adminToken = await tokenFor(ctx.app, admin);
    otherAdminId = (await insertUser(ctx.db, { userType: 'admin' })).id;
    inactiveAdminId = (await insertUser(ctx.db, { userType: 'admin', status: 'inactive' })).id;
    const makeInspector = async (firstName: string) => {
      const user = await insertUser(ctx.db, { userType: 'inspector', firstName, lastName: 'Inspector' });
      // Inspectors sign in through the same POST /api/auth/login as administrators.
      return { id: user.id, token: await tokenFor(ctx.app, user) };
    };
    inspector = await makeInspector('Ravi');
    otherInspector = await makeInspector('Meera');
    listInspector = await makeInspector('Lakshmi');
    const [category] = await ctx.db
      .insert(inspectionCategories)
      .values({ name: uniq('Routine'), colour: 'blue' })
      .returning();
    categoryId = category!.id;
    const [template] = await ctx.db
      .insert(templates)
      .values({ name: uniq('Extinguisher check'), categoryId, status: 'published', publishedVersion: 2 })
      .returning();
    templateId = template!.id;
    await ctx.db.insert(templateVersions).values([
      { templateId, version: 1, status: 'published', content: { sections: [] } },
      { templateId, version: 2, status: 'published', content },
    ]);
    const site = await insertSite(ctx.db, {
      name: uniq('Orion Mall'),
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      pincode: '560001',
      contactName: 'Asha',
      contactPhone: '+919800000001',
    });
    siteId = site.id;
    emptySiteId = (await insertSite(ctx.db, { name: uniq('Empty lot') })).id;
    const type = await insertType(ctx.db, { inspectionIntervalDays: INTERVAL_DAYS });
    unitIds = [];
    for (const tag of ['AT-001', 'AT-002'])
      unitIds.push(
        (
          await insertUnit(ctx.db, {
            siteId,
            equipmentTypeId: type.id,
            assetTag: `${tag}-${uniq('x').slice(2)}`,
            installedOn: '2026-01-01',
            nextDueOn: '2026-01-31',
          })
        ).id,
      );
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, payload?: unknown, token: string | null = inspector.token) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const assign = async (overrides: Record<string, unknown> = {}) => {
    const response = await call(
      'POST',
      '/api/auth/create/assignments/admin',
      {
        siteId,
        inspectorId: inspector.id,
        categoryId,
        templateId,
        equipmentScope: 'all',
        scheduledFor: '2026-06-15',
        dueOn: '2026-06-20',
        ...overrides,
      },
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().assignment as { id: number; inspector: { id: number } };
  };

  const png = (width = 800, height = 600) =>
    sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();

  const upload = async (token = inspector.token): Promise<string> => {
    const body = multipartFile(await png(), 'photo.png', 'image/png');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inspector/uploads',
      headers: { authorization: token, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().url as string;
  };

  /** Every required item answered and passing, with this inspector's own photo and signature. */
  const passingAnswers = async (token = inspector.token) => ({
    gauge_ok: 'pass',
    seal_intact: 'yes',
    pressure: 12.5,
    condition: 'Good',
    defects: ['Dent'],
    notes: 'Mounted at 1.2 m',
    serviced_on: '2026-03-01',
    photo: [await upload(token)],
    signature: await upload(token),
  });

  const countOf = async (table: typeof notifications | typeof auditEvents) =>
    (await ctx.db.select({ n: count() }).from(table))[0]!.n;

  const fields = (response: { json(): { details?: { field: string }[] } }) =>
    (response.json().details ?? []).map((d) => d.field).sort();

  const notificationsOf = (userId: number, type: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  // ------------------------------------------------------------------ access

  it('lets only inspectors in: no token 401, an administrator 403', async () => {
    const a = await assign();
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/inspector/assignments'],
      ['GET', `/api/inspector/assignments/${a.id}`],
      ['PUT', `/api/inspector/assignments/${a.id}/progress`, { units: [] }],
      ['POST', `/api/inspector/assignments/${a.id}/submit`, { units: [] }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, payload, adminToken)).statusCode, `${method} ${url}`).toBe(403);
    }
    const body = multipartFile(await png(), 'photo.png', 'image/png');
    const uploadAs = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/inspector/uploads',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    expect((await uploadAs({})).statusCode).toBe(401);
    expect((await uploadAs({ authorization: adminToken })).statusCode).toBe(403);
  });

  it("refuses another inspector's assignment (403) and answers 404 for an unknown one", async () => {
    const a = await assign();
    const answers = { units: [{ equipmentId: unitIds[0], answers: { gauge_ok: 'pass' } }] };
    expect(
      (await call('GET', `/api/inspector/assignments/${a.id}`, undefined, otherInspector.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/inspector/assignments/${a.id}/progress`, answers, otherInspector.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/inspector/assignments/${a.id}/submit`, answers, otherInspector.token))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/inspector/assignments/99999999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/inspector/assignments/99999999/progress', answers)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.status).toBe('assigned');
    expect(await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id))).toHaveLength(0);
  });

  // ------------------------------------------------------------------ list and detail

  it('lists open work by view: overdue, today, upcoming and all, soonest due first', async () => {
    const mine = { inspectorId: listInspector.id };
    const overdue = await assign({ ...mine, scheduledFor: '2026-06-01', dueOn: '2026-06-10' });
    const today = await assign({
      ...mine,
      scheduledFor: '2026-06-15',
      dueOn: '2026-06-18',
      priority: 'urgent',
    });
    const dueToday = await assign({ ...mine, scheduledFor: '2026-06-12', dueOn: '2026-06-15' });
    const upcoming = await assign({ ...mine, scheduledFor: '2026-06-20', dueOn: '2026-06-30' });
    const cancelled = await assign({ ...mine });
    await call(
      'PUT',
      `/api/auth/assignments/update/admin/${cancelled.id}`,
      { status: 'cancelled', cancelReason: 'Site closed' },
      adminToken,
    );
    await assign({ inspectorId: otherInspector.id });

    const ids = async (view?: string) => {
      const response = await call(
        'GET',
        `/api/inspector/assignments${view ? `?view=${view}` : ''}`,
        undefined,
        listInspector.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().assignments as { id: number }[]).map((a) => a.id);
    };
    expect(await ids()).toEqual([overdue.id, dueToday.id, today.id, upcoming.id]);
    expect(await ids('all')).toEqual([overdue.id, dueToday.id, today.id, upcoming.id]);
    expect(await ids('overdue')).toEqual([overdue.id]);
    expect(await ids('today')).toEqual([dueToday.id, today.id]);
    expect(await ids('upcoming')).toEqual([upcoming.id]);
    expect(
      (await call('GET', '/api/inspector/assignments?view=later', undefined, listInspector.token)).statusCode,
    ).toBe(400);

    const [first] = (
      await call('GET', '/api/inspector/assignments?view=overdue', undefined, listInspector.token)
    ).json().assignments;
    expect(first).toMatchObject({
      id: overdue.id,
      status: 'assigned',
      overdue: true,
      priority: 'normal',
      scheduledFor: '2026-06-01',
      dueOn: '2026-06-10',
      site: {
        id: siteId,
        address: '12 MG Road, Bengaluru, 560001',
        contactName: 'Asha',
        contactPhone: '+919800000001',
      },
      category: { id: categoryId },
      template: { id: templateId, version: 2 },
      unitCount: 2,
    });
  });

  it('answers the detail with the pinned version, the units and no progress before the first save', async () => {
    const a = await assign();
    const response = await call('GET', `/api/inspector/assignments/${a.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().assignment;
    expect(detail).toMatchObject({
      id: a.id,
      status: 'assigned',
      overdue: false,
      unitCount: 2,
      progress: null,
    });
    expect(detail.content).toEqual(content);
    expect(detail.units.map((u: { id: number }) => u.id)).toEqual(unitIds);
    expect(detail.units[0]).toMatchObject({
      assetTag: expect.stringMatching(/^AT-001/),
      type: expect.any(String),
    });
  });

  // ------------------------------------------------------------------ progress

  it('starts on the first progress save, keeps partial answers, and answers them on reload', async () => {
    const a = await assign();
    const url = `/api/inspector/assignments/${a.id}/progress`;
    const partial = {
      units: [{ equipmentId: unitIds[0], answers: { gauge_ok: 'fail', pressure: 9 } }],
      remarks: 'Started at the lobby',
    };
    let response = await call('PUT', url, partial);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ savedAt: clock.now().toISOString(), message: 'Inspection started' });

    const [assignment] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(assignment).toMatchObject({ status: 'in_progress', startedAt: clock.now() });
    const [inspection] = await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id));
    expect(inspection).toMatchObject({
      status: 'in_progress',
      result: null,
      inspectorId: inspector.id,
      siteId,
      templateId,
      templateVersion: 2,
      startedAt: clock.now(),
      completedAt: null,
      answers: { units: partial.units, remarks: 'Started at the lobby' },
    });

    clock.advance(60_000);
    const more = {
      units: [
        { equipmentId: unitIds[0], answers: { gauge_ok: 'pass', pressure: 12, notes: null } },
        { equipmentId: unitIds[1], answers: { seal_intact: 'na' } },
      ],
      remarks: '',
    };
    response = await call('PUT', url, more);
    expect(response.json().message).toBe('Progress saved');
    const detail = (await call('GET', `/api/inspector/assignments/${a.id}`)).json().assignment;
    expect(detail.status).toBe('in_progress');
    expect(detail.progress).toEqual({ units: more.units, remarks: null, savedAt: clock.now().toISOString() });
    expect(await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id))).toHaveLength(1);
    const trail = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        or(
          and(eq(auditEvents.entityType, 'assignment'), eq(auditEvents.entityId, String(a.id))),
          and(eq(auditEvents.entityType, 'inspection'), eq(auditEvents.entityId, String(inspection!.id))),
        ),
      )
      .orderBy(auditEvents.id);
    expect(trail.map((t) => t.action).sort()).toEqual([
      'assignment.created',
      'assignment.started',
      'inspection.progress_saved',
      'inspection.progress_saved',
    ]);
  });

  it('refuses a progress save with a unit of another assignment, a site-level entry or an unknown item', async () => {
    const a = await assign({ equipmentScope: 'selected', equipmentIds: [unitIds[0]] });
    const url = `/api/inspector/assignments/${a.id}/progress`;
    let response = await call('PUT', url, { units: [{ equipmentId: unitIds[1], answers: {} }] });
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual(['units.0.equipmentId']);
    response = await call('PUT', url, { units: [{ equipmentId: null, answers: {} }] });
    expect(fields(response)).toEqual(['units.0.equipmentId']);
    response = await call('PUT', url, {
      units: [
        { equipmentId: unitIds[0], answers: { gauge_ok: 'pass' } },
        { equipmentId: unitIds[0], answers: { not_an_item: 'x' } },
      ],
    });
    expect(fields(response)).toEqual(['units.1.answers.not_an_item', 'units.1.equipmentId']);
    response = await call('PUT', url, {
      units: [{ equipmentId: unitIds[0], answers: { gauge_ok: { a: 1 } } }],
    });
    expect(response.statusCode).toBe(400);
    expect(fields(response)[0]).toMatch(/^units\.0\.answers/);
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.status).toBe('assigned');
  });

  it('refuses progress and submit on a cancelled assignment (409)', async () => {
    const a = await assign();
    await call(
      'PUT',
      `/api/auth/assignments/update/admin/${a.id}`,
      { status: 'cancelled', cancelReason: 'Duplicate' },
      adminToken,
    );
    const answers = { units: [] };
    expect((await call('PUT', `/api/inspector/assignments/${a.id}/progress`, answers)).statusCode).toBe(409);
    expect((await call('POST', `/api/inspector/assignments/${a.id}/submit`, answers)).statusCode).toBe(409);
    // The link of the cancellation notification still opens it.
    const detail = await call('GET', `/api/inspector/assignments/${a.id}`);
    expect(detail.json().assignment).toMatchObject({ status: 'cancelled', progress: null });
  });

  // ------------------------------------------------------------------ submit

  it('names the unit and the item of every missing or unfit answer, and writes nothing', async () => {
    const a = await assign();
    const good = await passingAnswers();
    const response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, {
      units: [
        {
          equipmentId: unitIds[0],
          answers: { ...good, condition: 'Shiny', pressure: 'high', gauge_ok: null },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    const details = response.json().details as { field: string; message: string }[];
    const byField = Object.fromEntries(
      details.filter((d) => d.field !== 'units').map((d) => [d.field, d.message]),
    );
    expect(byField['units.0.answers.condition']).toMatch(/^AT-001.* · Condition: Choose one of the options$/);
    expect(byField['units.0.answers.pressure']).toMatch(/· Pressure: Enter a number$/);
    expect(byField['units.0.answers.gauge_ok']).toMatch(/· Gauge in green zone: An answer is required$/);
    // The second unit was not sent at all: each of its required items is named.
    const secondUnit = details.filter((d) => d.field === 'units').map((d) => d.message);
    expect(secondUnit).toHaveLength(6);
    expect(secondUnit.every((m) => m.startsWith('AT-002'))).toBe(true);
    expect(secondUnit.some((m) => m.endsWith('· Signature: An answer is required'))).toBe(true);
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.status).toBe('assigned');
    expect(await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id))).toHaveLength(0);
  });

  it("refuses photos and signatures that are not this inspector's uploads", async () => {
    const a = await assign({ equipmentScope: 'selected', equipmentIds: [unitIds[0]] });
    const theirs = await upload(otherInspector.token);
    const answers = await passingAnswers();
    const response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, {
      units: [
        {
          equipmentId: unitIds[0],
          answers: {
            ...answers,
            photo: [answers.photo[0]!, theirs, 'https://example.com/a.jpg'],
            signature: '/api/files/nope',
          },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        field: 'units.0.answers.photo',
        message: expect.stringMatching(/Photo of the unit: not an uploaded image$/),
      },
      {
        field: 'units.0.answers.signature',
        message: expect.stringMatching(/Signature: not an uploaded image$/),
      },
      {
        field: 'units.0.answers.photo',
        message: expect.stringMatching(/Photo of the unit: upload the image from this device again$/),
      },
    ]);
  });

  it("refuses another inspector's upload when the progress is saved, by the rule submit uses", async () => {
    const a = await assign({ equipmentScope: 'selected', equipmentIds: [unitIds[0]] });
    const mine = await upload();
    const theirs = await upload(otherInspector.token);
    const auditBefore = await countOf(auditEvents);
    const save = (answers: Record<string, unknown>) =>
      call('PUT', `/api/inspector/assignments/${a.id}/progress`, {
        units: [{ equipmentId: unitIds[0], answers }],
      });
    const refused = await save({
      gauge_ok: 'pass',
      photo: [mine, theirs],
      signature: 'https://example.com/s.png',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details).toEqual([
      {
        field: 'units.0.answers.signature',
        message: expect.stringMatching(/Signature: not an uploaded image$/),
      },
      {
        field: 'units.0.answers.photo',
        message: expect.stringMatching(/Photo of the unit: upload the image from this device again$/),
      },
    ]);
    // Nothing written: not started, no inspection, no audit event.
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.status).toBe('assigned');
    expect(await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id))).toHaveLength(0);
    expect(await countOf(auditEvents)).toBe(auditBefore);
    // Their own uploads, and answers still missing, save as before.
    expect((await save({ gauge_ok: 'pass', photo: [mine] })).statusCode).toBe(200);
  });

  it('submits a passing inspection: results, units, assignment and due dates, in one go', async () => {
    const a = await assign();
    const url = `/api/inspector/assignments/${a.id}/progress`;
    expect(
      (await call('PUT', url, { units: [{ equipmentId: unitIds[0], answers: { gauge_ok: 'pass' } }] }))
        .statusCode,
    ).toBe(200);
    const startedAt = clock.now();
    clock.advance(3_600_000);
    const units = [
      { equipmentId: unitIds[1], answers: await passingAnswers() },
      { equipmentId: unitIds[0], answers: { ...(await passingAnswers()), seal_intact: 'na', defects: [] } },
    ];
    const response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, {
      units,
      remarks: 'All good',
    });
    expect(response.statusCode, response.body).toBe(200);
    const now = clock.now();
    expect(response.json()).toMatchObject({
      message: 'Inspection submitted: passed',
      inspection: {
        assignmentId: a.id,
        result: 'pass',
        failedItems: 0,
        totalItems: 2 * ANSWERABLE_PER_UNIT,
        unitCount: 2,
        site: { id: siteId, city: 'Bengaluru', clientName: null },
        inspector: { id: inspector.id, name: 'Ravi Inspector' },
        category: { id: categoryId },
        template: { id: templateId, version: 2 },
        startedAt: startedAt.toISOString(),
        completedAt: now.toISOString(),
      },
    });
    const [inspection] = await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id));
    expect(inspection).toMatchObject({
      status: 'completed',
      result: 'pass',
      remarks: 'All good',
      completedAt: now,
    });
    // Stored in the assignment's unit order, whatever order they were sent in.
    expect(inspection!.answers).toEqual({ units: [units[1], units[0]], remarks: 'All good' });
    const results = inspection!.results as {
      equipmentId: number;
      result: string;
      items: { key: string; outcome: string }[];
    }[];
    expect(results.map((r) => [r.equipmentId, r.result])).toEqual([
      [unitIds[0], 'pass'],
      [unitIds[1], 'pass'],
    ]);
    expect(Object.fromEntries(results[0]!.items.map((i) => [i.key, i.outcome]))).toEqual({
      gauge_ok: 'pass',
      seal_intact: 'not_applicable',
      pressure: 'pass',
      condition: 'pass',
      defects: 'skipped',
      notes: 'recorded',
      serviced_on: 'recorded',
      photo: 'recorded',
      signature: 'recorded',
    });
    expect(results[0]!.items[0]).toEqual({
      key: 'gauge_ok',
      sectionKey: 'checks',
      outcome: 'pass',
      reason: null,
    });
    const unitRows = await ctx.db
      .select()
      .from(inspectionUnits)
      .where(eq(inspectionUnits.inspectionId, inspection!.id));
    expect(unitRows.map((u) => [u.equipmentId, u.result, u.failedItems]).sort()).toEqual(
      [
        [unitIds[0], 'pass', 0],
        [unitIds[1], 'pass', 0],
      ].sort(),
    );
    const [assignment] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(assignment).toMatchObject({ status: 'completed', completedAt: now, startedAt });
    const units2 = await ctx.db.select().from(equipment).where(inArray(equipment.id, unitIds));
    for (const unit of units2) {
      expect(unit.lastInspectedAt).toEqual(now);
      expect(unit.nextDueOn).toBe('2026-07-15'); // 2026-06-15 (UTC date of the inspection) + 30 days
    }
    const audits = await ctx.db
      .select({ action: auditEvents.action, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(
        inArray(auditEvents.action, ['inspection.completed', 'assignment.completed', 'equipment.inspected']),
      )
      .orderBy(auditEvents.id);
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'inspection.completed', entityId: String(inspection!.id) },
        { action: 'assignment.completed', entityId: String(a.id) },
        { action: 'equipment.inspected', entityId: String(unitIds[0]) },
        { action: 'equipment.inspected', entityId: String(unitIds[1]) },
      ]),
    );

    // Once completed it stays completed.
    const again = await call('POST', `/api/inspector/assignments/${a.id}/submit`, { units });
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', url, { units: [] })).statusCode).toBe(409);
    const detail = (await call('GET', `/api/inspector/assignments/${a.id}`)).json().assignment;
    expect(detail.status).toBe('completed');
    expect(
      (await call('GET', '/api/inspector/assignments')).json().assignments.map((x: { id: number }) => x.id),
    ).not.toContain(a.id);

    // The administrators hear of it; an inactive one does not.
    for (const id of [adminId, otherAdminId]) {
      const [note] = (await notificationsOf(id, 'inspection.completed')).filter((n) =>
        n.link?.endsWith(`/${inspection!.id}`),
      );
      expect(note).toMatchObject({
        title: expect.stringMatching(/^Inspection passed: Orion Mall/),
        link: `/dashboard/inspection-management/inspections/${inspection!.id}`,
      });
    }
    expect(await notificationsOf(inactiveAdminId, 'inspection.completed')).toHaveLength(0);
    expect(await notificationsOf(inspector.id, 'inspection.completed')).toHaveLength(0);
  });

  it('fails the inspection when any item fails, per unit, without a progress save first', async () => {
    const a = await assign();
    clock.advance(60_000);
    const response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, {
      units: [
        {
          equipmentId: unitIds[0],
          answers: { ...(await passingAnswers()), pressure: 16.5, defects: ['Rust', 'Dent'] },
        },
        { equipmentId: unitIds[1], answers: await passingAnswers() },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Inspection submitted: some items failed',
      inspection: {
        result: 'fail',
        failedItems: 2,
        totalItems: 10,
        unitCount: 2,
        startedAt: clock.now().toISOString(),
      },
    });
    const [inspection] = await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id));
    const results = inspection!.results as {
      equipmentId: number;
      result: string;
      items: { key: string; outcome: string; reason: string | null }[];
    }[];
    expect(results[0]!.result).toBe('fail');
    expect(results[1]!.result).toBe('pass');
    expect(results[0]!.items.find((i) => i.key === 'pressure')).toMatchObject({
      outcome: 'fail',
      reason: '16.5 bar is above the maximum of 15 bar',
    });
    expect(results[0]!.items.find((i) => i.key === 'defects')).toMatchObject({
      outcome: 'fail',
      reason: 'Answered “Rust”',
    });
    const unitRows = await ctx.db
      .select()
      .from(inspectionUnits)
      .where(eq(inspectionUnits.inspectionId, inspection!.id));
    expect(unitRows.find((u) => u.equipmentId === unitIds[0])).toMatchObject({
      result: 'fail',
      failedItems: 2,
    });
    expect(unitRows.find((u) => u.equipmentId === unitIds[1])).toMatchObject({
      result: 'pass',
      failedItems: 0,
    });
    for (const id of [adminId, otherAdminId]) {
      const notes = (await notificationsOf(id, 'inspection.failed')).filter((n) =>
        n.link?.endsWith(`/${inspection!.id}`),
      );
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toMatch(/Ravi Inspector inspected 2 units .*; 2 items failed\./);
    }
    expect(await notificationsOf(inactiveAdminId, 'inspection.failed')).toHaveLength(0);
  });

  it('submits a site-level assignment (no units) with one equipmentId null entry', async () => {
    const a = await assign({ siteId: emptySiteId });
    const answers = await passingAnswers();
    let response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, {
      units: [{ equipmentId: unitIds[0], answers }],
    });
    expect(fields(response)).toEqual(['units.0.equipmentId']);
    response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, {
      units: [{ equipmentId: null, answers: { ...answers, gauge_ok: 'fail' } }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().inspection).toMatchObject({
      result: 'fail',
      failedItems: 1,
      totalItems: 5,
      unitCount: 0,
    });
    const [inspection] = await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, a.id));
    expect((inspection!.results as { equipmentId: null }[])[0]!.equipmentId).toBeNull();
    expect(
      await ctx.db.select().from(inspectionUnits).where(eq(inspectionUnits.inspectionId, inspection!.id)),
    ).toHaveLength(0);
  });

  it('hands work in progress over on a reassignment: the new inspector continues and is credited', async () => {
    const a = await assign();
    const started = await call('PUT', `/api/inspector/assignments/${a.id}/progress`, {
      units: [
        { equipmentId: unitIds[0], answers: { gauge_ok: 'pass' } },
        { equipmentId: unitIds[1], answers: { gauge_ok: 'fail' } },
      ],
    });
    expect(started.statusCode).toBe(200);
    const moved = await call(
      'PUT',
      `/api/auth/assignments/update/admin/${a.id}`,
      { inspectorId: otherInspector.id, equipmentIds: [unitIds[0]] },
      adminToken,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('GET', `/api/inspector/assignments/${a.id}`)).statusCode).toBe(403);
    const detail = (
      await call('GET', `/api/inspector/assignments/${a.id}`, undefined, otherInspector.token)
    ).json().assignment;
    expect(detail.status).toBe('in_progress');
    // The unit taken off the assignment is no longer in the progress handed back.
    expect(detail.progress.units).toEqual([{ equipmentId: unitIds[0], answers: { gauge_ok: 'pass' } }]);
    const saved = await call(
      'PUT',
      `/api/inspector/assignments/${a.id}/progress`,
      { units: detail.progress.units },
      otherInspector.token,
    );
    expect(saved.json().message).toBe('Progress saved');
    const submitted = await call(
      'POST',
      `/api/inspector/assignments/${a.id}/submit`,
      { units: [{ equipmentId: unitIds[0], answers: await passingAnswers(otherInspector.token) }] },
      otherInspector.token,
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().inspection).toMatchObject({
      inspector: { id: otherInspector.id, name: 'Meera Inspector' },
      unitCount: 1,
      totalItems: ANSWERABLE_PER_UNIT,
    });
  });

  it('writes nothing when a step of the submit fails (one transaction)', async () => {
    const a = await assign();
    await call('PUT', `/api/inspector/assignments/${a.id}/progress`, { units: [] });
    const [inspectionBefore] = await ctx.db
      .select()
      .from(inspections)
      .where(eq(inspections.assignmentId, a.id));
    const [assignmentBefore] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    const unitsBefore = await ctx.db.select().from(equipment).where(inArray(equipment.id, unitIds));
    const notificationsBefore = await countOf(notifications);
    const auditsBefore = await countOf(auditEvents);
    const units = [
      { equipmentId: unitIds[0], answers: await passingAnswers() },
      { equipmentId: unitIds[1], answers: await passingAnswers() },
    ];
    const auditsAfterUploads = await countOf(auditEvents);
    // The equipment update comes after the inspection, its units and the assignment are written.
    await ctx.db.execute(sql`create or replace function refuse_inspected_unit() returns trigger language plpgsql as $$
      begin
        if new.last_inspected_at is distinct from old.last_inspected_at then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_inspected_unit before update on equipment for each row execute function refuse_inspected_unit()`,
    );
    clock.advance(60_000);
    try {
      const response = await call('POST', `/api/inspector/assignments/${a.id}/submit`, { units });
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_inspected_unit on equipment`);
    }
    const [inspectionAfter] = await ctx.db
      .select()
      .from(inspections)
      .where(eq(inspections.assignmentId, a.id));
    expect(inspectionAfter).toEqual(inspectionBefore);
    expect(inspectionAfter!.status).toBe('in_progress');
    expect(
      await ctx.db
        .select()
        .from(inspectionUnits)
        .where(eq(inspectionUnits.inspectionId, inspectionBefore!.id)),
    ).toHaveLength(0);
    const [assignmentAfter] = await ctx.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(assignmentAfter).toEqual(assignmentBefore);
    expect(await ctx.db.select().from(equipment).where(inArray(equipment.id, unitIds))).toEqual(unitsBefore);
    const notificationsAfter = await countOf(notifications);
    expect(notificationsAfter).toBe(notificationsBefore);
    const auditsAfter = await countOf(auditEvents);
    expect(auditsAfter).toBe(auditsAfterUploads);
    expect(auditsAfterUploads).toBe(auditsBefore + 4); // the four uploads only

    // With the fault gone the same answers go through.
    const retried = await call('POST', `/api/inspector/assignments/${a.id}/submit`, { units });
    expect(retried.statusCode, retried.body).toBe(200);
  });

  // ------------------------------------------------------------------ uploads

  it('stores a real image re-encoded as WebP and refuses what is not an image', async () => {
    const big = multipartFile(await png(3000, 2000), 'big.png', 'image/png');
    let response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inspector/uploads',
      headers: { authorization: inspector.token, ...big.headers },
      payload: big.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const url = response.json().url as string;
    expect(url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.webp$/);
    // Served like every stored file: by its unguessable name (an <img src> cannot send a token).
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 1067]);
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'inspection.file_uploaded'),
          eq(auditEvents.entityId, url.split('/').pop()!),
        ),
      )
      .orderBy(auditEvents.id);
    expect(audit!.actorId).toBe(inspector.id);

    const fake = multipartFile(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'photo.png',
      'image/png',
    );
    response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inspector/uploads',
      headers: { authorization: inspector.token, ...fake.headers },
      payload: fake.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(fields(response)).toEqual(['file']);
    const huge = multipartFile(Buffer.alloc(INSPECTION_UPLOAD_MAX_BYTES + 1024), 'huge.jpg', 'image/jpeg');
    response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inspector/uploads',
      headers: { authorization: inspector.token, ...huge.headers },
      payload: huge.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The image must be at most 10 MB');
    response = await ctx.app.inject({
      method: 'POST',
      url: '/api/inspector/uploads',
      headers: { authorization: inspector.token, 'content-type': 'application/json' },
      payload: { url: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  // ------------------------------------------------------------------ notifications

  it('tells the inspector when an assignment is created, rescheduled, reassigned or cancelled', async () => {
    const a = await assign();
    const link = `/inspector/assignments/${a.id}`;
    const latest = async (userId: number) => {
      const rows = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(sql`${notifications.id} desc`)
        .limit(1);
      return rows[0];
    };
    expect(await latest(inspector.id)).toMatchObject({
      type: 'assignment.created',
      title: expect.stringMatching(/^New assignment: Orion Mall/),
      link,
    });
    const url = `/api/auth/assignments/update/admin/${a.id}`;
    await call('PUT', url, { dueOn: '2026-06-22' }, adminToken);
    expect(await latest(inspector.id)).toMatchObject({
      type: 'assignment.rescheduled',
      body: expect.stringContaining('due on 2026-06-22'),
      link,
    });
    const before = (await notificationsOf(inspector.id, 'assignment.created')).length;
    await call('PUT', url, { priority: 'urgent' }, adminToken);
    expect((await latest(inspector.id))!.type).toBe('assignment.rescheduled');
    await call('PUT', url, { inspectorId: otherInspector.id }, adminToken);
    expect(await latest(inspector.id)).toMatchObject({
      type: 'assignment.cancelled',
      title: expect.stringMatching(/^Assignment moved/),
      link: '/inspector',
    });
    expect(await latest(otherInspector.id)).toMatchObject({ type: 'assignment.created', link });
    await call('PUT', url, { status: 'cancelled', cancelReason: 'Client postponed' }, adminToken);
    expect(await latest(otherInspector.id)).toMatchObject({
      type: 'assignment.cancelled',
      body: expect.stringContaining('Client postponed'),
      link,
    });
    expect((await notificationsOf(inspector.id, 'assignment.created')).length).toBe(before);
    expect(await notificationsOf(adminId, 'assignment.created')).toHaveLength(0);
  });

  it('announces an overdue assignment once to the administrators and its inspector (the default escalation rule)', async () => {
    const overdue = await assign({ scheduledFor: '2026-06-01', dueOn: '2026-06-14' });
    const dueToday = await assign({ scheduledFor: '2026-06-01', dueOn: '2026-06-15' });
    const job = ctx.app.services.escalation;
    await Promise.all([job.runOnce(), job.runOnce()]);
    await job.runOnce();
    const mine = await notificationsOf(inspector.id, 'assignment.overdue');
    expect(mine.filter((n) => n.link === `/inspector/assignments/${overdue.id}`)).toHaveLength(1);
    expect(mine.filter((n) => n.link === `/inspector/assignments/${dueToday.id}`)).toHaveLength(0);
    const claims = await ctx.db
      .select({ kind: notificationDispatch.kind })
      .from(notificationDispatch)
      .where(eq(notificationDispatch.objectId, overdue.id))
      .orderBy(notificationDispatch.kind);
    // One claim per step: the rule "overdue by 0 days → admins and inspector" for this due date.
    expect(claims.map((c) => c.kind)).toEqual([
      'escalation:assignment_overdue:assignment-overdue:2026-06-14',
    ]);
    const claimed = (
      await ctx.db
        .select({ id: notificationDispatch.objectId, kind: notificationDispatch.kind })
        .from(notificationDispatch)
    )
      .filter((c) => c.kind.startsWith('escalation:assignment_overdue:assignment-overdue:'))
      .map((c) => c.id);
    expect(claimed).toContain(overdue.id);
    expect(claimed).not.toContain(dueToday.id);
    for (const id of [adminId, otherAdminId]) {
      const notes = await notificationsOf(id, 'assignment.overdue');
      // One per claimed assignment: nothing announced twice.
      expect(notes).toHaveLength(claimed.length);
      expect(notes).toContainEqual(
        expect.objectContaining({
          title: expect.stringMatching(/^Assignment overdue: Orion Mall/),
          body: expect.stringContaining('was due on 2026-06-14'),
          link: `/dashboard/inspection-management?tab=overdue&site=${siteId}`,
        }),
      );
    }
    expect(await notificationsOf(inactiveAdminId, 'assignment.overdue')).toHaveLength(0);
    expect(
      await notificationsOf(otherInspector.id, 'assignment.overdue').then((r) =>
        r.filter((n) => n.link === `/inspector/assignments/${overdue.id}`),
      ),
    ).toHaveLength(0);

    // The next day the other one is overdue too; the first is not announced again.
    clock.advance(86_400_000);
    await job.runOnce();
    const after = await notificationsOf(inspector.id, 'assignment.overdue');
    expect(after.filter((n) => n.link === `/inspector/assignments/${overdue.id}`)).toHaveLength(1);
    expect(after.filter((n) => n.link === `/inspector/assignments/${dueToday.id}`)).toHaveLength(1);
    clock.advance(-86_400_000);
  });
});
