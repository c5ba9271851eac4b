import { templateContentSchema, validateTemplateForPublish } from '@inspecta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/seed/demo-data.js';
import { createTestApp, insertUser, type TestContext, tokenFor } from './helpers/test-app.js';

describe('demo templates and inspection categories', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await insertUser(ctx.db, { userType: 'admin' });
    await ctx.db.transaction((tx) => loadDemoData(tx, admin.id, new Date('2026-03-01T09:00:00Z')));
    token = await tokenFor(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const get = (url: string) =>
    ctx.app.inject({ url, headers: { authorization: token } }).then((r) => r.json());

  it('has the four categories with their colours', async () => {
    const { categories } = await get('/api/inspection-categories?sort=name');
    expect(categories.map((c: { name: string; colour: string }) => [c.name, c.colour])).toEqual([
      ['Annual certification', '#2b8a3e'],
      ['Follow-up', '#e67700'],
      ['Installation check', '#862e9c'],
      ['Routine', '#1f5fa6'],
    ]);
  });

  it('has the four published checklists, valid for publishing, linked to their equipment types', async () => {
    const { templates } = await get('/api/templates?status=published&sort=name');
    expect(templates.map((t: { name: string }) => t.name)).toEqual([
      'Fire extinguisher monthly inspection',
      'Fire hydrant annual inspection',
      'Lift safety inspection',
      'Pressure vessel examination',
    ]);
    for (const template of templates) {
      expect(template.equipmentTypes.length, template.name).toBeGreaterThan(0);
      expect(template.equipmentTypes.every((t: { isDefault: boolean }) => t.isDefault)).toBe(true);
      for (let version = 1; version <= template.publishedVersion; version++) {
        const { version: v } = await get(`/api/templates/${template.id}/versions/${version}`);
        expect(validateTemplateForPublish(templateContentSchema.parse(v.content)), template.name).toEqual([]);
      }
    }
    const extinguisher = templates[0];
    expect(extinguisher).toMatchObject({ publishedVersion: 2, category: { name: 'Routine' } });
    expect(extinguisher.equipmentTypes.map((t: { name: string }) => t.name)).toEqual([
      'Fire extinguisher, ABC powder 6 kg',
      'Fire extinguisher, CO2 4.5 kg',
    ]);
    const { version } = await get(`/api/templates/${extinguisher.id}`).then((r) => ({
      version: r.template.current,
    }));
    const types = new Set(
      version.content.sections.flatMap((s: { items: Array<{ type: string }> }) => s.items.map((i) => i.type)),
    );
    expect([...types].sort()).toEqual(
      [
        'date',
        'multi_select',
        'number',
        'pass_fail',
        'photo',
        'select',
        'signature',
        'text',
        'yes_no_na',
      ].sort(),
    );
  });

  it('has one template still in draft', async () => {
    const { templates } = await get('/api/templates?status=draft');
    expect(templates.map((t: { name: string; draftVersion: number }) => [t.name, t.draftVersion])).toEqual([
      ['Fire alarm panel quarterly test', 1],
    ]);
  });
});
