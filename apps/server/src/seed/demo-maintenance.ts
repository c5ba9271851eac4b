import { addDays, DEFAULT_ACTION_DUE_DAYS, templateContentSchema, utcDateOf } from '@inspecta/contract';
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/database.js';
import {
  correctiveActionEvents,
  correctiveActions,
  equipment,
  equipmentTypes,
  inspections,
  schedules,
  sites,
  templates,
  templateVersions,
  users,
} from '../db/schema.js';

/** How many of the latest failed items become demo corrective actions. */
const DEMO_ACTIONS = 12;

interface StoredResult {
  equipmentId: number | null;
  items?: Array<{ key: string; outcome: string; reason: string | null }>;
}

/**
 * The maintenance loop of the demo company (issue 19): corrective actions for the failed items of
 * the latest failed demo inspections (open, in progress, resolved and verified ones, some overdue),
 * and two schedules (a site's whole equipment on each type's own interval, and a quarterly one for
 * one type with the least loaded of two inspectors). Deterministic for a given day.
 */
export async function loadDemoMaintenance(tx: Transaction, adminId: number, today: Date): Promise<void> {
  const inspectorIds = (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'inspector'), eq(users.status, 'active'), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
  ).map((r) => r.id);
  const failed = await tx
    .select({
      id: inspections.id,
      siteId: inspections.siteId,
      remarks: inspections.remarks,
      results: inspections.results,
      completedAt: inspections.completedAt,
      content: templateVersions.content,
    })
    .from(inspections)
    .innerJoin(
      templateVersions,
      and(
        eq(templateVersions.templateId, inspections.templateId),
        eq(templateVersions.version, inspections.templateVersion),
      ),
    )
    .where(
      and(
        eq(inspections.status, 'completed'),
        eq(inspections.result, 'fail'),
        isNotNull(inspections.completedAt),
      ),
    )
    .orderBy(desc(inspections.completedAt), desc(inspections.id))
    .limit(DEMO_ACTIONS);

  const rows: (typeof correctiveActions.$inferInsert)[] = [];
  for (const inspection of failed) {
    const content = templateContentSchema.safeParse(inspection.content);
    if (!content.success) continue;
    const labels = new Map(
      content.data.sections.flatMap((s) => s.items.map((i) => [i.key, i.label || i.key] as const)),
    );
    for (const unit of (inspection.results as StoredResult[] | null) ?? []) {
      const item = unit.items?.find((i) => i.outcome === 'fail');
      if (!item || rows.length >= DEMO_ACTIONS) continue;
      const n = rows.length;
      const created = inspection.completedAt!;
      const status = (['open', 'open', 'in_progress', 'resolved', 'verified', 'open'] as const)[n % 6]!;
      rows.push({
        title: labels.get(item.key) ?? item.key,
        description: item.reason,
        status,
        priority: (['normal', 'high', 'normal', 'urgent', 'low', 'normal'] as const)[n % 6]!,
        source: 'inspection',
        requiresEvidence: status !== 'verified',
        ownerId: n % 3 === 0 ? adminId : (inspectorIds[n % Math.max(1, inspectorIds.length)] ?? null),
        siteId: inspection.siteId,
        equipmentId: unit.equipmentId,
        inspectionId: inspection.id,
        itemKey: item.key,
        itemLabel: labels.get(item.key) ?? item.key,
        remark: inspection.remarks,
        dueOn: addDays(utcDateOf(created), DEFAULT_ACTION_DUE_DAYS.normal),
        createdAt: created,
        updatedAt: created,
        resolvedAt: status === 'resolved' || status === 'verified' ? today : null,
        verifiedAt: status === 'verified' ? today : null,
      });
    }
  }
  if (rows.length) {
    const inserted = await tx.insert(correctiveActions).values(rows).returning({
      id: correctiveActions.id,
      inspectionId: correctiveActions.inspectionId,
      createdAt: correctiveActions.createdAt,
      status: correctiveActions.status,
    });
    await tx.insert(correctiveActionEvents).values(
      inserted.flatMap((a) => [
        {
          actionId: a.id,
          actorId: null,
          action: 'created',
          changes: { status: { from: null, to: 'open' } },
          note: `From inspection #${a.inspectionId}`,
          createdAt: a.createdAt,
        },
        ...(a.status === 'open'
          ? []
          : [
              {
                actionId: a.id,
                actorId: adminId,
                action: 'status',
                changes: { status: { from: 'open', to: a.status } },
                note: null,
                createdAt: today,
              },
            ]),
      ]),
    );
  }

  // Two schedules on the busiest sites whose units' types have a default template.
  const candidates = await tx
    .select({
      siteId: sites.id,
      typeId: equipmentTypes.id,
      templateId: equipmentTypes.defaultTemplateId,
      categoryId: templates.categoryId,
    })
    .from(equipment)
    .innerJoin(sites, eq(sites.id, equipment.siteId))
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipment.equipmentTypeId))
    .innerJoin(templates, eq(templates.id, equipmentTypes.defaultTemplateId))
    .where(
      and(
        eq(sites.status, 'active'),
        eq(equipment.status, 'in_service'),
        isNotNull(templates.publishedVersion),
        isNotNull(templates.categoryId),
      ),
    )
    .orderBy(asc(sites.id), asc(equipmentTypes.id))
    .limit(200);
  const first = candidates[0];
  const second = candidates.find((c) => first && c.siteId !== first.siteId);
  if (!first || !inspectorIds.length) return;
  const startsOn = utcDateOf(today);
  await tx.insert(schedules).values([
    {
      name: 'Routine checks — every type’s own interval',
      siteId: first.siteId,
      scope: 'all',
      templateId: null,
      categoryId: first.categoryId!,
      intervalUnit: 'type',
      assigneeMode: 'inspector',
      inspectorIds: [inspectorIds[0]!],
      leadDays: 14,
      priority: 'normal',
      startsOn,
      createdBy: adminId,
    },
    ...(second
      ? [
          {
            name: 'Quarterly inspection',
            siteId: second.siteId,
            scope: 'types' as const,
            equipmentTypeIds: [second.typeId],
            templateId: second.templateId,
            categoryId: second.categoryId!,
            intervalUnit: 'months' as const,
            intervalCount: 3,
            assigneeMode: 'least_loaded' as const,
            inspectorIds: inspectorIds.slice(0, 2),
            leadDays: 21,
            priority: 'normal' as const,
            startsOn,
            createdBy: adminId,
          },
        ]
      : []),
  ]);
}
