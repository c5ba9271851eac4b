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

function countItems(content: TemplateContent): number {
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
