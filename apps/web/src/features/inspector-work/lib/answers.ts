import {
  type AnswerValue,
  evaluateTemplate,
  type InspectionAnswersBody,
  type InspectorAssignmentDetail,
  type TemplateContent,
  type TemplateEvaluation,
} from '@inspecta/contract';

/** Answers of every unit: unit key → item key → answer. */
export type AnswersByUnit = Record<string, Record<string, AnswerValue>>;

export interface FormUnit {
  /** "site" for a site-level assignment, else the equipment id. */
  key: string;
  equipmentId: number | null;
  name: string;
  detail: string | null;
}

/** The forms to fill: one per unit, or one for the site when the assignment has no units. */
export function formUnits(assignment: Pick<InspectorAssignmentDetail, 'units' | 'site'>): FormUnit[] {
  if (!assignment.units.length)
    return [{ key: 'site', equipmentId: null, name: assignment.site.name, detail: 'Site-level inspection' }];
  return assignment.units.map((unit) => ({
    key: String(unit.id),
    equipmentId: unit.id,
    name: unit.name,
    detail: [unit.assetTag, unit.type, unit.location].filter(Boolean).join(' · ') || null,
  }));
}

export function unitKeyOf(equipmentId: number | null): string {
  return equipmentId === null ? 'site' : String(equipmentId);
}

/** The server's saved progress as answers by unit. */
export function answersFromProgress(progress: InspectorAssignmentDetail['progress']): AnswersByUnit {
  const answers: AnswersByUnit = {};
  for (const unit of progress?.units ?? []) answers[unitKeyOf(unit.equipmentId)] = { ...unit.answers };
  return answers;
}

/** Answers that say nothing are not sent (an emptied text, a cleared choice). */
function isEmpty(value: AnswerValue | undefined): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The body of PUT .../progress and POST .../submit, units in the assignment's order. */
export function answersBody(
  units: FormUnit[],
  answers: AnswersByUnit,
  remarks: string,
): InspectionAnswersBody {
  return {
    units: units.map((unit) => ({
      equipmentId: unit.equipmentId,
      answers: Object.fromEntries(
        Object.entries(answers[unit.key] ?? {}).filter(([, value]) => !isEmpty(value)),
      ),
    })),
    remarks: remarks.trim() || null,
  };
}

export interface UnitProgress {
  unit: FormUnit;
  evaluation: TemplateEvaluation;
  total: number;
  answered: number;
}

/** Each unit's answers under the failure rules: what is answered, failing, missing. */
export function evaluateUnits(
  content: TemplateContent,
  units: FormUnit[],
  answers: AnswersByUnit,
): UnitProgress[] {
  return units.map((unit) => {
    const evaluation = evaluateTemplate(content, answers[unit.key] ?? {});
    const outcomes = Object.values(evaluation.items);
    return {
      unit,
      evaluation,
      total: outcomes.length,
      answered: outcomes.filter((e) => e.outcome !== 'missing' && e.outcome !== 'skipped').length,
    };
  });
}

/** Label of every item by key, for the review's lists. */
export function itemLabels(content: TemplateContent): Map<string, string> {
  return new Map(content.sections.flatMap((s) => s.items.map((i) => [i.key, i.label || i.key] as const)));
}
