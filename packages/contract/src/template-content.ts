import { z } from 'zod';
import type { FieldError } from './common.js';

/**
 * The content of a template version: sections of checklist items. One schema for the server, the
 * builder and the inspector form. Drafts may be incomplete (an empty label, a select without
 * options yet); `validateTemplateForPublish` holds the stricter rules a published version meets.
 */

export const itemTypes = [
  'pass_fail',
  'yes_no_na',
  'text',
  'number',
  'select',
  'multi_select',
  'date',
  'photo',
  'signature',
] as const;
export const itemTypeSchema = z.enum(itemTypes);
export type ItemType = z.infer<typeof itemTypeSchema>;

/** Types whose answer can fail the item (they have a failure rule). */
export const answerableItemTypes = ['pass_fail', 'yes_no_na', 'number', 'select', 'multi_select'] as const;
export type AnswerableItemType = (typeof answerableItemTypes)[number];

export function isAnswerableType(type: ItemType): type is AnswerableItemType {
  return (answerableItemTypes as readonly string[]).includes(type);
}

/** How each type is named and described to an administrator. */
export const itemTypeInfo: Record<ItemType, { label: string; description: string }> = {
  pass_fail: { label: 'Pass / Fail', description: 'A check that passes or fails' },
  yes_no_na: { label: 'Yes / No / N/A', description: 'A question answered yes, no or not applicable' },
  text: { label: 'Text', description: 'A note or reading in words' },
  number: { label: 'Number', description: 'A measured value with a unit and an acceptable range' },
  select: { label: 'Single choice', description: 'One answer from a list' },
  multi_select: { label: 'Multiple choice', description: 'Any answers from a list' },
  date: { label: 'Date', description: 'A calendar date, such as the last service' },
  photo: { label: 'Photo', description: 'One or more photos taken on site' },
  signature: { label: 'Signature', description: 'A signature drawn on the device' },
};

export const yesNoNaAnswers = ['yes', 'no', 'na'] as const;
export type YesNoNaAnswer = (typeof yesNoNaAnswers)[number];
export const yesNoNaLabels: Record<YesNoNaAnswer, string> = { yes: 'Yes', no: 'No', na: 'N/A' };

export const passFailAnswers = ['pass', 'fail'] as const;
export type PassFailAnswer = (typeof passFailAnswers)[number];

export const MAX_SECTIONS = 50;
export const MAX_ITEMS_PER_SECTION = 150;
export const MAX_OPTIONS = 50;

/** Stable machine names: reports, exports and version comparison match items by key. */
export const contentKeySchema = z
  .string({ error: 'Key is required' })
  .regex(/^[a-z][a-z0-9_]{0,59}$/, 'Use lower-case letters, digits and _ (start with a letter, up to 60)');

const baseItem = {
  key: contentKeySchema,
  label: z.string().trim().max(200, 'Keep the label under 200 characters'),
  helpText: z.string().trim().max(500, 'Keep the help text under 500 characters').default(''),
  required: z.boolean().default(true),
};

const optionSchema = z.string().trim().max(100, 'Keep each option under 100 characters');

export const passFailItemSchema = z.strictObject({ ...baseItem, type: z.literal('pass_fail') });
export const yesNoNaItemSchema = z.strictObject({
  ...baseItem,
  type: z.literal('yes_no_na'),
  failWhen: z
    .strictObject({ answers: z.array(z.enum(yesNoNaAnswers)).max(3) })
    .default({ answers: ['no'] })
    .describe('The answers that fail the item'),
});
export const textItemSchema = z.strictObject({
  ...baseItem,
  type: z.literal('text'),
  multiline: z.boolean().default(false),
});
export const numberItemSchema = z.strictObject({
  ...baseItem,
  type: z.literal('number'),
  unit: z.string().trim().max(20, 'Keep the unit under 20 characters').default(''),
  min: z.number().finite().nullable().default(null).describe('Lowest acceptable value; below it fails'),
  max: z.number().finite().nullable().default(null).describe('Highest acceptable value; above it fails'),
});
const choiceFields = {
  options: z.array(optionSchema).max(MAX_OPTIONS, `Offer at most ${MAX_OPTIONS} options`).default([]),
  failWhen: z
    .strictObject({ options: z.array(optionSchema).max(MAX_OPTIONS) })
    .default({ options: [] })
    .describe('The options that fail the item when chosen'),
};
export const selectItemSchema = z.strictObject({ ...baseItem, type: z.literal('select'), ...choiceFields });
export const multiSelectItemSchema = z.strictObject({
  ...baseItem,
  type: z.literal('multi_select'),
  ...choiceFields,
});
export const dateItemSchema = z.strictObject({ ...baseItem, type: z.literal('date') });
export const photoItemSchema = z.strictObject({ ...baseItem, type: z.literal('photo') });
export const signatureItemSchema = z.strictObject({ ...baseItem, type: z.literal('signature') });

export const templateItemSchema = z.discriminatedUnion('type', [
  passFailItemSchema,
  yesNoNaItemSchema,
  textItemSchema,
  numberItemSchema,
  selectItemSchema,
  multiSelectItemSchema,
  dateItemSchema,
  photoItemSchema,
  signatureItemSchema,
]);
export type TemplateItem = z.infer<typeof templateItemSchema>;
export type TemplateItemInput = z.input<typeof templateItemSchema>;
export type ItemOfType<T extends ItemType> = Extract<TemplateItem, { type: T }>;

export const templateSectionSchema = z.strictObject({
  key: contentKeySchema,
  title: z.string().trim().max(120, 'Keep the section title under 120 characters'),
  items: z
    .array(templateItemSchema)
    .max(MAX_ITEMS_PER_SECTION, `A section holds at most ${MAX_ITEMS_PER_SECTION} items`),
});
export type TemplateSection = z.infer<typeof templateSectionSchema>;

export const templateContentSchema = z.strictObject({
  sections: z
    .array(templateSectionSchema)
    .max(MAX_SECTIONS, `A template holds at most ${MAX_SECTIONS} sections`),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;
export type TemplateContentInput = z.input<typeof templateContentSchema>;

export const emptyTemplateContent = (): TemplateContent => ({ sections: [] });

/** A new item of `type` with the type's defaults (the builder's "Add item"). */
export function newItem(type: ItemType, key: string, label = ''): TemplateItem {
  const base = { key, label, helpText: '', required: true };
  switch (type) {
    case 'yes_no_na':
      return { ...base, type, failWhen: { answers: ['no'] } };
    case 'text':
      return { ...base, type, multiline: false };
    case 'number':
      return { ...base, type, unit: '', min: null, max: null };
    case 'select':
    case 'multi_select':
      return { ...base, type, options: ['Option 1', 'Option 2'], failWhen: { options: [] } };
    default:
      return { ...base, type };
  }
}

/**
 * Changes an item's type, keeping what still applies (label, help, required, key, and the options
 * between the two choice types) and giving the new type its defaults for the rest.
 */
export function changeItemType(item: TemplateItem, type: ItemType): TemplateItem {
  if (item.type === type) return item;
  const next = newItem(type, item.key, item.label);
  const base = { ...next, helpText: item.helpText, required: item.required } as TemplateItem;
  if ((base.type === 'select' || base.type === 'multi_select') && 'options' in item) {
    return { ...base, options: [...item.options], failWhen: { options: [...item.failWhen.options] } };
  }
  return base;
}

/** A readable key from a label: "Pressure gauge in green zone" → "pressure_gauge_in_green_zone". */
export function slugifyKey(text: string, fallback = 'item'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48)
    .replace(/_+$/g, '');
  if (!slug) return fallback;
  return /^[a-z]/.test(slug) ? slug : `${fallback}_${slug}`.slice(0, 60);
}

/** `base`, or `base_2`, `base_3`… whichever is not taken. */
export function uniqueKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 56)}_${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function countItems(content: TemplateContent): number {
  return content.sections.reduce((sum, section) => sum + section.items.length, 0);
}

// ---------------------------------------------------------------------------------------------
// Answers and the failure rule
// ---------------------------------------------------------------------------------------------

/**
 * What an inspector records for an item: pass_fail 'pass' | 'fail'; yes_no_na 'yes' | 'no' | 'na';
 * text, date ('YYYY-MM-DD') and signature (an uploaded file's reference) a string; number a
 * number; select one option; multi_select and photo (file references) a list of strings.
 */
export type ItemAnswer = string | number | string[] | null | undefined;

export type ItemOutcome =
  /** Answered and the failure rule did not trigger. */
  | 'pass'
  /** Answered and the failure rule triggered. */
  | 'fail'
  /** yes_no_na answered N/A (and N/A is not a failing answer). */
  | 'not_applicable'
  /** A type without a failure rule (text, date, photo, signature) was answered. */
  | 'recorded'
  /** Required and not answered. */
  | 'missing'
  /** Optional and not answered. */
  | 'skipped'
  /** The answer has the wrong shape or is not one of the offered values. */
  | 'invalid';

export interface ItemEvaluation {
  outcome: ItemOutcome;
  /** Why the item failed or is invalid, in words for the inspector and the report. */
  reason?: string;
}

function isBlank(answer: ItemAnswer): boolean {
  return (
    answer === null ||
    answer === undefined ||
    (typeof answer === 'string' && answer.trim() === '') ||
    (Array.isArray(answer) && answer.length === 0)
  );
}

function formatNumber(value: number, unit: string): string {
  return unit ? `${value} ${unit}` : String(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The outcome of one answer under the item's failure rule:
 * pass_fail fails on 'fail'; yes_no_na fails on the answers listed in failWhen.answers; number
 * fails outside [min, max] (either bound optional); select fails when the chosen option is listed
 * in failWhen.options, multi_select when any chosen option is; text, date, photo and signature
 * have no failure rule (they are recorded, and only `required` applies).
 */
export function evaluateItem(item: TemplateItem, answer: ItemAnswer): ItemEvaluation {
  if (isBlank(answer))
    return item.required ? { outcome: 'missing', reason: 'An answer is required' } : { outcome: 'skipped' };
  const invalid = (reason: string): ItemEvaluation => ({ outcome: 'invalid', reason });

  switch (item.type) {
    case 'pass_fail':
      if (answer === 'pass') return { outcome: 'pass' };
      if (answer === 'fail') return { outcome: 'fail', reason: 'Marked as failed' };
      return invalid('Answer pass or fail');
    case 'yes_no_na': {
      if (typeof answer !== 'string' || !(yesNoNaAnswers as readonly string[]).includes(answer))
        return invalid('Answer yes, no or N/A');
      const value = answer as YesNoNaAnswer;
      if (item.failWhen.answers.includes(value))
        return { outcome: 'fail', reason: `Answered ${yesNoNaLabels[value]}` };
      return value === 'na' ? { outcome: 'not_applicable' } : { outcome: 'pass' };
    }
    case 'number': {
      if (typeof answer !== 'number' || !Number.isFinite(answer)) return invalid('Enter a number');
      if (item.min !== null && answer < item.min)
        return {
          outcome: 'fail',
          reason: `${formatNumber(answer, item.unit)} is below the minimum of ${formatNumber(item.min, item.unit)}`,
        };
      if (item.max !== null && answer > item.max)
        return {
          outcome: 'fail',
          reason: `${formatNumber(answer, item.unit)} is above the maximum of ${formatNumber(item.max, item.unit)}`,
        };
      return { outcome: 'pass' };
    }
    case 'select': {
      if (typeof answer !== 'string' || !item.options.includes(answer))
        return invalid('Choose one of the options');
      if (item.failWhen.options.includes(answer)) return { outcome: 'fail', reason: `Answered “${answer}”` };
      return { outcome: 'pass' };
    }
    case 'multi_select': {
      if (!Array.isArray(answer) || answer.some((a) => typeof a !== 'string' || !item.options.includes(a)))
        return invalid('Choose from the options');
      const failing = answer.filter((a) => item.failWhen.options.includes(a));
      if (failing.length)
        return { outcome: 'fail', reason: `Answered ${failing.map((f) => `“${f}”`).join(', ')}` };
      return { outcome: 'pass' };
    }
    case 'text':
    case 'signature':
      return typeof answer === 'string' ? { outcome: 'recorded' } : invalid('Enter text');
    case 'date':
      return typeof answer === 'string' && isValidIsoDate(answer)
        ? { outcome: 'recorded' }
        : invalid('Enter a date as YYYY-MM-DD');
    case 'photo':
      return Array.isArray(answer) && answer.every((a) => typeof a === 'string' && a.length > 0)
        ? { outcome: 'recorded' }
        : invalid('Attach photos');
  }
}

export interface TemplateEvaluation {
  /** 'fail' when any item failed; 'incomplete' when none failed but an answer is missing or invalid. */
  result: 'pass' | 'fail' | 'incomplete';
  items: Record<string, ItemEvaluation>;
  failedItems: string[];
  missingItems: string[];
  invalidItems: string[];
}

/** Every item of `content` evaluated against `answers` (keyed by item key). */
export function evaluateTemplate(
  content: TemplateContent,
  answers: Readonly<Record<string, ItemAnswer>>,
): TemplateEvaluation {
  const items: Record<string, ItemEvaluation> = {};
  const failedItems: string[] = [];
  const missingItems: string[] = [];
  const invalidItems: string[] = [];
  for (const section of content.sections) {
    for (const item of section.items) {
      const evaluation = evaluateItem(item, answers[item.key]);
      items[item.key] = evaluation;
      if (evaluation.outcome === 'fail') failedItems.push(item.key);
      else if (evaluation.outcome === 'missing') missingItems.push(item.key);
      else if (evaluation.outcome === 'invalid') invalidItems.push(item.key);
    }
  }
  const result = failedItems.length
    ? 'fail'
    : missingItems.length || invalidItems.length
      ? 'incomplete'
      : 'pass';
  return { result, items, failedItems, missingItems, invalidItems };
}

/** The failure rule in words, for the builder and the reports. */
export function describeFailureRule(item: TemplateItem): string | null {
  switch (item.type) {
    case 'pass_fail':
      return 'Fails when marked Fail';
    case 'yes_no_na':
      return item.failWhen.answers.length
        ? `Fails when answered ${item.failWhen.answers.map((a) => yesNoNaLabels[a]).join(' or ')}`
        : 'Never fails';
    case 'number': {
      const unit = item.unit ? ` ${item.unit}` : '';
      if (item.min !== null && item.max !== null) return `Fails outside ${item.min}–${item.max}${unit}`;
      if (item.min !== null) return `Fails below ${item.min}${unit}`;
      if (item.max !== null) return `Fails above ${item.max}${unit}`;
      return 'Never fails';
    }
    case 'select':
    case 'multi_select':
      return item.failWhen.options.length
        ? `Fails on ${item.failWhen.options.map((o) => `“${o}”`).join(', ')}`
        : 'Never fails';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Publishing rules
// ---------------------------------------------------------------------------------------------

function quoted(text: string): string {
  return text.trim() ? ` “${text.trim()}”` : '';
}

function sectionName(index: number, section: TemplateSection): string {
  return `Section ${index + 1}${quoted(section.title)}`;
}

function itemName(sectionIndex: number, section: TemplateSection, itemIndex: number, item: TemplateItem) {
  return `${sectionName(sectionIndex, section)}, item ${itemIndex + 1}${quoted(item.label)}`;
}

/**
 * Every reason `content` cannot be published, each with the path of the field it is about
 * (`content.sections.0.items.2.options`) and a message naming the section and item. Empty when it
 * can be published.
 */
export function validateTemplateForPublish(content: TemplateContent): FieldError[] {
  const problems: FieldError[] = [];
  const add = (field: string, message: string) => problems.push({ field: `content.${field}`, message });

  if (content.sections.length === 0) {
    add('sections', 'Add at least one section with at least one item');
    return problems;
  }
  if (countItems(content) === 0) add('sections', 'Add at least one item');

  const sectionKeys = new Map<string, number>();
  const itemKeys = new Map<string, string>();
  content.sections.forEach((section, s) => {
    const sPath = `sections.${s}`;
    const sName = sectionName(s, section);
    if (!section.title.trim()) add(`${sPath}.title`, `${sName}: give the section a title`);
    const earlierSection = sectionKeys.get(section.key);
    if (earlierSection !== undefined)
      add(`${sPath}.key`, `${sName}: key “${section.key}” is already used by section ${earlierSection + 1}`);
    else sectionKeys.set(section.key, s);
    if (section.items.length === 0) add(`${sPath}.items`, `${sName}: add at least one item`);

    section.items.forEach((item, i) => {
      const iPath = `${sPath}.items.${i}`;
      const iName = itemName(s, section, i, item);
      if (!item.label.trim()) add(`${iPath}.label`, `${iName}: write the question or check`);
      const earlierItem = itemKeys.get(item.key);
      if (earlierItem !== undefined)
        add(`${iPath}.key`, `${iName}: key “${item.key}” is already used by ${earlierItem}`);
      else itemKeys.set(item.key, `section ${s + 1}, item ${i + 1}`);

      if (item.type === 'select' || item.type === 'multi_select') {
        if (item.options.length < 2) add(`${iPath}.options`, `${iName}: offer at least two options`);
        const seen = new Set<string>();
        item.options.forEach((option, o) => {
          if (!option.trim()) add(`${iPath}.options.${o}`, `${iName}: option ${o + 1} is empty`);
          else if (seen.has(option.toLowerCase()))
            add(`${iPath}.options.${o}`, `${iName}: option “${option}” is listed twice`);
          seen.add(option.toLowerCase());
        });
        for (const failing of item.failWhen.options) {
          if (!item.options.includes(failing))
            add(
              `${iPath}.failWhen.options`,
              `${iName}: the failing answer “${failing}” is not one of the options`,
            );
        }
        if (
          item.type === 'select' &&
          item.options.length > 0 &&
          item.options.every((o) => item.failWhen.options.includes(o))
        )
          add(`${iPath}.failWhen.options`, `${iName}: every option fails, so the item can never pass`);
      }
      if (item.type === 'number' && item.min !== null && item.max !== null && item.min > item.max)
        add(`${iPath}.min`, `${iName}: the minimum (${item.min}) is greater than the maximum (${item.max})`);
      if (item.type === 'yes_no_na' && item.failWhen.answers.length === 3)
        add(`${iPath}.failWhen.answers`, `${iName}: every answer fails, so the item can never pass`);
    });
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Comparing two versions
// ---------------------------------------------------------------------------------------------

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved' | 'unchanged';

export interface ItemChange {
  kind: ChangeKind;
  key: string;
  /** The label in the newer version (the older one for a removed item). */
  label: string;
  type: ItemType;
  /** Field-by-field differences (for 'changed'; 'moved' items may carry some too). */
  fields: FieldChange[];
  /** Set when the item now lives in another section. */
  fromSection?: string;
}

export interface SectionChange {
  kind: ChangeKind;
  key: string;
  title: string;
  fields: FieldChange[];
  items: ItemChange[];
}

export interface TemplateDiff {
  identical: boolean;
  sections: SectionChange[];
  summary: {
    sectionsAdded: number;
    sectionsRemoved: number;
    sectionsChanged: number;
    itemsAdded: number;
    itemsRemoved: number;
    itemsChanged: number;
    itemsMoved: number;
  };
}

/** The item fields compared, in the order they are shown. */
const ITEM_FIELDS = [
  'label',
  'type',
  'required',
  'helpText',
  'multiline',
  'unit',
  'min',
  'max',
  'options',
  'failWhen',
] as const;

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Keys of `a` and `b` in their longest common order: the ones not in it were moved. */
function longestCommonOrder(a: string[], b: string[]): Set<string> {
  const table: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

function itemFieldChanges(before: TemplateItem, after: TemplateItem): FieldChange[] {
  const changes: FieldChange[] = [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const field of ITEM_FIELDS) {
    if (!(field in a) && !(field in b)) continue;
    if (!sameValue(b[field], a[field]))
      changes.push({ field, before: b[field] ?? null, after: a[field] ?? null });
  }
  return changes;
}

/**
 * What changed from `before` to `after`, section by section and item by item, field by field.
 * Sections and items are matched by key; an item is 'moved' when it changed section or its order
 * among the items both versions share. Sections come in the newer version's order, removed ones
 * after the one that preceded them.
 */
export function diffTemplateContent(before: TemplateContent, after: TemplateContent): TemplateDiff {
  const summary = {
    sectionsAdded: 0,
    sectionsRemoved: 0,
    sectionsChanged: 0,
    itemsAdded: 0,
    itemsRemoved: 0,
    itemsChanged: 0,
    itemsMoved: 0,
  };
  const oldItems = new Map<string, { item: TemplateItem; section: TemplateSection }>();
  for (const section of before.sections)
    for (const item of section.items) oldItems.set(item.key, { item, section });
  const newItemKeys = new Set(after.sections.flatMap((s) => s.items.map((i) => i.key)));
  const oldSections = new Map(before.sections.map((s) => [s.key, s]));
  const newSectionKeys = new Set(after.sections.map((s) => s.key));

  const commonSectionOrder = longestCommonOrder(
    before.sections.map((s) => s.key).filter((k) => newSectionKeys.has(k)),
    after.sections.map((s) => s.key).filter((k) => oldSections.has(k)),
  );

  const removedItem = (item: TemplateItem): ItemChange => {
    summary.itemsRemoved++;
    return { kind: 'removed', key: item.key, label: item.label, type: item.type, fields: [] };
  };

  const result: SectionChange[] = [];
  for (const section of after.sections) {
    const old = oldSections.get(section.key);
    const items: ItemChange[] = [];
    const oldOrderHere = (old?.items ?? [])
      .map((i) => i.key)
      .filter((k) => section.items.some((n) => n.key === k));
    const newOrderHere = section.items.map((i) => i.key).filter((k) => oldOrderHere.includes(k));
    const inOrder = longestCommonOrder(oldOrderHere, newOrderHere);

    for (const item of section.items) {
      const previous = oldItems.get(item.key);
      if (!previous) {
        summary.itemsAdded++;
        items.push({ kind: 'added', key: item.key, label: item.label, type: item.type, fields: [] });
        continue;
      }
      const fields = itemFieldChanges(previous.item, item);
      const changedSection = previous.section.key !== section.key;
      const moved = changedSection || !inOrder.has(item.key);
      const change: ItemChange = {
        kind: moved ? 'moved' : fields.length ? 'changed' : 'unchanged',
        key: item.key,
        label: item.label,
        type: item.type,
        fields,
      };
      if (changedSection) change.fromSection = previous.section.title || previous.section.key;
      if (moved) summary.itemsMoved++;
      if (fields.length) summary.itemsChanged++;
      items.push(change);
    }
    // Items of this section that are gone from every section, placed where they used to be.
    if (old) {
      old.items.forEach((item, index) => {
        if (newItemKeys.has(item.key)) return;
        const precedingKey = old.items
          .slice(0, index)
          .map((i) => i.key)
          .reverse()
          .find((k) => items.some((c) => c.key === k));
        const at = precedingKey ? items.findIndex((c) => c.key === precedingKey) + 1 : 0;
        items.splice(at, 0, removedItem(item));
      });
    }

    if (!old) {
      summary.sectionsAdded++;
      result.push({ kind: 'added', key: section.key, title: section.title, fields: [], items });
      continue;
    }
    const fields: FieldChange[] =
      old.title === section.title ? [] : [{ field: 'title', before: old.title, after: section.title }];
    const moved = !commonSectionOrder.has(section.key);
    const itemsDiffer = items.some((i) => i.kind !== 'unchanged');
    const kind: ChangeKind = moved ? 'moved' : fields.length || itemsDiffer ? 'changed' : 'unchanged';
    if (kind !== 'unchanged') summary.sectionsChanged++;
    result.push({ kind, key: section.key, title: section.title, fields, items });
  }

  // Whole sections that are gone, after the section that preceded them.
  before.sections.forEach((section, index) => {
    if (newSectionKeys.has(section.key)) return;
    summary.sectionsRemoved++;
    const items = section.items.filter((i) => !newItemKeys.has(i.key)).map(removedItem);
    const precedingKey = before.sections
      .slice(0, index)
      .map((s) => s.key)
      .reverse()
      .find((k) => result.some((c) => c.key === k));
    const at = precedingKey ? result.findIndex((c) => c.key === precedingKey) + 1 : 0;
    result.splice(at, 0, { kind: 'removed', key: section.key, title: section.title, fields: [], items });
  });

  const identical = Object.values(summary).every((n) => n === 0);
  return { identical, sections: result, summary };
}
