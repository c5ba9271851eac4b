import type {
  AnswerValue,
  FieldError,
  InspectionAnswersValues,
  InspectionResult,
  TemplateContent,
  TemplateItem,
  UnitAnswers,
} from '@inspecta/contract';
import { evaluateTemplate, MAX_PHOTOS_PER_ITEM } from '@inspecta/contract';
import { buildInspectionRecord, type StoredAnswers, type StoredUnitResult } from '../inspections/index.js';

/**
 * The rules of an inspector's submit, without the database: the answers are checked against the
 * pinned template version and, when they hold, turned into everything the completion writes. The
 * service loads the inputs, calls `evaluateSubmission` and persists what it returns.
 */

/** A unit of equipment on the assignment (what the messages name it by). */
export interface SubmissionUnit {
  id: number;
  assetTag: string;
  name: string;
}

/** The stored files the answers may point at. */
export interface UploadedFiles {
  /** The stored file name a URL points at, or null when it is not an uploaded file's URL. */
  nameOf(url: string): string | null;
  /** The stored files the inspector uploaded through the inspector upload route. */
  owned: ReadonlySet<string>;
}

export interface SubmissionInput {
  /** The pinned template version's content. */
  content: TemplateContent;
  /** The assignment's units in its order; none for a site-level assignment. */
  units: readonly SubmissionUnit[];
  /** The parsed submit body. */
  body: InspectionAnswersValues;
  uploads: UploadedFiles;
  /** What the administrators' notification names (null when not known). */
  names: { site: string | null; template: string | null; inspector: string };
  now: Date;
}

/** The completed inspection's columns (the service adds who submitted it). */
export interface CompletedInspectionValues {
  status: 'completed';
  result: InspectionResult;
  answers: StoredAnswers;
  results: StoredUnitResult[];
  remarks: string | null;
  failedItems: number;
  totalItems: number;
  unitCount: number;
  progressSavedAt: Date;
  completedAt: Date;
}

/** One unit's row of the inspection (the service adds the inspection id). */
export interface InspectionUnitValues {
  equipmentId: number;
  result: InspectionResult;
  failedItems: number;
  completedAt: Date;
}

export interface CompletionNotification {
  type: 'inspection.failed' | 'inspection.completed';
  title: string;
  body: string;
}

export interface EvaluatedSubmission {
  result: InspectionResult;
  failedItems: number;
  inspection: CompletedInspectionValues;
  /** One row per unit of equipment; none for a site-level assignment. */
  inspectionUnits: InspectionUnitValues[];
  assignment: { status: 'completed'; completedAt: Date };
  /** The units whose last-inspected time becomes `now` (and whose next due date is re-derived). */
  inspectedEquipmentIds: number[];
  /** What the administrators are told (the service adds the recipients and the link). */
  notification: CompletionNotification;
}

export type SubmissionEvaluation =
  | { ok: true; submission: EvaluatedSubmission }
  /** Refused: `message` is the error's summary (undefined for the validation default). */
  | { ok: false; problems: FieldError[]; message?: string };

function itemIndex(content: TemplateContent): Map<string, TemplateItem> {
  const index = new Map<string, TemplateItem>();
  for (const section of content.sections) for (const item of section.items) index.set(item.key, item);
  return index;
}

function unitLabel(unit: SubmissionUnit | null | undefined): string {
  return unit ? `${unit.assetTag} ${unit.name}` : 'Site';
}

/**
 * What any save must hold: each unit belongs to the assignment (one `equipmentId: null` entry for
 * a site-level assignment), no unit twice, and every key is an item of the template.
 */
export function checkAnswersShape(
  sent: readonly UnitAnswers[],
  units: readonly SubmissionUnit[],
  content: TemplateContent,
): FieldError[] {
  const items = itemIndex(content);
  const problems: FieldError[] = [];
  const byId = new Map(units.map((u) => [u.id, u]));
  const seen = new Set<number | null>();
  sent.forEach((entry, i) => {
    const field = `units.${i}`;
    if (entry.equipmentId === null) {
      if (units.length)
        problems.push({
          field: `${field}.equipmentId`,
          message: 'This assignment covers units: answer each unit, not the site',
        });
    } else if (!byId.has(entry.equipmentId)) {
      problems.push({ field: `${field}.equipmentId`, message: 'This unit is not part of this assignment' });
      return;
    }
    if (seen.has(entry.equipmentId))
      problems.push({ field: `${field}.equipmentId`, message: 'This unit is answered twice' });
    seen.add(entry.equipmentId);
    const label = unitLabel(entry.equipmentId === null ? null : byId.get(entry.equipmentId));
    for (const key of Object.keys(entry.answers)) {
      if (!items.has(key))
        problems.push({
          field: `${field}.answers.${key}`,
          message: `${label}: “${key}” is not an item of this checklist`,
        });
    }
  });
  return problems;
}

const holdsFiles = (item: TemplateItem | undefined) => item?.type === 'photo' || item?.type === 'signature';

/** A photo or signature answer's value, where it was sent and what the messages call it. */
interface FileAnswer {
  url: AnswerValue;
  field: string;
  label: string;
}

/**
 * The one rule for photo and signature answers, at every save and at submit: each value is the URL
 * of a file this server stored, uploaded by this inspector (the URL of another inspector's upload
 * is never accepted, not even in progress that is only saved). The values that are not an uploaded
 * file's URL come first, then the files someone else uploaded.
 */
export function fileAnswerProblems(answers: readonly FileAnswer[], uploads: UploadedFiles): FieldError[] {
  const notUploaded: FieldError[] = [];
  const notOwned: FieldError[] = [];
  for (const { url, field, label } of answers) {
    const name = typeof url === 'string' ? uploads.nameOf(url) : null;
    if (!name) notUploaded.push({ field, message: `${label}: not an uploaded image` });
    else if (!uploads.owned.has(name))
      notOwned.push({ field, message: `${label}: upload the image from this device again` });
  }
  return [...notUploaded, ...notOwned];
}

/**
 * The photo and signature URLs of answers as saved (partial progress): every text value of a photo
 * or signature item, to hold to `fileAnswerProblems`. Other values (none yet, a wrong type) are
 * left to submit, which requires and type-checks every answer.
 */
export function savedFileAnswers(
  content: TemplateContent,
  units: readonly SubmissionUnit[],
  sent: readonly UnitAnswers[],
): FileAnswer[] {
  const items = itemIndex(content);
  const byId = new Map(units.map((u) => [u.id, u]));
  const found: FileAnswer[] = [];
  sent.forEach((entry, i) => {
    const unit = unitLabel(entry.equipmentId === null ? null : byId.get(entry.equipmentId));
    for (const [key, value] of Object.entries(entry.answers)) {
      const item = items.get(key);
      if (!item || !holdsFiles(item)) continue;
      for (const url of Array.isArray(value) ? value : [value]) {
        if (typeof url === 'string' && url !== '')
          found.push({ url, field: `units.${i}.answers.${key}`, label: `${unit} · ${item.label || key}` });
      }
    }
  });
  return found;
}

/**
 * The stored file names the photo and signature answers point at: the files whose uploader the
 * service looks up before `evaluateSubmission` (at least every name it will ask `owned` about).
 */
export function referencedFiles(
  content: TemplateContent,
  sent: readonly UnitAnswers[],
  nameOf: UploadedFiles['nameOf'],
): string[] {
  const items = itemIndex(content);
  const names = new Set<string>();
  for (const entry of sent)
    for (const [key, value] of Object.entries(entry.answers)) {
      if (!holdsFiles(items.get(key))) continue;
      for (const url of Array.isArray(value) ? value : [value]) {
        const name = typeof url === 'string' ? nameOf(url) : null;
        if (name) names.add(name);
      }
    }
  return [...names];
}

/**
 * Checks every answer against the pinned template version and computes the completion.
 *
 * Refused, in this order: the shape (`checkAnswersShape`, the validation default message); then,
 * together under 'Some answers are missing or not valid', every required answer missing and every
 * answer unfit for its item (per unit, named `<asset tag> <name> · <item label>`, field
 * `units.<i>.answers.<key>`, or `units` for a unit not sent at all), more photos than
 * MAX_PHOTOS_PER_ITEM, photo and signature values that are not uploaded files' URLs, and last the
 * uploaded files the inspector did not upload.
 *
 * Accepted: each unit's results by the same builder the admin side uses (a unit fails when any of
 * its items fails, the inspection when any unit fails), the rows to write at `now`, the units
 * marked inspected and the administrators' notification.
 */
export function evaluateSubmission(input: SubmissionInput): SubmissionEvaluation {
  const { content, units, body, uploads, names, now } = input;
  const shapeProblems = checkAnswersShape(body.units, units, content);
  if (shapeProblems.length) return { ok: false, problems: shapeProblems };

  const items = itemIndex(content);
  // The units to evaluate, in the assignment's order; a site-level assignment has one, null.
  const targets: (SubmissionUnit | null)[] = units.length ? [...units] : [null];
  const positions = new Map(body.units.map((u, i) => [u.equipmentId, i]));
  const problems: FieldError[] = [];
  const fileAnswers: FileAnswer[] = [];
  const collectFile = (url: AnswerValue, field: string, label: string) => {
    fileAnswers.push({ url, field, label });
  };

  const submitted = targets.map((unit) => {
    const position = positions.get(unit?.id ?? null);
    const answers = position === undefined ? {} : body.units[position]!.answers;
    const label = unitLabel(unit);
    const fieldOf = (key: string) => (position === undefined ? 'units' : `units.${position}.answers.${key}`);
    const evaluation = evaluateTemplate(content, answers);
    for (const [key, item] of items) {
      const outcome = evaluation.items[key]!;
      const name = `${label} · ${item.label || key}`;
      if (outcome.outcome === 'missing' || outcome.outcome === 'invalid') {
        problems.push({ field: fieldOf(key), message: `${name}: ${outcome.reason}` });
        continue;
      }
      const value = answers[key];
      if (outcome.outcome !== 'recorded') continue;
      if (item.type === 'photo' && Array.isArray(value)) {
        if (value.length > MAX_PHOTOS_PER_ITEM)
          problems.push({
            field: fieldOf(key),
            message: `${name}: attach at most ${MAX_PHOTOS_PER_ITEM} photos`,
          });
        for (const url of value) collectFile(url, fieldOf(key), name);
      }
      if (item.type === 'signature' && typeof value === 'string') collectFile(value, fieldOf(key), name);
    }
    return { equipmentId: unit?.id ?? null, answers };
  });
  problems.push(...fileAnswerProblems(fileAnswers, uploads));
  if (problems.length) return { ok: false, problems, message: 'Some answers are missing or not valid' };

  // The stored record comes from the same builder the admin side and the demo history use.
  const record = buildInspectionRecord(content, submitted);
  const { result, failedItems } = record;
  return {
    ok: true,
    submission: {
      result,
      failedItems,
      inspection: {
        status: 'completed',
        result,
        answers: { units: submitted, remarks: body.remarks },
        results: record.results,
        remarks: body.remarks,
        failedItems,
        totalItems: record.totalItems,
        unitCount: record.unitCount,
        progressSavedAt: now,
        completedAt: now,
      },
      inspectionUnits: record.results.flatMap((r) =>
        r.equipmentId === null
          ? []
          : [
              {
                equipmentId: r.equipmentId,
                result: r.result,
                failedItems: r.items.filter((i) => i.outcome === 'fail').length,
                completedAt: now,
              },
            ],
      ),
      assignment: { status: 'completed', completedAt: now },
      inspectedEquipmentIds: units.map((u) => u.id),
      notification: completionNotification(result, failedItems, units.length, names),
    },
  };
}

function completionNotification(
  result: InspectionResult,
  failedItems: number,
  unitCount: number,
  names: SubmissionInput['names'],
): CompletionNotification {
  const siteName = names.site ?? 'a site';
  const template = names.template ?? 'the checklist';
  const scope = unitCount === 1 ? '1 unit' : unitCount ? `${unitCount} units` : 'the site';
  return result === 'fail'
    ? {
        type: 'inspection.failed',
        title: `Inspection failed: ${siteName}`,
        body: `${names.inspector} inspected ${scope} with ${template}; ${failedItems} ${failedItems === 1 ? 'item' : 'items'} failed.`,
      }
    : {
        type: 'inspection.completed',
        title: `Inspection passed: ${siteName}`,
        body: `${names.inspector} inspected ${scope} with ${template}; everything passed.`,
      };
}
