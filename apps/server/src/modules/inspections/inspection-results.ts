import {
  type AnswerValue,
  evaluateTemplate,
  type InspectionResult,
  type ItemResult,
  isAnswerableType,
  type TemplateContent,
  type UnitAnswers,
} from '@inspecta/contract';

/** One unit's computed result as stored in `inspections.results` (see the schema comment). */
export interface StoredUnitResult {
  equipmentId: number | null;
  result: InspectionResult;
  items: ItemResult[];
}

/** What a completed inspection row holds besides its references and dates. */
export interface InspectionRecord {
  result: InspectionResult;
  results: StoredUnitResult[];
  failedItems: number;
  totalItems: number;
  unitCount: number;
}

/**
 * The stored results of a set of answers under the pinned template content: each item's outcome by
 * `evaluateTemplate` (the one rule set the inspector's form, submit and reports share), a unit fails
 * when any of its items fails, the inspection when any unit fails. `totalItems` counts answerable
 * items (those with a failure rule) over all units. Answers are assumed complete (submit refuses
 * missing or invalid ones first).
 */
export function buildInspectionRecord(content: TemplateContent, units: UnitAnswers[]): InspectionRecord {
  const sectionOf = new Map<string, string>();
  let answerable = 0;
  for (const section of content.sections)
    for (const item of section.items) {
      sectionOf.set(item.key, section.key);
      if (isAnswerableType(item.type)) answerable++;
    }
  let failedItems = 0;
  const results = units.map((unit): StoredUnitResult => {
    const evaluation = evaluateTemplate(content, unit.answers);
    failedItems += evaluation.failedItems.length;
    return {
      equipmentId: unit.equipmentId,
      result: evaluation.result === 'fail' ? 'fail' : 'pass',
      items: Object.entries(evaluation.items).map(([key, e]) => ({
        key,
        sectionKey: sectionOf.get(key) ?? '',
        outcome: e.outcome,
        reason: e.reason ?? null,
      })),
    };
  });
  return {
    result: results.some((r) => r.result === 'fail') ? 'fail' : 'pass',
    results,
    failedItems,
    totalItems: answerable * units.length,
    // Units of equipment: a site-level inspection (one answer set, no unit) counts none.
    unitCount: units.filter((u) => u.equipmentId !== null).length,
  };
}

/** The stored `answers` column: answers per unit as sent, and the remarks. */
export interface StoredAnswers {
  units: Array<{ equipmentId: number | null; answers: Record<string, AnswerValue> }>;
  remarks: string | null;
}
