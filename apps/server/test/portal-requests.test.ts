import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentEquipment,
  assignments,
  auditEvents,
  correctiveActions,
  equipment,
  inspectionRequests,
  notifications,
  sites,
} from '../src/db/schema.js';
import { insertUnit } from './helpers/equipment-fixtures.js';
import {
  api,
  assignUnits,
  type MaintenanceWorld,
  maintenanceWorld,
  submitAnswers,
} from './helpers/maintenance-fixtures.js';
import { multipartForm } from './helpers/multipart.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

interface Client {
  id: number;
  token: string;
  siteId: number;
  unitIds: number[];
}

describe('client portal: requests, corrective actions and notifications', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let w: MaintenanceWorld;
  let a: Client;
  let b: Client;

  const notificationsOf = (userId: number, type: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  async function client(company: string, siteId?: number): Promise<Client> {
    const user = await insertUser(ctx.db, { userType: 'client', company, firstName: company });
    const token = await tokenFor(ctx.app, user);
    let id = siteId;
    if (id) await ctx.db.update(sites).set({ clientId: user.id }).where(eq(sites.id, id));
    else {
      const [site] = await ctx.db
        .insert(sites)
        .values({
          siteCode: `S-${randomBytes(3).toString('hex')}`,
          name: `${company} Tower`,
          clientId: user.id,
          status: 'active',
        })
        .returning();
      id = site!.id;
    }
    const units = siteId
      ? (await ctx.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.siteId, id))).map(
          (u) => u.id,
        )
      : [(await insertUnit(ctx.db, { siteId: id, equipmentTypeId: w.typeId, nextDueOn: '2026-12-31' })).id];
    return { id: user.id, token, siteId: id, unitIds: units };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    w = await maintenanceWorld(ctx);
    a = await client('Acme', w.siteId);
    b = await client('Borealis');
  });
  afterAll(() => ctx.close());

  const fileRequest = (token: string, body: Record<string, unknown>) =>
    api(ctx, 'POST', '/api/portal/requests', token, body);

  describe('requests', () => {
    it("offers the client's own sites and the active categories", async () => {
      const response = await api(ctx, 'GET', '/api/portal/request-options', a.token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.sites.map((s: { id: number }) => s.id)).toEqual([a.siteId]);
      expect(body.categories.map((c: { id: number }) => c.id)).toContain(w.categoryId);
    });

    it('files a request for some units, tells the administrators, and lists it newest first', async () => {
      const response = await fileRequest(a.token, {
        siteId: a.siteId,
        equipmentIds: [a.unitIds[0]],
        categoryId: w.categoryId,
        preferredDate: '2026-06-20',
        message: 'Annual check before the audit',
      });
      expect(response.statusCode, response.body).toBe(201);
      const { request, message } = response.json();
      expect(message).toBe('Request sent');
      expect(request).toMatchObject({
        status: 'open',
        site: { id: a.siteId },
        equipment: [{ id: a.unitIds[0] }],
        category: { id: w.categoryId },
        preferredDate: '2026-06-20',
        message: 'Annual check before the audit',
        declineReason: null,
        assignmentId: null,
        requestedBy: { id: a.id, name: 'Acme User' },
      });
      const told = await notificationsOf(w.admin.id, 'request.created');
      expect(told.at(-1)).toMatchObject({ link: '/dashboard/inspection-management?tab=requests' });
      const [audit] = await ctx.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'inspection_request.created'),
            eq(auditEvents.entityId, String(request.id)),
          ),
        )
        .orderBy(auditEvents.id);
      expect(audit).toMatchObject({ actorId: a.id });

      const second = await fileRequest(a.token, { siteId: a.siteId, message: 'Whole site please' });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().request).toMatchObject({ equipment: [], category: null, preferredDate: null });

      const list = (await api(ctx, 'GET', '/api/portal/requests', a.token)).json();
      expect(list.requests.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([
        second.json().request.id,
        request.id,
      ]);
      const open = (await api(ctx, 'GET', '/api/portal/requests?status=open', a.token)).json();
      expect(open.pagination.total).toBeGreaterThanOrEqual(2);
      // The other client sees none of them.
      expect((await api(ctx, 'GET', '/api/portal/requests', b.token)).json().requests).toEqual([]);
    });

    it('answers 400 naming the field: another client’s site, a unit elsewhere, a past date, no message', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ siteId: b.siteId, message: 'x' }, 'siteId'],
        [{ siteId: 999_999, message: 'x' }, 'siteId'],
        [{ siteId: a.siteId, equipmentIds: [b.unitIds[0]], message: 'x' }, 'equipmentIds'],
        [{ siteId: a.siteId, preferredDate: '2026-06-14', message: 'x' }, 'preferredDate'],
        [{ siteId: a.siteId, preferredDate: '2026-02-30', message: 'x' }, 'preferredDate'],
        [{ siteId: a.siteId, message: '   ' }, 'message'],
        [{ siteId: a.siteId, message: 'x'.repeat(2001) }, 'message'],
        [{ siteId: a.siteId, categoryId: 999_999, message: 'x' }, 'categoryId'],
      ];
      for (const [body, field] of cases) {
        const response = await fileRequest(a.token, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
        expect(response.body).not.toMatch(/at .*\.ts:\d+/);
      }
    });

    it('cancels an open request once (409 after), and another client’s or an unknown id is 404', async () => {
      const { request } = (await fileRequest(a.token, { siteId: a.siteId, message: 'Cancel me' })).json();
      expect((await api(ctx, 'POST', `/api/portal/requests/${request.id}/cancel`, b.token)).statusCode).toBe(
        404,
      );
      expect((await api(ctx, 'POST', '/api/portal/requests/999999/cancel', a.token)).statusCode).toBe(404);
      const cancelled = await api(ctx, 'POST', `/api/portal/requests/${request.id}/cancel`, a.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({
        request: { status: 'cancelled' },
        message: 'Request cancelled',
      });
      expect((await api(ctx, 'POST', `/api/portal/requests/${request.id}/cancel`, a.token)).statusCode).toBe(
        409,
      );
      // An administrator's route is not a client's.
      expect((await api(ctx, 'GET', '/api/inspection-requests', a.token)).statusCode).toBe(403);
    });
  });

  describe('the administrators schedule or decline', () => {
    const scheduleBody = (siteId: number, values: Record<string, unknown> = {}) => ({
      siteId,
      inspectorId: w.inspector.id,
      categoryId: w.categoryId,
      templateId: w.templateId,
      equipmentScope: 'selected',
      equipmentIds: [a.unitIds[0]],
      scheduledFor: '2026-06-20',
      dueOn: '2026-06-25',
      ...values,
    });

    it('lists open requests first, oldest first', async () => {
      const body = (await api(ctx, 'GET', '/api/inspection-requests?limit=100', w.admin.token)).json();
      const statuses = body.requests.map((r: { status: string }) => r.status);
      const firstClosed = statuses.findIndex((s: string) => s !== 'open');
      expect(firstClosed === -1 || statuses.slice(firstClosed).every((s: string) => s !== 'open')).toBe(true);
      const open = body.requests.filter((r: { status: string }) => r.status === 'open');
      const created = open.map((r: { createdAt: string }) => r.createdAt);
      expect([...created].sort()).toEqual(created);
      const searched = (
        await api(ctx, 'GET', `/api/inspection-requests?search=Borealis`, w.admin.token)
      ).json();
      expect(searched.requests).toEqual([]);
    });

    it('schedules: the assignment and the request in one transaction, the client told (only them)', async () => {
      const { request } = (
        await fileRequest(a.token, { siteId: a.siteId, equipmentIds: [a.unitIds[0]], message: 'Please' })
      ).json();
      const before = await ctx.db.select({ id: assignments.id }).from(assignments);

      // A bad body (inactive reference) and a different site both leave everything as it was.
      const wrongSite = await api(
        ctx,
        'POST',
        `/api/inspection-requests/${request.id}/schedule`,
        w.admin.token,
        scheduleBody(b.siteId),
      );
      expect(wrongSite.statusCode).toBe(400);
      expect(wrongSite.json().details[0].field).toBe('siteId');
      const badInspector = await api(
        ctx,
        'POST',
        `/api/inspection-requests/${request.id}/schedule`,
        w.admin.token,
        scheduleBody(a.siteId, { inspectorId: b.id }),
      );
      expect(badInspector.statusCode).toBe(400);
      expect(badInspector.json().details[0].field).toBe('inspectorId');
      const badDates = await api(
        ctx,
        'POST',
        `/api/inspection-requests/${request.id}/schedule`,
        w.admin.token,
        scheduleBody(a.siteId, { dueOn: '2026-06-01' }),
      );
      expect(badDates.statusCode).toBe(400);
      expect(badDates.json().details[0].field).toBe('dueOn');
      expect(await ctx.db.select({ id: assignments.id }).from(assignments)).toHaveLength(before.length);

      const response = await api(
        ctx,
        'POST',
        `/api/inspection-requests/${request.id}/schedule`,
        w.admin.token,
        scheduleBody(a.siteId),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { assignmentId } = response.json();
      expect(response.json()).toMatchObject({
        message: 'Request scheduled',
        request: { status: 'scheduled', assignmentId },
      });
      const [assignment] = await ctx.db.select().from(assignments).where(eq(assignments.id, assignmentId));
      expect(assignment).toMatchObject({
        siteId: a.siteId,
        inspectorId: w.inspector.id,
        dueOn: '2026-06-25',
      });
      const units = await ctx.db
        .select()
        .from(assignmentEquipment)
        .where(eq(assignmentEquipment.assignmentId, assignmentId));
      expect(units.map((u) => u.equipmentId)).toEqual([a.unitIds[0]]);
      const audits = await ctx.db
        .select({ action: auditEvents.action, after: auditEvents.after })
        .from(auditEvents)
        .where(inArray(auditEvents.action, ['inspection_request.scheduled', 'assignment.created']))
        .orderBy(auditEvents.id);
      expect(audits.some((e) => e.action === 'inspection_request.scheduled')).toBe(true);
      expect(
        audits.some(
          (e) =>
            e.action === 'assignment.created' &&
            (e.after as { source?: { inspectionRequestId?: number } }).source?.inspectionRequestId ===
              request.id,
        ),
      ).toBe(true);

      const told = await notificationsOf(a.id, 'request.updated');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ link: '/portal/requests' });
      expect(await notificationsOf(b.id, 'request.updated')).toHaveLength(0);
      expect(await notificationsOf(w.inspector.id, 'assignment.created')).not.toHaveLength(0);

      const again = await api(
        ctx,
        'POST',
        `/api/inspection-requests/${request.id}/schedule`,
        w.admin.token,
        scheduleBody(a.siteId),
      );
      expect(again.statusCode).toBe(409);
      expect(
        (
          await api(
            ctx,
            'POST',
            '/api/inspection-requests/999999/schedule',
            w.admin.token,
            scheduleBody(a.siteId),
          )
        ).statusCode,
      ).toBe(404);
    });

    it('writes neither the assignment nor the decision when a later step of the schedule fails', async () => {
      const { request } = (await fileRequest(a.token, { siteId: a.siteId, message: 'Roll me back' })).json();
      const before = await ctx.db.select({ id: assignments.id }).from(assignments);
      const service = ctx.app.services.notifications;
      const original = service.notify.bind(service);
      service.notify = async (tx, message) => {
        if (message.type === 'request.updated') throw new Error('boom');
        return original(tx, message);
      };
      try {
        const response = await api(
          ctx,
          'POST',
          `/api/inspection-requests/${request.id}/schedule`,
          w.admin.token,
          scheduleBody(a.siteId),
        );
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain('boom');
      } finally {
        service.notify = original;
      }
      expect(await ctx.db.select({ id: assignments.id }).from(assignments)).toHaveLength(before.length);
      const [row] = await ctx.db
        .select()
        .from(inspectionRequests)
        .where(eq(inspectionRequests.id, request.id));
      expect(row).toMatchObject({ status: 'open', assignmentId: null });
      // Cancelled here so the later tests' counts stay as they were.
      expect((await api(ctx, 'POST', `/api/portal/requests/${request.id}/cancel`, a.token)).statusCode).toBe(
        200,
      );
    });

    it('declines with a reason the client reads (400 without one)', async () => {
      const { request } = (await fileRequest(b.token, { siteId: b.siteId, message: 'Quote please' })).json();
      const empty = await api(ctx, 'POST', `/api/inspection-requests/${request.id}/decline`, w.admin.token, {
        reason: ' ',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details[0].field).toBe('reason');
      const response = await api(
        ctx,
        'POST',
        `/api/inspection-requests/${request.id}/decline`,
        w.admin.token,
        {
          reason: 'Already inspected last week',
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().request).toMatchObject({
        status: 'declined',
        declineReason: 'Already inspected last week',
      });
      const told = await notificationsOf(b.id, 'request.updated');
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain('Already inspected last week');
      expect(await notificationsOf(a.id, 'request.updated')).toHaveLength(1);
      const [row] = await ctx.db
        .select()
        .from(inspectionRequests)
        .where(eq(inspectionRequests.id, request.id));
      expect(row).toMatchObject({ decidedBy: w.admin.id });
      expect((await api(ctx, 'POST', `/api/portal/requests/${request.id}/cancel`, b.token)).statusCode).toBe(
        409,
      );
    });
  });

  describe('corrective actions at the client’s sites', () => {
    let actionId: number;
    let inspectionId: number;

    beforeAll(async () => {
      const assignmentId = await assignUnits(ctx, w, { equipmentIds: [a.unitIds[0]!] });
      const response = await submitAnswers(ctx, w.inspector.token, assignmentId, [
        { equipmentId: a.unitIds[0]!, gauge_ok: 'fail' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      inspectionId = response.json().inspection.id;
      const [action] = await ctx.db
        .select()
        .from(correctiveActions)
        .where(eq(correctiveActions.inspectionId, inspectionId));
      actionId = action!.id;
    });

    it('tells the site’s client (only) that the report is ready and an action opened', async () => {
      const ready = await notificationsOf(a.id, 'report.ready');
      expect(ready.at(-1)).toMatchObject({ link: `/portal/inspections/${inspectionId}` });
      const opened = await notificationsOf(a.id, 'action.opened_on_site');
      expect(opened.at(-1)).toMatchObject({ link: `/portal/actions/${actionId}` });
      expect(await notificationsOf(b.id, 'report.ready')).toHaveLength(0);
      expect(await notificationsOf(b.id, 'action.opened_on_site')).toHaveLength(0);
    });

    it('lists and shows them to their client, and answers 404 to another client', async () => {
      const list = await api(ctx, 'GET', '/api/portal/actions', a.token);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().actions).toEqual([
        expect.objectContaining({
          id: actionId,
          status: 'open',
          site: expect.objectContaining({ id: a.siteId }),
          equipment: expect.objectContaining({ id: a.unitIds[0] }),
          inspectionId,
          ownedByYou: false,
        }),
      ]);
      expect((await api(ctx, 'GET', '/api/portal/actions', b.token)).json().actions).toEqual([]);
      expect(
        (await api(ctx, 'GET', `/api/portal/actions?siteId=${b.siteId}`, a.token)).json().actions,
      ).toEqual([]);
      expect((await api(ctx, 'GET', `/api/portal/actions/${actionId}`, b.token)).statusCode).toBe(404);
      expect((await api(ctx, 'GET', '/api/portal/actions/999999', a.token)).statusCode).toBe(404);
      expect(
        (await api(ctx, 'POST', `/api/portal/actions/${actionId}/comments`, b.token, { body: 'Mine?' }))
          .statusCode,
      ).toBe(404);
    });

    it('shows the client its own comments and the staff’s shared ones, never internal ones', async () => {
      const internal = multipartForm({ body: 'Internal: supplier is late' }, []);
      const shared = multipartForm({ body: 'Parts ordered, fitting on Friday', visibleToClient: 'true' }, []);
      for (const form of [internal, shared]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/corrective-actions/${actionId}/comments`,
          headers: { authorization: w.admin.token, ...form.headers },
          payload: form.payload,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const bad = multipartForm({ body: 'x', visibleToClient: 'maybe' }, []);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/corrective-actions/${actionId}/comments`,
        headers: { authorization: w.admin.token, ...bad.headers },
        payload: bad.payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].field).toBe('visibleToClient');

      const mine = await api(ctx, 'POST', `/api/portal/actions/${actionId}/comments`, a.token, {
        body: 'Thanks, the site manager will be there',
      });
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json().comment).toMatchObject({ author: { id: a.id, role: 'you' } });
      const empty = await api(ctx, 'POST', `/api/portal/actions/${actionId}/comments`, a.token, { body: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details[0].field).toBe('body');

      const detail = (await api(ctx, 'GET', `/api/portal/actions/${actionId}`, a.token)).json().action;
      expect(
        detail.comments.map((c: { body: string; author: { role: string } }) => [c.author.role, c.body]),
      ).toEqual([
        ['staff', 'Parts ordered, fitting on Friday'],
        ['you', 'Thanks, the site manager will be there'],
      ]);
      expect(JSON.stringify(detail)).not.toContain('supplier is late');

      const admin = (await api(ctx, 'GET', `/api/corrective-actions/${actionId}`, w.admin.token)).json()
        .action;
      expect(admin.comments.map((c: { visibleToClient: boolean }) => c.visibleToClient)).toEqual([
        false,
        true,
        true,
      ]);
      expect(await notificationsOf(w.admin.id, 'action.client_commented')).not.toHaveLength(0);
    });

    it('takes evidence only from the client who owns the action; the owner must be the site’s client', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
        .png()
        .toBuffer();
      const evidence = (token: string) => {
        const form = multipartForm({ note: 'New gauge fitted' }, [
          { field: 'file', name: 'gauge.png', data: png, type: 'image/png' },
        ]);
        return ctx.app.inject({
          method: 'POST',
          url: `/api/portal/actions/${actionId}/evidence`,
          headers: { authorization: token, ...form.headers },
          payload: form.payload,
        });
      };
      const notOwner = await evidence(a.token);
      expect(notOwner.statusCode).toBe(403);
      expect(notOwner.json().message).toMatch(/owner/);
      expect((await evidence(b.token)).statusCode).toBe(404);

      const otherClient = await api(ctx, 'PATCH', `/api/corrective-actions/${actionId}`, w.admin.token, {
        ownerId: b.id,
      });
      expect(otherClient.statusCode).toBe(400);
      expect(otherClient.json().details[0].field).toBe('ownerId');
      const owner = await api(ctx, 'PATCH', `/api/corrective-actions/${actionId}`, w.admin.token, {
        ownerId: a.id,
      });
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().action.owner).toMatchObject({ id: a.id, role: 'client' });
      const assigned = await notificationsOf(a.id, 'action.assigned');
      expect(assigned.at(-1)).toMatchObject({ link: `/portal/actions/${actionId}` });

      const uploaded = await evidence(a.token);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(uploaded.json()).toMatchObject({
        message: 'Evidence uploaded',
        comment: { body: 'New gauge fitted', author: { role: 'you' } },
      });
      expect(uploaded.json().comment.photos).toHaveLength(1);
      const noFile = multipartForm({ note: 'No photo' }, []);
      const missing = await ctx.app.inject({
        method: 'POST',
        url: `/api/portal/actions/${actionId}/evidence`,
        headers: { authorization: a.token, ...noFile.headers },
        payload: noFile.payload,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details[0].field).toBe('file');
      const list = (await api(ctx, 'GET', '/api/portal/actions', a.token)).json();
      expect(list.actions[0].ownedByYou).toBe(true);
      const [audit] = await ctx.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'corrective_action.evidence_uploaded'), eq(auditEvents.actorId, a.id)),
        )
        .orderBy(auditEvents.id);
      expect(audit).toBeDefined();
    });

    it('tells a client owner of an overdue action with the portal link, the administrators with theirs', async () => {
      await ctx.app.services.escalation.runOnce(new Date('2026-06-30T06:00:00Z'));
      const overdue = await notificationsOf(a.id, 'action.overdue');
      expect(overdue).toHaveLength(1);
      expect(overdue[0]).toMatchObject({ link: `/portal/actions/${actionId}` });
      expect(await notificationsOf(b.id, 'action.overdue')).toHaveLength(0);
    });
  });

  describe('site.overdue', () => {
    it('tells the site’s client once a day when units became overdue, and no other client', async () => {
      await insertUnit(ctx.db, { siteId: b.siteId, equipmentTypeId: w.typeId, nextDueOn: '2026-06-13' });
      const job = ctx.app.services.escalation;
      await job.runOnce(new Date('2026-06-15T06:00:00Z'));
      const told = await notificationsOf(b.id, 'site.overdue');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ link: `/portal/sites/${b.siteId}` });
      expect(await notificationsOf(a.id, 'site.overdue')).toHaveLength(0);

      // Another unit falls due the same day: no second notice today, one tomorrow.
      await insertUnit(ctx.db, { siteId: b.siteId, equipmentTypeId: w.typeId, nextDueOn: '2026-06-14' });
      await job.runOnce(new Date('2026-06-15T12:00:00Z'));
      expect(await notificationsOf(b.id, 'site.overdue')).toHaveLength(1);
      await job.runOnce(new Date('2026-06-16T06:00:00Z'));
      expect(await notificationsOf(b.id, 'site.overdue')).toHaveLength(2);
      // Nothing new: nothing more.
      await job.runOnce(new Date('2026-06-17T06:00:00Z'));
      expect(await notificationsOf(b.id, 'site.overdue')).toHaveLength(2);
    });
  });
});
