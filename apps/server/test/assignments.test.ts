import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentEquipment,
  assignments,
  auditEvents,
  inspectionCategories,
  templates,
  templateVersions,
} from '../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './helpers/equipment-fixtures.js';
import { createTestApp, FakeClock, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('assignments: /api/auth/...assignments...', () => {
  let ctx: TestContext;
  let admin: string;
  let inspectorToken: string;
  let inspectorId: number;
  let otherInspectorId: number;
  let inactiveInspectorId: number;
  let adminId: number;
  let categoryId: number;
  let otherCategoryId: number;
  let templateId: number;
  let draftTemplateId: number;
  let archivedTemplateId: number;
  let siteId: number;
  let otherSiteId: number;
  let draftSiteId: number;
  let unitIds: number[];
  let foreignUnitId: number;
  let retiredUnitId: number;
  const clock = new FakeClock(new Date('2026-06-15T10:00:00Z'));

  async function insertTemplate(status: 'draft' | 'published' | 'archived', category: number, version = 3) {
    const [row] = await ctx.db
      .insert(templates)
      .values({
        name: uniq('Template'),
        categoryId: category,
        status,
        publishedVersion: status === 'draft' ? null : version,
        archivedAt: status === 'archived' ? new Date() : null,
      })
      .returning();
    await ctx.db.insert(templateVersions).values({
      templateId: row!.id,
      version: status === 'draft' ? 1 : version,
      status: status === 'draft' ? 'draft' : 'published',
      content: { sections: [] },
    });
    return row!.id;
  }

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const adminUser = await insertUser(ctx.db, { userType: 'admin' });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    const inspector = await insertUser(ctx.db, {
      userType: 'inspector',
      firstName: 'Ravi',
      lastName: 'Menon',
    });
    inspectorId = inspector.id;
    inspectorToken = await tokenFor(ctx.app, inspector);
    otherInspectorId = (
      await insertUser(ctx.db, { userType: 'inspector', firstName: 'Meera', lastName: 'Iyer' })
    ).id;
    inactiveInspectorId = (await insertUser(ctx.db, { userType: 'inspector', status: 'inactive' })).id;
    const [category] = await ctx.db
      .insert(inspectionCategories)
      .values({ name: uniq('Routine'), colour: 'blue' })
      .returning();
    categoryId = category!.id;
    const [other] = await ctx.db
      .insert(inspectionCategories)
      .values({ name: uniq('Annual'), colour: 'teal' })
      .returning();
    otherCategoryId = other!.id;
    templateId = await insertTemplate('published', categoryId);
    draftTemplateId = await insertTemplate('draft', categoryId);
    archivedTemplateId = await insertTemplate('archived', categoryId);
    siteId = (await insertSite(ctx.db, { name: uniq('Orion Mall') })).id;
    otherSiteId = (await insertSite(ctx.db)).id;
    draftSiteId = (await insertSite(ctx.db, { status: 'draft' })).id;
    const type = await insertType(ctx.db);
    unitIds = [];
    for (let i = 0; i < 3; i++)
      unitIds.push((await insertUnit(ctx.db, { siteId, equipmentTypeId: type.id })).id);
    retiredUnitId = (await insertUnit(ctx.db, { siteId, equipmentTypeId: type.id, status: 'retired' })).id;
    foreignUnitId = (await insertUnit(ctx.db, { siteId: otherSiteId, equipmentTypeId: type.id })).id;
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const valid = () => ({
    siteId,
    inspectorId,
    categoryId,
    templateId,
    equipmentScope: 'all',
    scheduledFor: '2026-06-16',
    dueOn: '2026-06-20',
    priority: 'high',
    notes: 'Carry the ladder',
  });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/auth/create/assignments/admin', { ...valid(), ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().assignment;
  };

  const fields = (response: { json(): { details?: { field: string }[] } }) =>
    (response.json().details ?? []).map((d) => d.field).sort();

  it('creates an assignment pinning the published version and taking every unit not retired', async () => {
    const assignment = await create();
    expect(assignment).toMatchObject({
      status: 'assigned',
      overdue: false,
      priority: 'high',
      scheduledFor: '2026-06-16',
      dueOn: '2026-06-20',
      notes: 'Carry the ladder',
      site: { id: siteId },
      inspector: { id: inspectorId, name: 'Ravi Menon' },
      category: { id: categoryId },
      template: { id: templateId, version: 3 },
    });
    expect(assignment.equipment.map((u: { id: number }) => u.id).sort()).toEqual([...unitIds].sort());
    expect(assignment.equipment.map((u: { id: number }) => u.id)).not.toContain(retiredUnitId);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'assignment'), eq(auditEvents.entityId, String(assignment.id))))
      .orderBy(auditEvents.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'assignment.created', actorId: adminId });
  });

  it('creates an assignment for a chosen subset of the site units', async () => {
    const assignment = await create({ equipmentScope: 'selected', equipmentIds: [unitIds[1], unitIds[1]] });
    expect(assignment.equipment.map((u: { id: number }) => u.id)).toEqual([unitIds[1]]);
  });

  it('names every missing required field', async () => {
    const response = await call('POST', '/api/auth/create/assignments/admin', {});
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual(
      expect.arrayContaining(['categoryId', 'dueOn', 'inspectorId', 'scheduledFor', 'siteId', 'templateId']),
    );
  });

  it.each([
    ['a due date before the scheduled date', () => ({ dueOn: '2026-06-10' }), 'dueOn'],
    ['an inactive (draft) site', () => ({ siteId: draftSiteId }), 'siteId'],
    ['a missing site', () => ({ siteId: 999999 }), 'siteId'],
    ['an inactive inspector', () => ({ inspectorId: inactiveInspectorId }), 'inspectorId'],
    ['an administrator as inspector', () => ({ inspectorId: adminId }), 'inspectorId'],
    ['a draft template', () => ({ templateId: draftTemplateId }), 'templateId'],
    ['an archived template', () => ({ templateId: archivedTemplateId }), 'templateId'],
    ['a template of another category', () => ({ categoryId: otherCategoryId }), 'templateId'],
    [
      'a unit of another site',
      () => ({ equipmentScope: 'selected', equipmentIds: [foreignUnitId] }),
      'equipmentIds',
    ],
    [
      'a selected scope with no units',
      () => ({ equipmentScope: 'selected', equipmentIds: [] }),
      'equipmentIds',
    ],
    ['an unknown priority', () => ({ priority: 'whenever' }), 'priority'],
  ])('refuses %s, naming the field', async (_label, overrides, field) => {
    const response = await call('POST', '/api/auth/create/assignments/admin', { ...valid(), ...overrides() });
    expect(response.statusCode, response.body).toBe(400);
    expect(fields(response)).toContain(field);
  });

  it('a refused create writes nothing', async () => {
    const before = await ctx.db.select().from(assignments);
    await call('POST', '/api/auth/create/assignments/admin', { ...valid(), templateId: draftTemplateId });
    expect(await ctx.db.select().from(assignments)).toHaveLength(before.length);
  });

  it('writes nothing when the audit event cannot be written (one transaction)', async () => {
    const existing = await create();
    const [assignmentsBefore, unitsBefore] = await Promise.all([
      ctx.db.select().from(assignments),
      ctx.db.select().from(assignmentEquipment),
    ]);
    await ctx.db.execute(sql`create or replace function refuse_assignment_audit() returns trigger language plpgsql as $$
      begin
        if new.entity_type = 'assignment' then raise exception 'audit refused for the test'; end if;
        return new;
      end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_assignment_audit before insert on audit_events for each row execute function refuse_assignment_audit()`,
    );
    try {
      const created = await call('POST', '/api/auth/create/assignments/admin', valid());
      expect(created.statusCode).toBe(500);
      const updated = await call('PUT', `/api/auth/assignments/update/admin/${existing.id}`, {
        priority: 'low',
        equipmentIds: [unitIds[2]],
      });
      expect(updated.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_assignment_audit on audit_events`);
    }
    expect(await ctx.db.select().from(assignments)).toHaveLength(assignmentsBefore.length);
    expect(await ctx.db.select().from(assignmentEquipment)).toHaveLength(unitsBefore.length);
    const [row] = await ctx.db.select().from(assignments).where(eq(assignments.id, existing.id));
    expect(row!.priority).toBe('high');
  });

  it('reschedules, reassigns and changes priority, auditing each change', async () => {
    const assignment = await create();
    const url = `/api/auth/assignments/update/admin/${assignment.id}`;
    let response = await call('PUT', url, { scheduledFor: '2026-06-18', dueOn: '2026-06-25' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Assignment rescheduled',
      assignment: { scheduledFor: '2026-06-18', dueOn: '2026-06-25' },
    });
    response = await call('PUT', url, { inspectorId: otherInspectorId, priority: 'urgent' });
    expect(response.json()).toMatchObject({
      message: 'Assignment reassigned',
      assignment: { inspector: { id: otherInspectorId }, priority: 'urgent' },
    });
    response = await call('PUT', url, { equipmentIds: [unitIds[0]] });
    expect(response.json().assignment.equipment.map((u: { id: number }) => u.id)).toEqual([unitIds[0]]);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'assignment'), eq(auditEvents.entityId, String(assignment.id))))
      .orderBy(auditEvents.id);
    expect(audit.map((a) => a.action).sort()).toEqual([
      'assignment.created',
      'assignment.reassigned',
      'assignment.rescheduled',
      'assignment.updated',
    ]);
    const reassigned = audit.find((a) => a.action === 'assignment.reassigned')!;
    expect(reassigned.before).toMatchObject({ inspectorId, priority: 'high' });
    expect(reassigned.after).toMatchObject({ inspectorId: otherInspectorId, priority: 'urgent' });
  });

  it('refuses an update that breaks a rule, naming the field', async () => {
    const assignment = await create();
    const url = `/api/auth/assignments/update/admin/${assignment.id}`;
    expect(fields(await call('PUT', url, { dueOn: '2026-06-01' }))).toEqual(['dueOn']);
    expect(fields(await call('PUT', url, { inspectorId: inactiveInspectorId }))).toEqual(['inspectorId']);
    expect(fields(await call('PUT', url, { equipmentIds: [foreignUnitId] }))).toEqual(['equipmentIds']);
    expect(fields(await call('PUT', url, { status: 'cancelled' }))).toEqual(['cancelReason']);
  });

  it('cancels with a reason; a cancelled or completed assignment cannot change (409)', async () => {
    const assignment = await create();
    const url = `/api/auth/assignments/update/admin/${assignment.id}`;
    const response = await call('PUT', url, { status: 'cancelled', cancelReason: 'Site closed for Diwali' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assignment).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Site closed for Diwali',
    });
    expect((await call('PUT', url, { priority: 'low' })).statusCode).toBe(409);

    const done = await create();
    await ctx.db
      .update(assignments)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(assignments.id, done.id));
    const conflict = await call('PUT', `/api/auth/assignments/update/admin/${done.id}`, {
      dueOn: '2026-07-01',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toMatch(/completed/);
  });

  it('answers 404 for an unknown assignment', async () => {
    expect(
      (await call('PUT', '/api/auth/assignments/update/admin/999999', { priority: 'low' })).statusCode,
    ).toBe(404);
  });

  it('lists active, overdue and filtered assignments with paging', async () => {
    const overdue = await create({ scheduledFor: '2026-06-01', dueOn: '2026-06-10' });
    const response = await call('GET', `/api/auth/get/active/assignments?site_id=${siteId}&limit=2`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.assigned_sites).toHaveLength(2);
    expect(body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(body.pagination.total).toBeGreaterThan(2);
    // Default order: due date first, so the overdue one leads.
    expect(body.assigned_sites[0]).toMatchObject({ id: overdue.id, overdue: true });
    expect(
      body.assigned_sites.every((a: { status: string }) => ['assigned', 'in_progress'].includes(a.status)),
    ).toBe(true);

    const onlyOverdue = (
      await call('GET', `/api/auth/get/active/assignments?overdue=true&site_id=${siteId}`)
    ).json();
    expect(onlyOverdue.assigned_sites.map((a: { id: number }) => a.id)).toEqual([overdue.id]);

    const cancelled = (await call('GET', `/api/auth/get/active/assignments?status=cancelled`)).json();
    expect(cancelled.assigned_sites.length).toBeGreaterThan(0);
    expect(cancelled.assigned_sites.every((a: { status: string }) => a.status === 'cancelled')).toBe(true);

    const byInspector = (
      await call('GET', `/api/auth/get/active/assignments?inspector_id=${otherInspectorId}&status=all`)
    ).json();
    expect(
      byInspector.assigned_sites.every(
        (a: { inspector: { id: number } }) => a.inspector.id === otherInspectorId,
      ),
    ).toBe(true);

    const searched = (await call('GET', '/api/auth/get/active/assignments?search=ravi%20men')).json();
    expect(searched.assigned_sites.length).toBeGreaterThan(0);
    expect(
      searched.assigned_sites.every(
        (a: { inspector: { name: string } }) => a.inspector.name === 'Ravi Menon',
      ),
    ).toBe(true);

    const sorted = (
      await call('GET', `/api/auth/get/active/assignments?site_id=${siteId}&sort=-priority`)
    ).json();
    const ranks = { urgent: 4, high: 3, normal: 2, low: 1 } as const;
    const seen = sorted.assigned_sites.map((a: { priority: keyof typeof ranks }) => ranks[a.priority]);
    expect(seen).toEqual([...seen].sort((a: number, b: number) => b - a));

    expect((await call('GET', '/api/auth/get/active/assignments?sort=bogus')).statusCode).toBe(400);
  });

  it('lists active inspectors with their open-assignment counts', async () => {
    const response = await call('GET', '/api/auth/inspectors');
    expect(response.statusCode).toBe(200);
    const list = response.json().inspectors as { id: number; openAssignments: number }[];
    const ids = list.map((i) => i.id);
    expect(ids).toContain(inspectorId);
    expect(ids).not.toContain(inactiveInspectorId);
    expect(ids).not.toContain(adminId);
    const open = await ctx.db.select().from(assignments).where(eq(assignments.inspectorId, inspectorId));
    expect(list.find((i) => i.id === inspectorId)!.openAssignments).toBe(
      open.filter((a) => a.status === 'assigned' || a.status === 'in_progress').length,
    );
  });

  it("fills the site page's assigned inspectors from open assignments", async () => {
    const response = await call('GET', `/api/auth/sites/full-details/${siteId}`);
    expect(response.statusCode, response.body).toBe(200);
    const names = response.json().site.assignedInspectors.map((i: { name: string }) => i.name);
    expect(names).toContain('Ravi Menon');
  });

  it('refuses to delete a unit or a site with open assignments; cancelled ones go with them', async () => {
    const type = await insertType(ctx.db);
    const site = await insertSite(ctx.db);
    const unit = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id });
    const spare = await insertUnit(ctx.db, { siteId: site.id, equipmentTypeId: type.id });
    const open = await create({ siteId: site.id });

    const unitDelete = await call('DELETE', `/api/auth/equipments/delete/${unit.id}`);
    expect(unitDelete.statusCode, unitDelete.body).toBe(409);
    expect(unitDelete.json().message).toMatch(/open assignment/);
    const siteDelete = await call('DELETE', `/api/auth/sites/delete/${site.id}`);
    expect(siteDelete.statusCode, siteDelete.body).toBe(409);
    expect(siteDelete.json().message).toMatch(/1 open assignment/);

    await call('PUT', `/api/auth/assignments/update/admin/${open.id}`, {
      status: 'cancelled',
      cancelReason: 'Planned by mistake',
    });
    expect((await call('DELETE', `/api/auth/equipments/delete/${spare.id}`)).statusCode).toBe(200);
    const after = (
      await call('GET', `/api/auth/get/active/assignments?status=cancelled&site_id=${site.id}`)
    ).json();
    expect(after.assigned_sites[0].equipment.map((u: { id: number }) => u.id)).toEqual([unit.id]);
    const deleted = await call('DELETE', `/api/auth/sites/delete/${site.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.db.select().from(assignments).where(eq(assignments.siteId, site.id))).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/auth/inspectors'],
    ['GET', '/api/auth/get/active/assignments'],
    ['POST', '/api/auth/create/assignments/admin'],
    ['PUT', '/api/auth/assignments/update/admin/1'],
  ] as const)('refuses an inspector on %s %s (403)', async (method, url) => {
    const response = await call(method, url, method === 'GET' ? undefined : valid(), inspectorToken);
    expect(response.statusCode).toBe(403);
  });

  it('refuses an anonymous caller (401)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/get/active/assignments' });
    expect(response.statusCode).toBe(401);
  });
});
