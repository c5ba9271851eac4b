import type { TemplateContent, UnitAnswers } from '@inspecta/contract';
import type { Database } from '../../src/db/database.js';
import { assignmentEquipment, assignments, inspections, inspectionUnits } from '../../src/db/schema.js';
import { buildInspectionRecord } from '../../src/modules/inspections/index.js';

export interface CompletedInspectionValues {
  siteId: number;
  inspectorId: number;
  categoryId: number;
  templateId: number;
  templateVersion: number;
  /** The pinned version's content, which the answers are evaluated against. */
  content: TemplateContent;
  units: UnitAnswers[];
  completedAt: Date;
  remarks?: string | null;
  scheduledFor?: string;
  dueOn?: string;
}

/**
 * A completed inspection written the way submit writes it: a completed assignment with its units,
 * the inspection row (answers as sent, results computed by `evaluateTemplate`, counts) and one
 * inspection_units row per unit, in one transaction.
 */
export async function insertCompletedInspection(db: Database, values: CompletedInspectionValues) {
  const record = buildInspectionRecord(values.content, values.units);
  const completedAt = values.completedAt;
  const startedAt = new Date(completedAt.getTime() - 45 * 60_000);
  const day = completedAt.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const [assignment] = await tx
      .insert(assignments)
      .values({
        siteId: values.siteId,
        inspectorId: values.inspectorId,
        categoryId: values.categoryId,
        templateId: values.templateId,
        templateVersion: values.templateVersion,
        status: 'completed',
        scheduledFor: values.scheduledFor ?? day,
        dueOn: values.dueOn ?? day,
        startedAt,
        completedAt,
      })
      .returning();
    const unitIds = values.units.flatMap((u) => (u.equipmentId ? [u.equipmentId] : []));
    if (unitIds.length)
      await tx
        .insert(assignmentEquipment)
        .values(unitIds.map((equipmentId) => ({ assignmentId: assignment!.id, equipmentId })));
    const [inspection] = await tx
      .insert(inspections)
      .values({
        assignmentId: assignment!.id,
        siteId: values.siteId,
        inspectorId: values.inspectorId,
        categoryId: values.categoryId,
        templateId: values.templateId,
        templateVersion: values.templateVersion,
        status: 'completed',
        result: record.result,
        answers: { units: values.units, remarks: values.remarks ?? null },
        results: record.results,
        remarks: values.remarks ?? null,
        failedItems: record.failedItems,
        totalItems: record.totalItems,
        unitCount: record.unitCount,
        startedAt,
        progressSavedAt: completedAt,
        completedAt,
      })
      .returning();
    const unitRows = record.results.flatMap((r) =>
      r.equipmentId
        ? [
            {
              inspectionId: inspection!.id,
              equipmentId: r.equipmentId,
              result: r.result,
              failedItems: r.items.filter((i) => i.outcome === 'fail').length,
              completedAt,
            },
          ]
        : [],
    );
    if (unitRows.length) await tx.insert(inspectionUnits).values(unitRows);
    return { ...inspection!, assignmentId: assignment!.id };
  });
}
