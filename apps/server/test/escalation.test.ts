import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, correctiveActions, deliveryOutbox, notifications } from '../src/db/schema.js';
import { insertAssignment } from './helpers/dashboard-fixtures.js';
import { api, type MaintenanceWorld, maintenanceWorld } from './helpers/maintenance-fixtures.js';
import { createTestApp, FakeClock, type TestContext } from './helpers/test-app.js';

const DAY_MS = 86_400_000;

describe('escalation', () => {
  let ctx: TestContext;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));
  let w: MaintenanceWorld;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    w = await maintenanceWorld(ctx, { units: 1 });
  });
  afterAll(() => ctx.close());

  const of = (userId: number, type: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const at = (date: string) => new Date(`${date}T10:00:00Z`);

  it('has the default rules, refuses bad ones naming the field, and saves the due-date defaults', async () => {
    const settings = (await api(ctx, 'GET', '/api/settings/escalation', w.admin.token)).json().escalation;
    expect(settings.rules.map((r: { id: string }) => r.id)).toEqual([
      'assignment-reminder',
      'assignment-overdue',
      'assignment-overdue-client',
      'action-overdue-owner',
      'action-overdue-admins',
    ]);
    expect(settings.actionDueDays).toEqual({ low: 30, normal: 14, high: 7, urgent: 2 });
    const bad = await api(ctx, 'PUT', '/api/settings/escalation', w.admin.token, {
      rules: [{ id: 'x', trigger: 'action_overdue', days: 1, notify: ['client_contact'] }],
      actionDueDays: settings.actionDueDays,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('rules.0.notify.0');
    const twice = await api(ctx, 'PUT', '/api/settings/escalation', w.admin.token, {
      rules: [settings.rules[0], settings.rules[0]],
      actionDueDays: settings.actionDueDays,
    });
    expect(twice.json().details[0].field).toBe('rules.1.id');
    expect((await api(ctx, 'GET', '/api/settings/escalation', w.inspector.token)).statusCode).toBe(403);

    // Every rule on (the client email too), and 5 days for normal priority.
    const rules = settings.rules.map((r: object) => ({ ...r, enabled: true }));
    const saved = await api(ctx, 'PUT', '/api/settings/escalation', w.admin.token, {
      rules,
      actionDueDays: { ...settings.actionDueDays, normal: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().escalation.actionDueDays.normal).toBe(5);
    expect(await ctx.app.services.escalation.actionDueDays()).toMatchObject({ normal: 5 });
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.escalation_updated'))
      .orderBy(auditEvents.id);
    expect(audit).toHaveLength(1);
  });

  it('fires each step once per assignment, even with overlapping runs, and emails the client once', async () => {
    const refs = {
      siteId: w.siteId,
      inspectorId: w.inspector.id,
      categoryId: w.categoryId,
      templateId: w.templateId,
    };
    const soon = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2026-06-16' });
    const late = await insertAssignment(ctx.db, refs, { status: 'assigned', dueOn: '2026-06-05' });
    const job = ctx.app.services.escalation;

    const [a, b] = await Promise.all([job.runOnce(at('2026-06-15')), job.runOnce(at('2026-06-15'))]);
    expect(b).toBe(a); // overlapping calls in one process share the run
    const again = await job.runOnce(at('2026-06-15'));
    expect(again.filter((s) => s.objectType === 'assignment')).toEqual([]);
    const fired = a.filter((s) => s.objectType === 'assignment');
    // soon: reminded (due tomorrow, not started); late: overdue by 0 and by 7 days (10 days late).
    expect(fired.map((s) => `${s.ruleId}:${s.objectId}`).sort()).toEqual(
      [
        `assignment-reminder:${soon.id}`,
        `assignment-overdue:${late.id}`,
        `assignment-overdue-client:${late.id}`,
      ].sort(),
    );
    expect((await of(w.inspector.id, 'assignment.reminder')).map((n) => n.link)).toEqual([
      `/inspector/assignments/${soon.id}`,
    ]);
    expect(await of(w.admin.id, 'assignment.overdue')).toHaveLength(1);
    expect(await of(w.inspector.id, 'assignment.overdue')).toHaveLength(1);
    const mail = await ctx.db
      .select()
      .from(deliveryOutbox)
      .where(eq(deliveryOutbox.recipient, 'facilities@orion.example'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/Inspection overdue/);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'escalation.fired'),
          inArray(auditEvents.entityId, [String(soon.id), String(late.id)]),
        ),
      )
      .orderBy(auditEvents.id);
    expect(audits).toHaveLength(3);

    // Rescheduled (a new due date), the overdue step is armed again for it.
    await api(ctx, 'PUT', `/api/auth/assignments/update/admin/${late.id}`, w.admin.token, {
      dueOn: '2026-06-10',
    });
    const next = await job.runOnce(at('2026-06-15'));
    expect(next.filter((s) => s.objectId === late.id).map((s) => s.ruleId)).toEqual(['assignment-overdue']);
  });

  it('tells an overdue action’s owner, then the administrators M days later, each once', async () => {
    const [action] = await ctx.db
      .insert(correctiveActions)
      .values({
        title: 'Replace gauge',
        source: 'manual',
        siteId: w.siteId,
        ownerId: w.otherInspector.id,
        dueOn: '2026-06-14',
      })
      .returning();
    const job = ctx.app.services.escalation;
    const onDay = async (date: string) =>
      (await job.runOnce(at(date))).filter((s) => s.objectType === 'corrective_action').map((s) => s.ruleId);
    expect(await onDay('2026-06-15')).toEqual(['action-overdue-owner']);
    expect(await onDay('2026-06-16')).toEqual([]);
    expect(await onDay('2026-06-17')).toEqual([]);
    expect(await onDay('2026-06-18')).toEqual(['action-overdue-admins']);
    expect(await onDay('2026-06-19')).toEqual([]);
    expect(await of(w.otherInspector.id, 'action.overdue')).toHaveLength(1);
    expect((await of(w.admin.id, 'action.overdue')).map((n) => n.link)).toEqual([
      `/dashboard/inspection-management/actions/${action!.id}`,
    ]);
    // Resolved actions are never chased.
    await ctx.db
      .update(correctiveActions)
      .set({ status: 'resolved', dueOn: '2026-06-01' })
      .where(eq(correctiveActions.id, action!.id));
    expect(await onDay('2026-06-20')).toEqual([]);
  });

  it('runs on its interval once started, and stops', async () => {
    const refs = {
      siteId: w.siteId,
      inspectorId: w.otherInspector.id,
      categoryId: w.categoryId,
      templateId: w.templateId,
    };
    await insertAssignment(ctx.db, refs, { status: 'in_progress', dueOn: '2026-06-01' });
    const job = ctx.app.services.escalation;
    const before = (await of(w.otherInspector.id, 'assignment.overdue')).length;
    job.start(50);
    try {
      await expect
        .poll(async () => (await of(w.otherInspector.id, 'assignment.overdue')).length, { timeout: 5000 })
        .toBe(before + 1);
    } finally {
      await job.stop();
    }
    void DAY_MS;
  });
});
