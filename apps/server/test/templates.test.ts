import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, equipmentTypes, inspectionCategories, templateVersions } from '../src/db/schema.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** A checklist that satisfies every publishing rule. */
function validContent() {
  return {
    sections: [
      {
        key: 'visual',
        title: 'Visual checks',
        items: [
          { key: 'gauge_green', label: 'Pressure gauge in green zone', type: 'pass_fail' },
          {
            key: 'seal',
            label: 'Safety pin and tamper seal intact',
            type: 'yes_no_na',
            failWhen: { answers: ['no'] },
          },
          {
            key: 'hose',
            label: 'Hose and nozzle condition',
            type: 'select',
            options: ['Good', 'Cracked', 'Blocked'],
            failWhen: { options: ['Cracked', 'Blocked'] },
          },
        ],
      },
      {
        key: 'records',
        title: 'Measurements and records',
        items: [
          { key: 'weight', label: 'Gross weight', type: 'number', unit: 'kg', min: 5.7, max: 6.3 },
          { key: 'last_service', label: 'Last service date', type: 'date' },
          { key: 'photo', label: 'Photo of the unit', type: 'photo' },
          { key: 'signature', label: 'Inspector signature', type: 'signature' },
        ],
      },
    ],
  };
}

describe('templates API', () => {
  let ctx: TestContext;
  let admin: string;
  let adminId: number;
  let inspector: string;
  let categoryId: number;
  let inactiveCategoryId: number;
  let typeIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const adminUser = await insertUser(ctx.db, {
      userType: 'admin',
      firstName: 'Asha',
      lastName: 'Kulkarni',
    });
    adminId = adminUser.id;
    admin = await tokenFor(ctx.app, adminUser);
    inspector = await tokenFor(ctx.app, await insertUser(ctx.db, { userType: 'inspector' }));
    const [active, inactive] = await ctx.db
      .insert(inspectionCategories)
      .values([
        { name: 'Routine', colour: '#1f5fa6' },
        { name: 'Retired kind', colour: '#495057', active: false },
      ])
      .returning();
    categoryId = active!.id;
    inactiveCategoryId = inactive!.id;
    const types = await ctx.db
      .insert(equipmentTypes)
      .values([
        { name: 'Fire extinguisher, ABC 6 kg', category: 'Fire protection' },
        { name: 'Fire extinguisher, CO2 4.5 kg', category: 'Fire protection' },
        { name: 'Passenger lift', category: 'Lifts and escalators' },
      ])
      .returning();
    typeIds = types.map((t) => t.id);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function createTemplate(body: Record<string, unknown> = {}) {
    const response = await call('POST', '/api/templates', { name: unique('Extinguisher monthly'), ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().template;
  }

  async function publishedTemplate(body: Record<string, unknown> = {}) {
    const template = await createTemplate({ content: validContent(), ...body });
    const published = await call('POST', `/api/templates/${template.id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    return published.json().template;
  }

  const audit = (templateId: number) =>
    ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'template'), eq(auditEvents.entityId, String(templateId))))
      .orderBy(auditEvents.id);

  describe('create and read', () => {
    it('creates a draft version 1 with a starter section, linked to category and equipment types', async () => {
      const name = unique('Extinguisher monthly');
      const response = await call('POST', '/api/templates', {
        name,
        description: 'Monthly visual inspection',
        categoryId,
        equipmentTypeIds: [typeIds[0], typeIds[1], typeIds[0]],
        defaultForEquipmentTypeIds: [typeIds[0]],
      });
      expect(response.statusCode).toBe(201);
      const { template, message } = response.json();
      expect(message).toBe('Template created');
      expect(template).toMatchObject({
        name,
        description: 'Monthly visual inspection',
        status: 'draft',
        category: { id: categoryId, name: 'Routine', colour: '#1f5fa6', active: true },
        publishedVersion: null,
        draftVersion: 1,
        latestVersion: 1,
        sectionCount: 1,
        itemCount: 0,
        createdBy: { id: adminId, name: 'Asha Kulkarni' },
        current: {
          version: 1,
          status: 'draft',
          revision: 0,
          content: { sections: [{ key: 'general', title: 'General', items: [] }] },
        },
      });
      expect(template.equipmentTypes).toEqual([
        { id: typeIds[0], name: 'Fire extinguisher, ABC 6 kg', category: 'Fire protection', isDefault: true },
        {
          id: typeIds[1],
          name: 'Fire extinguisher, CO2 4.5 kg',
          category: 'Fire protection',
          isDefault: false,
        },
      ]);
      const [type] = await ctx.db.select().from(equipmentTypes).where(eq(equipmentTypes.id, typeIds[0]!));
      expect(type!.defaultTemplateId).toBe(template.id);

      const read = await call('GET', `/api/templates/${template.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().template).toEqual(template);
      const [event] = await audit(template.id);
      expect(event).toMatchObject({ action: 'template.created', actorId: adminId });
      expect(event!.after).toMatchObject({ name, categoryId, equipmentTypeIds: [typeIds[0], typeIds[1]] });
    });

    it('names every invalid field, unknown references and an inactive category', async () => {
      const empty = await call('POST', '/api/templates', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details.map((d: { field: string }) => d.field)).toEqual(['name']);

      const malformed = await call('POST', '/api/templates', {
        name: 'x'.repeat(121),
        categoryId: 'routine',
        equipmentTypeIds: 'all',
        content: {
          sections: [{ key: 'General', title: 'A', items: [{ key: 'a', label: 'A', type: 'slider' }] }],
        },
      });
      expect(malformed.statusCode).toBe(400);
      const fields = malformed.json().details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(
        expect.arrayContaining([
          'name',
          'categoryId',
          'equipmentTypeIds',
          'content.sections.0.key',
          'content.sections.0.items.0.type',
        ]),
      );

      const notLinked = await call('POST', '/api/templates', {
        name: unique('T'),
        equipmentTypeIds: [typeIds[0]],
        defaultForEquipmentTypeIds: [typeIds[1]],
      });
      expect(notLinked.statusCode).toBe(400);
      expect(notLinked.json().details).toEqual([
        {
          field: 'defaultForEquipmentTypeIds',
          message: 'A template can only be the default for equipment types it is linked to',
        },
      ]);

      const references = await call('POST', '/api/templates', {
        name: unique('T'),
        categoryId: 999_999,
        equipmentTypeIds: [typeIds[0], 999_998],
      });
      expect(references.statusCode).toBe(400);
      expect(references.json().details).toEqual([
        { field: 'categoryId', message: 'This inspection category does not exist' },
        { field: 'equipmentTypeIds', message: 'Equipment type 999998 does not exist' },
      ]);
      const inactive = await call('POST', '/api/templates', {
        name: unique('T'),
        categoryId: inactiveCategoryId,
      });
      expect(inactive.json().details).toEqual([
        { field: 'categoryId', message: 'The category “Retired kind” is inactive' },
      ]);
    });

    it('refuses a duplicate name in any case with 409', async () => {
      const first = await createTemplate();
      const again = await call('POST', '/api/templates', { name: first.name.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().details).toEqual([
        { field: 'name', message: 'A template with this name already exists' },
      ]);
      const other = await createTemplate();
      const rename = await call('PUT', `/api/templates/${other.id}`, { name: first.name });
      expect(rename.statusCode).toBe(409);
    });

    it('answers 404 for unknown templates and versions', async () => {
      expect((await call('GET', '/api/templates/999999')).statusCode).toBe(404);
      expect((await call('GET', '/api/templates/999999/versions')).statusCode).toBe(404);
      expect((await call('GET', '/api/templates/999999/versions/1')).json().message).toBe(
        'Template was not found',
      );
      const template = await createTemplate();
      const missing = await call('GET', `/api/templates/${template.id}/versions/7`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Version 7 of this template was not found');
      for (const [method, url] of [
        ['PUT', '/api/templates/999999/draft'],
        ['POST', '/api/templates/999999/publish'],
        ['POST', '/api/templates/999999/duplicate'],
        ['POST', '/api/templates/999999/archive'],
      ] as const) {
        const response = await call(method, url, method === 'PUT' ? { content: { sections: [] } } : {});
        expect(response.statusCode, url).toBe(404);
      }
    });
  });

  describe('details', () => {
    it('changes name, description, category and equipment types, moving the default, with an audit', async () => {
      const template = await createTemplate({
        categoryId,
        equipmentTypeIds: [typeIds[0], typeIds[1]],
        defaultForEquipmentTypeIds: [typeIds[0]],
      });
      const name = unique('Lift safety');
      const response = await call('PUT', `/api/templates/${template.id}`, {
        name,
        description: 'Half-yearly lift safety inspection',
        categoryId: null,
        equipmentTypeIds: [typeIds[2]],
        defaultForEquipmentTypeIds: [typeIds[2]],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Template details saved',
        template: {
          name,
          description: 'Half-yearly lift safety inspection',
          category: null,
          equipmentTypes: [{ id: typeIds[2], name: 'Passenger lift', isDefault: true }],
        },
      });
      const types = await ctx.db.select().from(equipmentTypes);
      expect(types.find((t) => t.id === typeIds[0])!.defaultTemplateId).not.toBe(template.id);
      expect(types.find((t) => t.id === typeIds[2])!.defaultTemplateId).toBe(template.id);
      const events = await audit(template.id);
      expect(events.at(-1)).toMatchObject({ action: 'template.updated' });
      expect(events.at(-1)!.before).toMatchObject({
        categoryId,
        equipmentTypeIds: [typeIds[0], typeIds[1]],
        defaultForEquipmentTypeIds: [typeIds[0]],
      });
      expect(events.at(-1)!.after).toMatchObject({ name, categoryId: null, equipmentTypeIds: [typeIds[2]] });
    });

    it('keeps an inactive category the template already had', async () => {
      const template = await createTemplate({ categoryId });
      await ctx.db
        .update(inspectionCategories)
        .set({ active: false })
        .where(eq(inspectionCategories.id, categoryId));
      try {
        const keep = await call('PUT', `/api/templates/${template.id}`, { name: template.name, categoryId });
        expect(keep.statusCode).toBe(200);
      } finally {
        await ctx.db
          .update(inspectionCategories)
          .set({ active: true })
          .where(eq(inspectionCategories.id, categoryId));
      }
    });
  });

  describe('drafts and publishing', () => {
    it('saves the draft, counting revisions, and refuses a stale revision with 409', async () => {
      const template = await createTemplate();
      const content = validContent();
      const saved = await call('PUT', `/api/templates/${template.id}/draft`, { content, revision: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().message).toBe('Draft of version 1 saved');
      expect(saved.json().template).toMatchObject({
        draftVersion: 1,
        sectionCount: 2,
        itemCount: 7,
        current: { version: 1, revision: 1, updatedBy: { id: adminId } },
      });
      expect(saved.json().template.current.content.sections[0].items[0]).toEqual({
        key: 'gauge_green',
        label: 'Pressure gauge in green zone',
        type: 'pass_fail',
        helpText: '',
        required: true,
      });

      const stale = await call('PUT', `/api/templates/${template.id}/draft`, { content, revision: 0 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().details[0].field).toBe('revision');
      const blind = await call('PUT', `/api/templates/${template.id}/draft`, { content });
      expect(blind.json().template.current.revision).toBe(2);

      const events = await audit(template.id);
      expect(events.filter((e) => e.action === 'template.draft_saved')).toHaveLength(2);
      expect(events.at(-2)!.before).toMatchObject({
        revision: 0,
        content: { sections: [{ key: 'general' }] },
      });
    });

    it('refuses malformed content when saving a draft, but accepts an incomplete one', async () => {
      const template = await createTemplate();
      const bad = await call('PUT', `/api/templates/${template.id}/draft`, {
        content: {
          sections: [{ key: 'a', title: 'A', items: [{ key: 'w', label: 'W', type: 'number', min: 'low' }] }],
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.map((d: { field: string }) => d.field)).toContain(
        'content.sections.0.items.0.min',
      );
      const incomplete = await call('PUT', `/api/templates/${template.id}/draft`, {
        content: { sections: [{ key: 'a', title: '', items: [{ key: 's', label: '', type: 'select' }] }] },
      });
      expect(incomplete.statusCode).toBe(200);
    });

    it('publishes a valid draft, recording who, when and the note', async () => {
      const template = await createTemplate({ content: validContent() });
      const response = await call('POST', `/api/templates/${template.id}/publish`, {
        changeNote: 'First release',
        revision: 0,
      });
      expect(response.statusCode, response.body).toBe(200);
      const published = response.json();
      expect(published.message).toBe('Version 1 published');
      expect(published.template).toMatchObject({
        status: 'published',
        publishedVersion: 1,
        draftVersion: null,
        current: {
          version: 1,
          status: 'published',
          changeNote: 'First release',
          publishedBy: { id: adminId, name: 'Asha Kulkarni' },
        },
      });
      expect(published.template.publishedAt).toBe(published.template.current.publishedAt);
      expect((await audit(template.id)).at(-1)).toMatchObject({
        action: 'template.published',
        before: { status: 'draft', publishedVersion: null },
        after: { status: 'published', publishedVersion: 1, changeNote: 'First release' },
      });
      // Without a body at all, too; and nothing left to publish afterwards.
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/templates/${template.id}/publish`,
        headers: { authorization: admin },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Version 1 is already published and there is no draft to publish');
    });

    describe('publish validation, rule by rule', () => {
      async function publishProblems(mutate: (content: ReturnType<typeof validContent>) => void) {
        const content = validContent();
        mutate(content);
        const template = await createTemplate({ content });
        const response = await call('POST', `/api/templates/${template.id}/publish`, {});
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        const after = await call('GET', `/api/templates/${template.id}`);
        expect(after.json().template).toMatchObject({ status: 'draft', publishedVersion: null });
        return response.json() as { message: string; details: Array<{ field: string; message: string }> };
      }

      it('needs at least one section', async () => {
        const body = await publishProblems((c) => {
          c.sections = [];
        });
        expect(body.details).toEqual([
          { field: 'content.sections', message: 'Add at least one section with at least one item' },
        ]);
        expect(body.message).toBe('This template cannot be published yet: fix 1 problem first');
      });

      it('needs an item in every section', async () => {
        const body = await publishProblems((c) => {
          c.sections[1]!.items = [];
        });
        expect(body.details).toEqual([
          {
            field: 'content.sections.1.items',
            message: 'Section 2 “Measurements and records”: add at least one item',
          },
        ]);
      });

      it('needs unique item keys across sections', async () => {
        const body = await publishProblems((c) => {
          c.sections[1]!.items[0]!.key = 'seal';
        });
        expect(body.details).toEqual([
          {
            field: 'content.sections.1.items.0.key',
            message:
              'Section 2 “Measurements and records”, item 1 “Gross weight”: key “seal” is already used by section 1, item 2',
          },
        ]);
      });

      it('needs options for choices', async () => {
        const body = await publishProblems((c) => {
          Object.assign(c.sections[0]!.items[2]!, { options: [], failWhen: { options: [] } });
        });
        expect(body.details).toEqual([
          {
            field: 'content.sections.0.items.2.options',
            message:
              'Section 1 “Visual checks”, item 3 “Hose and nozzle condition”: offer at least two options',
          },
        ]);
      });

      it('needs min ≤ max', async () => {
        const body = await publishProblems((c) => {
          Object.assign(c.sections[1]!.items[0]!, { min: 7, max: 5 });
        });
        expect(body.details).toEqual([
          {
            field: 'content.sections.1.items.0.min',
            message:
              'Section 2 “Measurements and records”, item 1 “Gross weight”: the minimum (7) is greater than the maximum (5)',
          },
        ]);
      });

      it('names every problem at once', async () => {
        const body = await publishProblems((c) => {
          c.sections[0]!.title = '';
          c.sections[0]!.items[0]!.label = '';
          Object.assign(c.sections[0]!.items[2]!, {
            options: ['Good', 'Good'],
            failWhen: { options: ['Bent'] },
          });
          Object.assign(c.sections[1]!.items[0]!, { min: 7, max: 5 });
          c.sections[1]!.items[1]!.key = 'gauge_green';
        });
        expect(body.details.map((d) => d.field)).toEqual([
          'content.sections.0.title',
          'content.sections.0.items.0.label',
          'content.sections.0.items.2.options.1',
          'content.sections.0.items.2.failWhen.options',
          'content.sections.1.items.0.min',
          'content.sections.1.items.1.key',
        ]);
        expect(body.message).toBe('This template cannot be published yet: fix 6 problems first');
      });
    });

    it('never changes a published version: editing starts version 2, which publishes beside it', async () => {
      const template = await publishedTemplate();
      const v1 = (await call('GET', `/api/templates/${template.id}/versions/1`)).json().version;

      const edited = validContent();
      edited.sections[0]!.items[0]!.label = 'Gauge needle in the green band';
      const started = await call('PUT', `/api/templates/${template.id}/draft`, { content: edited });
      expect(started.statusCode).toBe(200);
      expect(started.json().message).toBe('Version 2 started as a draft');
      expect(started.json().template).toMatchObject({
        status: 'published',
        publishedVersion: 1,
        draftVersion: 2,
        latestVersion: 2,
        current: { version: 2, status: 'draft', revision: 1 },
      });

      // Version 1 is untouched, and saving again edits version 2 only.
      expect((await call('GET', `/api/templates/${template.id}/versions/1`)).json().version).toEqual(v1);
      const again = await call('PUT', `/api/templates/${template.id}/draft`, {
        content: edited,
        revision: 1,
      });
      expect(again.json().message).toBe('Draft of version 2 saved');
      expect((await call('GET', `/api/templates/${template.id}/versions/1`)).json().version).toEqual(v1);

      const published = await call('POST', `/api/templates/${template.id}/publish`, {
        changeNote: 'Clearer gauge wording',
      });
      expect(published.json().template).toMatchObject({
        publishedVersion: 2,
        draftVersion: null,
        latestVersion: 2,
      });
      expect((await call('GET', `/api/templates/${template.id}/versions/1`)).json().version).toEqual(v1);
      expect(
        (await call('GET', `/api/templates/${template.id}/versions/2`)).json().version.content.sections[0]
          .items[0].label,
      ).toBe('Gauge needle in the green band');
    });

    it('keeps published rows unchanged even against a direct UPDATE or DELETE (database trigger)', async () => {
      const template = await publishedTemplate();
      const where = and(eq(templateVersions.templateId, template.id), eq(templateVersions.version, 1));
      await expect(
        ctx.db
          .update(templateVersions)
          .set({ content: { sections: [] } })
          .where(where),
      ).rejects.toThrow();
      await expect(ctx.db.update(templateVersions).set({ status: 'draft' }).where(where)).rejects.toThrow();
      await expect(ctx.db.delete(templateVersions).where(where)).rejects.toThrow();
      const [row] = await ctx.db.select().from(templateVersions).where(where);
      expect(row).toMatchObject({ status: 'published', content: validContent() });
    });

    it('allows one draft per template at most (database index)', async () => {
      const template = await createTemplate();
      await expect(
        ctx.db
          .insert(templateVersions)
          .values({ templateId: template.id, version: 2, status: 'draft', content: {} }),
      ).rejects.toThrow();
    });

    it('discards the draft of a published template, but not the only version of an unpublished one', async () => {
      const template = await publishedTemplate();
      await call('PUT', `/api/templates/${template.id}/draft`, { content: validContent() });
      const discarded = await call('DELETE', `/api/templates/${template.id}/draft`);
      expect(discarded.statusCode).toBe(200);
      expect(discarded.json().template).toMatchObject({
        draftVersion: null,
        publishedVersion: 1,
        latestVersion: 1,
      });
      expect((await call('DELETE', `/api/templates/${template.id}/draft`)).statusCode).toBe(409);
      const fresh = await createTemplate();
      const refused = await call('DELETE', `/api/templates/${fresh.id}/draft`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Archive the template instead/);
      expect((await audit(template.id)).map((e) => e.action)).toContain('template.draft_discarded');
    });
  });

  describe('versions', () => {
    it('lists versions newest first with who and when, and reads any past version', async () => {
      const template = await publishedTemplate();
      const v2 = validContent();
      v2.sections[1]!.items.pop();
      await call('PUT', `/api/templates/${template.id}/draft`, { content: v2 });
      await call('POST', `/api/templates/${template.id}/publish`, {
        changeNote: 'Signature moved to sign-off',
      });
      await call('PUT', `/api/templates/${template.id}/draft`, { content: validContent() });

      const list = await call('GET', `/api/templates/${template.id}/versions`);
      expect(list.statusCode).toBe(200);
      const versions = list.json().versions;
      expect(versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
        [3, 'draft'],
        [2, 'published'],
        [1, 'published'],
      ]);
      expect(versions[1]).toMatchObject({
        changeNote: 'Signature moved to sign-off',
        sectionCount: 2,
        itemCount: 6,
        publishedBy: { id: adminId, name: 'Asha Kulkarni' },
        createdBy: { id: adminId },
      });
      expect(versions[0]).toMatchObject({ itemCount: 7, publishedAt: null, publishedBy: null });

      const v1 = await call('GET', `/api/templates/${template.id}/versions/1`);
      expect(v1.json().version).toMatchObject({ templateId: template.id, version: 1, itemCount: 7 });
      expect(v1.json().version.content.sections[1].items).toHaveLength(4);
      expect(
        (await call('GET', `/api/templates/${template.id}/versions/2`)).json().version.content.sections[1]
          .items,
      ).toHaveLength(3);
    });
  });

  describe('duplicate and archive', () => {
    it('duplicates into a new draft template with a free name, the same links (not defaults) and content', async () => {
      const source = await publishedTemplate({
        categoryId,
        equipmentTypeIds: [typeIds[0]],
        defaultForEquipmentTypeIds: [typeIds[0]],
      });
      const first = await call('POST', `/api/templates/${source.id}/duplicate`);
      expect(first.statusCode).toBe(201);
      const copy = first.json().template;
      expect(first.json().message).toBe(`Copied as “${source.name} (copy)”`);
      expect(copy).toMatchObject({
        name: `${source.name} (copy)`,
        status: 'draft',
        publishedVersion: null,
        draftVersion: 1,
        category: { id: categoryId },
        equipmentTypes: [{ id: typeIds[0], isDefault: false }],
        current: { version: 1, status: 'draft', content: validContent() },
      });
      const second = await call('POST', `/api/templates/${source.id}/duplicate`, {});
      expect(second.json().template.name).toBe(`${source.name} (copy 2)`);
      const named = await call('POST', `/api/templates/${source.id}/duplicate`, { name: source.name });
      expect(named.statusCode).toBe(409);
      // The copy is its own template: editing it leaves the source alone.
      await call('PUT', `/api/templates/${copy.id}/draft`, { content: { sections: [] } });
      expect((await call('GET', `/api/templates/${source.id}`)).json().template.itemCount).toBe(7);
      expect((await audit(copy.id))[0]).toMatchObject({
        action: 'template.duplicated',
        after: { sourceTemplateId: source.id, sourceVersion: 1 },
      });
    });

    it('archives (no longer any type default, not editable) and restores', async () => {
      const template = await publishedTemplate({
        equipmentTypeIds: [typeIds[1]],
        defaultForEquipmentTypeIds: [typeIds[1]],
      });
      const archived = await call('POST', `/api/templates/${template.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().template).toMatchObject({
        status: 'archived',
        equipmentTypes: [{ id: typeIds[1], isDefault: false }],
      });
      expect(archived.json().template.archivedAt).not.toBeNull();
      expect((await call('POST', `/api/templates/${template.id}/archive`)).statusCode).toBe(409);
      for (const [method, url, payload] of [
        ['PUT', `/api/templates/${template.id}/draft`, { content: validContent() }],
        ['PUT', `/api/templates/${template.id}`, { name: template.name }],
        ['POST', `/api/templates/${template.id}/publish`, {}],
      ] as const) {
        const refused = await call(method, url, payload);
        expect(refused.statusCode, url).toBe(409);
        expect(refused.json().message).toMatch(/archived/);
      }
      // Still readable, with its versions.
      expect((await call('GET', `/api/templates/${template.id}/versions/1`)).statusCode).toBe(200);

      const restored = await call('POST', `/api/templates/${template.id}/restore`);
      expect(restored.json().template).toMatchObject({ status: 'published', archivedAt: null });
      expect((await call('POST', `/api/templates/${template.id}/restore`)).statusCode).toBe(409);
      const never = await createTemplate();
      await call('POST', `/api/templates/${never.id}/archive`);
      expect((await call('POST', `/api/templates/${never.id}/restore`)).json().template.status).toBe('draft');
      expect((await audit(template.id)).map((e) => e.action)).toEqual(
        expect.arrayContaining(['template.archived', 'template.restored']),
      );
    });
  });

  describe('list', () => {
    it('searches, filters by category, status and equipment type, sorts and pages', async () => {
      const tag = randomBytes(3).toString('hex');
      const hydrant = await publishedTemplate({
        name: `Hydrant annual ${tag}`,
        categoryId,
        equipmentTypeIds: [typeIds[2]],
      });
      const lift = await createTemplate({ name: `Lift safety ${tag}`, description: 'Half-yearly' });
      const vessel = await publishedTemplate({ name: `Pressure vessel ${tag}` });
      await call('POST', `/api/templates/${vessel.id}/archive`);

      const list = (query: string) =>
        call('GET', `/api/templates?search=${tag}&${query}`).then((r) => r.json());
      const names = (body: { templates: Array<{ name: string }> }) => body.templates.map((t) => t.name);

      expect(names(await list('sort=name'))).toEqual([
        `Hydrant annual ${tag}`,
        `Lift safety ${tag}`,
        `Pressure vessel ${tag}`,
      ]);
      expect(names(await list(''))[0]).toBe(`Pressure vessel ${tag}`); // newest change first
      expect(names(await list('status=draft'))).toEqual([`Lift safety ${tag}`]);
      expect(names(await list('status=archived'))).toEqual([`Pressure vessel ${tag}`]);
      expect(names(await list(`categoryId=${categoryId}`))).toEqual([`Hydrant annual ${tag}`]);
      expect(names(await list(`equipmentTypeId=${typeIds[2]}`))).toEqual([`Hydrant annual ${tag}`]);

      const page = await list('sort=-name&limit=2&page=2');
      expect(names(page)).toEqual([`Hydrant annual ${tag}`]);
      expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3 });

      const summary = (await list(`categoryId=${categoryId}`)).templates[0];
      expect(summary).toMatchObject({
        id: hydrant.id,
        status: 'published',
        publishedVersion: 1,
        draftVersion: null,
        latestVersion: 1,
        sectionCount: 2,
        itemCount: 7,
        category: { name: 'Routine' },
        equipmentTypes: [{ name: 'Passenger lift' }],
      });
      expect(summary.current).toBeUndefined();
      const bySearch = await call('GET', '/api/templates?search=half-YEARLY');
      expect(bySearch.json().templates.map((t: { id: number }) => t.id)).toContain(lift.id);
      expect((await call('GET', '/api/templates?status=retired')).statusCode).toBe(400);
    });

    it('shows the published version’s counts while a draft is open', async () => {
      const template = await publishedTemplate({ name: unique('Counts') });
      await call('PUT', `/api/templates/${template.id}/draft`, { content: { sections: [] } });
      const [summary] = (
        await call('GET', `/api/templates?search=${encodeURIComponent(template.name)}`)
      ).json().templates;
      expect(summary).toMatchObject({ itemCount: 7, draftVersion: 2, publishedVersion: 1 });
    });

    it("offers equipment types for the picker from the catalogue, with each type's default template", async () => {
      const response = await call('GET', '/api/auth/global-equipment/options?include_archived=true');
      expect(response.statusCode).toBe(200);
      expect(response.json().equipmentTypes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: typeIds[2],
            name: 'Passenger lift',
            category: 'Lifts and escalators',
            status: 'active',
          }),
        ]),
      );
    });
  });

  it('keeps the change and its audit event together: a failed publish leaves no trace', async () => {
    const template = await createTemplate({ content: { sections: [] } });
    const before = await audit(template.id);
    await call('POST', `/api/templates/${template.id}/publish`, {});
    expect(await audit(template.id)).toEqual(before);
    const published = await ctx.db
      .select()
      .from(templateVersions)
      .where(and(eq(templateVersions.templateId, template.id), eq(templateVersions.status, 'published')));
    expect(published).toEqual([]);
  });

  it('is for administrators only', async () => {
    const template = await createTemplate();
    const routes = [
      ['GET', '/api/templates', undefined],
      ['POST', '/api/templates', { name: unique('Nope') }],
      ['GET', `/api/templates/${template.id}`, undefined],
      ['PUT', `/api/templates/${template.id}`, { name: unique('Nope') }],
      ['PUT', `/api/templates/${template.id}/draft`, { content: validContent() }],
      ['DELETE', `/api/templates/${template.id}/draft`, undefined],
      ['POST', `/api/templates/${template.id}/publish`, {}],
      ['POST', `/api/templates/${template.id}/duplicate`, {}],
      ['POST', `/api/templates/${template.id}/archive`, undefined],
      ['POST', `/api/templates/${template.id}/restore`, undefined],
      ['GET', `/api/templates/${template.id}/versions`, undefined],
      ['GET', `/api/templates/${template.id}/versions/1`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, payload, inspector);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    const after = (await call('GET', `/api/templates/${template.id}`)).json().template;
    expect(after).toMatchObject({ status: 'draft', name: template.name, current: { revision: 0 } });
  });
});
