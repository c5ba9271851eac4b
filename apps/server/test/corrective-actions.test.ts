import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentEquipment,
  assignments,
  auditEvents,
  correctiveActions,
  inspections,
} from '../src/db/schema.js';
import {
  api,
  assignUnits,
  type MaintenanceWorld,
  maintenanceWorld,
  submitAnswers,
} from './helpers/maintenance-fixtures.js';
import { multipartForm } from './helpers/multipart.js';
import { createTestApp, FakeClock, type TestContext } from './helpers/test-app.js';

describe('corrective actions', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let w: MaintenanceWorld;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    w = await maintenanceWorld(ctx);
  });
  afterAll(() => ctx.close());

  const actionsOf = (inspectionId: number) =>
    ctx.db.select().from(correctiveActions).where(eq(correctiveActions.inspectionId, inspectionId));

  /** A submitted inspection with the given failures; answers its id and its actions. */
  async function failedInspection(
    units: Parameters<typeof submitAnswers>[3],
    remarks = 'Gauge needle stuck',
  ) {
    const assignmentId = await assignUnits(ctx, w);
    const response = await submitAnswers(ctx, w.inspector.token, assignmentId, units, remarks);
    expect(response.statusCode, response.body).toBe(200);
    const inspectionId = response.json().inspection.id as number;
    return { assignmentId, inspectionId, actions: await actionsOf(inspectionId) };
  }

  it('creates one action per failed item and unit in the submit, linked to the inspection, and links the detail to them', async () => {
    const [u1, u2] = w.unitIds as [number, number];
    const { inspectionId, actions } = await failedInspection([
      { equipmentId: u1, gauge_ok: 'fail', seal_intact: 'no' },
      { equipmentId: u2, seal_intact: 'no' },
    ]);
    expect(actions).toHaveLength(3);
    const keyed = actions.map((a) => `${a.equipmentId}:${a.itemKey}`).sort();
    expect(keyed).toEqual([`${u1}:gauge_ok`, `${u1}:seal_intact`, `${u2}:seal_intact`].sort());
    for (const a of actions) {
      expect(a).toMatchObject({
        status: 'open',
        source: 'inspection',
        siteId: w.siteId,
        remark: 'Gauge needle stuck',
        requiresEvidence: true,
        // normal priority: today + 14 days (the Settings default)
        dueOn: '2026-06-29',
      });
      expect(a.itemLabel).toMatch(/Gauge in green zone|Seal intact/);
    }
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'corrective_action.created'), eq(auditEvents.actorId, w.inspector.id)),
      )
      .orderBy(auditEvents.id);
    expect(audits.length).toBeGreaterThanOrEqual(3);

    const detail = (await api(ctx, 'GET', `/api/auth/inspections/${inspectionId}`, w.admin.token)).json();
    const unit1 = detail.inspection.units.find((u: { equipment: { id: number } }) => u.equipment.id === u1);
    const gauge = unit1.items.find((i: { key: string }) => i.key === 'gauge_ok');
    expect(gauge.actionId).toBe(actions.find((a) => a.equipmentId === u1 && a.itemKey === 'gauge_ok')!.id);
    const unit2 = detail.inspection.units.find((u: { equipment: { id: number } }) => u.equipment.id === u2);
    expect(unit2.items.find((i: { key: string }) => i.key === 'gauge_ok').actionId).toBeNull();
  });

  it('creates none for a passing inspection, and none when the submit rolls back', async () => {
    const passed = await failedInspection(w.unitIds.map((id) => ({ equipmentId: id })));
    expect(passed.actions).toHaveLength(0);

    // Make the last step of the action creation fail: the whole submit must roll back with it.
    const assignmentId = await assignUnits(ctx, w);
    const notifications = ctx.app.services.notifications;
    const original = notifications.notify.bind(notifications);
    notifications.notify = async (tx, message) => {
      if (message.type === 'action.created') throw new Error('boom');
      return original(tx, message);
    };
    try {
      const response = await submitAnswers(ctx, w.inspector.token, assignmentId, [
        { equipmentId: w.unitIds[0]!, gauge_ok: 'fail' },
        { equipmentId: w.unitIds[1]! },
      ]);
      expect(response.statusCode).toBe(500);
    } finally {
      notifications.notify = original;
    }
    const [assignment] = await ctx.db.select().from(assignments).where(eq(assignments.id, assignmentId));
    expect(assignment!.status).toBe('assigned');
    const rows = await ctx.db.select().from(inspections).where(eq(inspections.assignmentId, assignmentId));
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(0);
    const all = await ctx.db
      .select({ id: correctiveActions.id, inspectionId: correctiveActions.inspectionId })
      .from(correctiveActions);
    expect(all.every((a) => !rows.some((r) => r.id === a.inspectionId))).toBe(true);
  });

  it('lets an inspector see and move only the actions they own', async () => {
    const { actions } = await failedInspection([
      { equipmentId: w.unitIds[0]!, gauge_ok: 'fail' },
      { equipmentId: w.unitIds[1]! },
    ]);
    const id = actions[0]!.id;
    // Unowned: not visible to any inspector.
    expect((await api(ctx, 'GET', `/api/corrective-actions/${id}`, w.inspector.token)).statusCode).toBe(404);
    const own = await api(ctx, 'PATCH', `/api/corrective-actions/${id}`, w.admin.token, {
      ownerId: w.inspector.id,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().action.owner).toMatchObject({ id: w.inspector.id, role: 'inspector' });

    const mine = (await api(ctx, 'GET', '/api/corrective-actions?view=all', w.inspector.token)).json();
    expect(mine.actions.map((a: { id: number }) => a.id)).toEqual([id]);
    // Asking for someone else's list still answers only their own.
    const forced = (
      await api(ctx, 'GET', `/api/corrective-actions?owner_id=${w.admin.id}`, w.inspector.token)
    ).json();
    expect(forced.actions.map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await api(ctx, 'GET', '/api/corrective-actions', w.otherInspector.token)).json().actions).toEqual(
      [],
    );
    expect((await api(ctx, 'GET', `/api/corrective-actions/${id}`, w.otherInspector.token)).statusCode).toBe(
      404,
    );
    expect(
      (
        await api(ctx, 'POST', `/api/corrective-actions/${id}/status`, w.otherInspector.token, {
          status: 'in_progress',
        })
      ).statusCode,
    ).toBe(404);

    const detail = (await api(ctx, 'GET', `/api/corrective-actions/${id}`, w.inspector.token)).json().action;
    expect(detail.allowedTransitions).toEqual(['in_progress', 'resolved']);
    expect(detail.canRequestReinspection).toBe(false);
    const progress = await api(ctx, 'POST', `/api/corrective-actions/${id}/status`, w.inspector.token, {
      status: 'in_progress',
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const cancel = await api(ctx, 'POST', `/api/corrective-actions/${id}/status`, w.inspector.token, {
      status: 'cancelled',
      reason: 'Not mine to cancel',
    });
    expect(cancel.statusCode).toBe(403);
    expect(
      (await api(ctx, 'PATCH', `/api/corrective-actions/${id}`, w.inspector.token, { title: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await api(ctx, 'POST', `/api/corrective-actions/${id}/reinspection`, w.inspector.token, {
          inspectorId: w.inspector.id,
        })
      ).statusCode,
    ).toBe(403);

    const history = (await api(ctx, 'GET', `/api/corrective-actions/${id}`, w.admin.token)).json().action
      .history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['created', 'updated', 'status']);
    expect(history[1].changes.ownerId).toEqual({ from: null, to: w.inspector.id });
    expect(history[2].actor).toMatchObject({ id: w.inspector.id });
  });

  it('enforces the status rules: evidence, reasons and allowed moves', async () => {
    const { actions } = await failedInspection([
      { equipmentId: w.unitIds[0]!, seal_intact: 'no' },
      { equipmentId: w.unitIds[1]! },
    ]);
    const url = `/api/corrective-actions/${actions[0]!.id}/status`;
    const move = (body: object) => api(ctx, 'POST', url, w.admin.token, body);
    expect((await move({ status: 'verified' })).statusCode).toBe(409); // open → verified is no transition
    expect((await move({ status: 'resolved' })).statusCode).toBe(200);
    const verify = await move({ status: 'verified' });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().message).toMatch(/re-inspection/);
    const cancel = await move({ status: 'cancelled' });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().details[0].field).toBe('reason');
    expect((await move({ status: 'cancelled', reason: 'Duplicate' })).json().action).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Duplicate',
    });
    expect((await move({ status: 'resolved' })).statusCode).toBe(409);
    expect((await move({ status: 'open' })).json().action.status).toBe('open');

    // Without the evidence rule an administrator verifies it.
    await api(ctx, 'PATCH', `/api/corrective-actions/${actions[0]!.id}`, w.admin.token, {
      requiresEvidence: false,
    });
    await move({ status: 'resolved' });
    const verified = await move({ status: 'verified' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().action).toMatchObject({ status: 'verified', allowedTransitions: [] });
    expect(
      (await api(ctx, 'PATCH', `/api/corrective-actions/${actions[0]!.id}`, w.admin.token, { title: 'Late' }))
        .statusCode,
    ).toBe(409);
  });

  it('closes an action by itself when its re-inspection passes, and keeps it open with a note when it fails again', async () => {
    const [u1, u2] = w.unitIds as [number, number];
    const { inspectionId, actions } = await failedInspection([
      { equipmentId: u1, gauge_ok: 'fail' },
      { equipmentId: u2, gauge_ok: 'fail' },
    ]);
    const first = actions.find((a) => a.equipmentId === u1)!;
    const second = actions.find((a) => a.equipmentId === u2)!;

    const request = await api(
      ctx,
      'POST',
      `/api/corrective-actions/${first.id}/reinspection`,
      w.admin.token,
      {
        inspectorId: w.otherInspector.id,
      },
    );
    expect(request.statusCode, request.body).toBe(200);
    const action = request.json().action;
    expect(action.status).toBe('in_progress');
    const assignmentId = action.reinspections[0].assignmentId as number;
    const [assignment] = await ctx.db.select().from(assignments).where(eq(assignments.id, assignmentId));
    const [original] = await ctx.db.select().from(inspections).where(eq(inspections.id, inspectionId));
    expect(assignment).toMatchObject({
      templateId: original!.templateId,
      templateVersion: original!.templateVersion,
      inspectorId: w.otherInspector.id,
    });
    const units = await ctx.db
      .select()
      .from(assignmentEquipment)
      .where(eq(assignmentEquipment.assignmentId, assignmentId));
    expect(units.map((u) => u.equipmentId)).toEqual([u1]);
    // A second request while one is open is a conflict.
    expect(
      (
        await api(ctx, 'POST', `/api/corrective-actions/${first.id}/reinspection`, w.admin.token, {
          inspectorId: w.inspector.id,
        })
      ).statusCode,
    ).toBe(409);

    const passed = await submitAnswers(ctx, w.otherInspector.token, assignmentId, [{ equipmentId: u1 }]);
    expect(passed.statusCode, passed.body).toBe(200);
    const closed = (await api(ctx, 'GET', `/api/corrective-actions/${first.id}`, w.admin.token)).json()
      .action;
    expect(closed).toMatchObject({ status: 'verified', reinspectionNote: null });
    expect(closed.reinspections[0]).toMatchObject({
      result: 'pass',
      status: 'completed',
      inspectionId: passed.json().inspection.id,
    });
    expect(closed.history.at(-1)).toMatchObject({ action: 'reinspection_passed', actor: null });

    // The second fails again: still open, says so, and no second action for the same item.
    await api(ctx, 'POST', `/api/corrective-actions/${second.id}/status`, w.admin.token, {
      status: 'resolved',
    });
    const again = (
      await api(ctx, 'POST', `/api/corrective-actions/${second.id}/reinspection`, w.admin.token, {
        inspectorId: w.inspector.id,
      })
    ).json();
    const retry = again.action.reinspections[0].assignmentId as number;
    const failed = await submitAnswers(ctx, w.inspector.token, retry, [
      { equipmentId: u2, gauge_ok: 'fail' },
    ]);
    expect(failed.statusCode).toBe(200);
    expect(await actionsOf(failed.json().inspection.id)).toHaveLength(0);
    const open = (await api(ctx, 'GET', `/api/corrective-actions/${second.id}`, w.admin.token)).json().action;
    expect(open.status).toBe('open');
    expect(open.reinspectionNote).toMatch(/failed again/);
    expect(open.reinspections[0].result).toBe('fail');
    expect(open.canRequestReinspection).toBe(true);
  });

  it('takes comments with photos, re-encoded, and keeps them in order', async () => {
    const { actions } = await failedInspection([
      { equipmentId: w.unitIds[0]!, gauge_ok: 'fail' },
      { equipmentId: w.unitIds[1]! },
    ]);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = multipartForm({ body: 'Replaced the gauge' }, [
      { field: 'photos', name: 'gauge.png', data: png, type: 'image/png' },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/corrective-actions/${actions[0]!.id}/comments`,
      headers: { authorization: w.admin.token, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const comment = response.json().action.comments[0];
    expect(comment).toMatchObject({ body: 'Replaced the gauge', author: { id: w.admin.id } });
    expect(comment.photos).toHaveLength(1);
    const file = await api(ctx, 'GET', comment.photos[0], w.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/webp/);
    const empty = multipartForm({ body: '  ' }, []);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/corrective-actions/${actions[0]!.id}/comments`,
      headers: { authorization: w.admin.token, ...empty.headers },
      payload: empty.payload,
    });
    expect(refused.statusCode).toBe(400);
    const notImage = multipartForm({}, [
      { field: 'photos', name: 'x.png', data: Buffer.from('not an image'), type: 'image/png' },
    ]);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/corrective-actions/${actions[0]!.id}/comments`,
      headers: { authorization: w.admin.token, ...notImage.headers },
      payload: notImage.payload,
    });
    expect([400, 415]).toContain(bad.statusCode);
  });

  it('creates one by hand from an answer, once, and lists, counts, searches and exports them', async () => {
    const { inspectionId } = await failedInspection([
      { equipmentId: w.unitIds[0]!, gauge_ok: 'fail' },
      { equipmentId: w.unitIds[1]! },
    ]);
    const body = {
      inspectionId,
      equipmentId: w.unitIds[1]!,
      itemKey: 'seal_intact',
      priority: 'urgent',
      ownerId: w.otherInspector.id,
    };
    const created = await api(ctx, 'POST', '/api/corrective-actions', w.admin.token, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().action).toMatchObject({
      source: 'manual',
      priority: 'urgent',
      dueOn: '2026-06-17',
      itemLabel: 'Seal intact',
    });
    expect((await api(ctx, 'POST', '/api/corrective-actions', w.admin.token, body)).statusCode).toBe(409);
    const unknown = await api(ctx, 'POST', '/api/corrective-actions', w.admin.token, {
      ...body,
      itemKey: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('itemKey');

    const id = created.json().action.id as number;
    const search = (await api(ctx, 'GET', `/api/corrective-actions?search=%23${id}`, w.admin.token)).json();
    expect(search.actions.map((a: { id: number }) => a.id)).toContain(id);
    const bySeal = (
      await api(ctx, 'GET', '/api/corrective-actions?search=seal&view=open', w.admin.token)
    ).json();
    expect(bySeal.actions.every((a: { itemLabel: string; title: string }) => /seal/i.test(a.title))).toBe(
      true,
    );
    const urgent = (await api(ctx, 'GET', '/api/corrective-actions?priority=urgent', w.admin.token)).json();
    expect(urgent.actions.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(urgent.pagination).toMatchObject({ total: 1, page: 1 });

    // Moved to a past due date, it is overdue.
    await api(ctx, 'PATCH', `/api/corrective-actions/${id}`, w.admin.token, { dueOn: '2026-06-10' });
    const overdue = (await api(ctx, 'GET', '/api/corrective-actions?view=overdue', w.admin.token)).json();
    expect(overdue.actions.map((a: { id: number }) => a.id)).toContain(id);
    expect(overdue.actions.every((a: { overdue: boolean }) => a.overdue)).toBe(true);
    const counts = (
      await api(ctx, 'GET', `/api/corrective-actions/counts?equipment_id=${w.unitIds[1]}`, w.admin.token)
    ).json();
    const onUnit = (
      await ctx.db.select().from(correctiveActions).where(eq(correctiveActions.equipmentId, w.unitIds[1]!))
    ).filter((a) => a.status === 'open' || a.status === 'in_progress');
    expect(counts).toEqual({
      open: onUnit.length,
      overdue: onUnit.filter((a) => a.dueOn < '2026-06-15').length,
    });
    expect(counts.overdue).toBe(1);
    const home = (await api(ctx, 'GET', '/api/dashboard/data', w.admin.token)).json();
    expect(home.actions.overdue).toBeGreaterThanOrEqual(1);
    expect(home.actions.open).toBeGreaterThanOrEqual(home.actions.overdue);

    const csv = await api(
      ctx,
      'GET',
      '/api/corrective-actions/export?format=csv&priority=urgent',
      w.admin.token,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Seal intact');
    expect((await api(ctx, 'GET', '/api/corrective-actions/export', w.inspector.token)).statusCode).toBe(403);
  });
});
