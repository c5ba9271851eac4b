import { templateContentSchema } from '@inspecta/contract';
import { inspectionCategories, templates, templateVersions } from '../../src/db/schema.js';
import { insertSite, insertType, insertUnit, uniq } from './equipment-fixtures.js';
import { insertUser, type TestContext, tokenFor } from './test-app.js';

/** A small checklist: two items that can fail and an optional photo in the same section. */
export const maintenanceContent = templateContentSchema.parse({
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'gauge_ok', label: 'Gauge in green zone', type: 'pass_fail' },
        { key: 'seal_intact', label: 'Seal intact', type: 'yes_no_na', failWhen: { answers: ['no'] } },
        { key: 'photo', label: 'Photo', type: 'photo', required: false },
      ],
    },
  ],
});

export interface MaintenanceWorld {
  admin: { id: number; token: string };
  inspector: { id: number; token: string };
  otherInspector: { id: number; token: string };
  categoryId: number;
  templateId: number;
  siteId: number;
  typeId: number;
  unitIds: number[];
}

/** An administrator, two inspectors, a published template (version 1), a site with `units` units of one type. */
export async function maintenanceWorld(
  ctx: TestContext,
  options: { units?: number; intervalDays?: number; nextDueOn?: string; installedOn?: string } = {},
): Promise<MaintenanceWorld> {
  const person = async (userType: 'admin' | 'inspector') => {
    const user = await insertUser(ctx.db, { userType });
    return { id: user.id, token: await tokenFor(ctx.app, user) };
  };
  const admin = await person('admin');
  const inspector = await person('inspector');
  const otherInspector = await person('inspector');
  const [category] = await ctx.db
    .insert(inspectionCategories)
    .values({ name: uniq('Routine'), colour: 'blue' })
    .returning();
  const [template] = await ctx.db
    .insert(templates)
    .values({
      name: uniq('Extinguisher check'),
      categoryId: category!.id,
      status: 'published',
      publishedVersion: 1,
    })
    .returning();
  await ctx.db
    .insert(templateVersions)
    .values({ templateId: template!.id, version: 1, status: 'published', content: maintenanceContent });
  const site = await insertSite(ctx.db, {
    name: uniq('Orion Mall'),
    contactEmail: 'facilities@orion.example',
  });
  const type = await insertType(ctx.db, {
    inspectionIntervalDays: options.intervalDays ?? 30,
    defaultTemplateId: template!.id,
  });
  const unitIds: number[] = [];
  for (let n = 0; n < (options.units ?? 2); n++)
    unitIds.push(
      (
        await insertUnit(ctx.db, {
          siteId: site.id,
          equipmentTypeId: type.id,
          installedOn: options.installedOn ?? '2026-01-01',
          nextDueOn: options.nextDueOn ?? '2026-01-31',
        })
      ).id,
    );
  return {
    admin,
    inspector,
    otherInspector,
    categoryId: category!.id,
    templateId: template!.id,
    siteId: site.id,
    typeId: type.id,
    unitIds,
  };
}

export async function api(
  ctx: TestContext,
  method: string,
  url: string,
  token: string | null,
  payload?: unknown,
) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Assigns the site's units (or the given ones) to the inspector through the admin API. */
export async function assignUnits(
  ctx: TestContext,
  w: MaintenanceWorld,
  values: { equipmentIds?: number[]; scheduledFor?: string; dueOn?: string; inspectorId?: number } = {},
): Promise<number> {
  const response = await api(ctx, 'POST', '/api/auth/create/assignments/admin', w.admin.token, {
    siteId: w.siteId,
    inspectorId: values.inspectorId ?? w.inspector.id,
    categoryId: w.categoryId,
    templateId: w.templateId,
    equipmentScope: values.equipmentIds ? 'selected' : 'all',
    equipmentIds: values.equipmentIds ?? [],
    scheduledFor: values.scheduledFor ?? '2026-06-01',
    dueOn: values.dueOn ?? '2026-06-30',
  });
  if (response.statusCode !== 201) throw new Error(`assign: ${response.statusCode} ${response.body}`);
  return response.json().assignment.id;
}

type Answers = { gauge_ok?: 'pass' | 'fail'; seal_intact?: 'yes' | 'no' | 'na' };

/** Submits the assignment as its inspector; each unit's answers default to passing. */
export async function submitAnswers(
  ctx: TestContext,
  token: string,
  assignmentId: number,
  units: Array<{ equipmentId: number | null } & Answers>,
  remarks: string | null = null,
) {
  return api(ctx, 'POST', `/api/inspector/assignments/${assignmentId}/submit`, token, {
    remarks,
    units: units.map(({ equipmentId, ...a }) => ({
      equipmentId,
      answers: { gauge_ok: a.gauge_ok ?? 'pass', seal_intact: a.seal_intact ?? 'yes' },
    })),
  });
}
