import { describe, expect, it } from 'vitest';
import {
  evaluateItem,
  evaluateTemplate,
  type ItemType,
  itemTypes,
  type TemplateContent,
  type TemplateItem,
  templateContentSchema,
  templateItemSchema,
  validateTemplateForPublish,
} from './template-content.js';

const everyType: Record<ItemType, unknown> = {
  pass_fail: { key: 'gauge_green', label: 'Pressure gauge in green zone', type: 'pass_fail' },
  yes_no_na: { key: 'seal', label: 'Tamper seal intact', type: 'yes_no_na', failWhen: { answers: ['no'] } },
  text: { key: 'remarks', label: 'Remarks', type: 'text', multiline: true, required: false },
  number: { key: 'weight', label: 'Gross weight', type: 'number', unit: 'kg', min: 5.7, max: 6.3 },
  select: {
    key: 'hose',
    label: 'Hose condition',
    type: 'select',
    options: ['Good', 'Cracked', 'Missing'],
    failWhen: { options: ['Cracked', 'Missing'] },
  },
  multi_select: {
    key: 'defects',
    label: 'Defects seen',
    type: 'multi_select',
    options: ['Rust', 'Dent', 'Faded label'],
    failWhen: { options: ['Rust', 'Dent'] },
  },
  date: { key: 'last_service', label: 'Last service date', type: 'date' },
  photo: { key: 'photo', label: 'Photo of the unit', type: 'photo' },
  signature: { key: 'signature', label: 'Inspector signature', type: 'signature' },
};

const parse = (raw: unknown) => templateItemSchema.parse(raw);
const item = <T extends ItemType>(type: T) => parse(everyType[type]) as Extract<TemplateItem, { type: T }>;

describe('template content schema', () => {
  it('accepts an item of every type and fills the defaults', () => {
    for (const type of itemTypes) {
      const parsed = templateItemSchema.safeParse(everyType[type]);
      expect(parsed.success, `${type}: ${parsed.error?.message}`).toBe(true);
      expect(parsed.data).toMatchObject({ type, helpText: '', required: type !== 'text' });
    }
    expect(parse({ key: 'q', label: 'Q', type: 'yes_no_na' })).toMatchObject({
      failWhen: { answers: ['no'] },
    });
    expect(parse({ key: 'n', label: 'N', type: 'number' })).toMatchObject({ unit: '', min: null, max: null });
    expect(parse({ key: 's', label: 'S', type: 'select' })).toMatchObject({
      options: [],
      failWhen: { options: [] },
    });
  });

  it('accepts a whole template with every type in one section', () => {
    const content = templateContentSchema.parse({
      sections: [{ key: 'general', title: 'General', items: itemTypes.map((t) => everyType[t]) }],
    });
    expect(content.sections[0]!.items.map((i) => i.type)).toEqual([...itemTypes]);
  });

  it.each([
    ['an unknown type', { key: 'a', label: 'A', type: 'slider' }],
    ['a missing type', { key: 'a', label: 'A' }],
    ['a missing key', { label: 'A', type: 'pass_fail' }],
    ['a key with capitals', { key: 'Weight', label: 'A', type: 'pass_fail' }],
    ['a key with spaces', { key: 'gross weight', label: 'A', type: 'pass_fail' }],
    ['a key starting with a digit', { key: '1st', label: 'A', type: 'pass_fail' }],
    ['a label over 200 characters', { key: 'a', label: 'x'.repeat(201), type: 'pass_fail' }],
    ['a non-boolean required', { key: 'a', label: 'A', type: 'pass_fail', required: 'yes' }],
    ['a failure rule on a text item', { key: 'a', label: 'A', type: 'text', failWhen: { answers: ['no'] } }],
    ['options on a pass/fail item', { key: 'a', label: 'A', type: 'pass_fail', options: ['x'] }],
    ['a number min given as text', { key: 'a', label: 'A', type: 'number', min: '5' }],
    ['an infinite max', { key: 'a', label: 'A', type: 'number', max: Number.POSITIVE_INFINITY }],
    ['options that are not a list', { key: 'a', label: 'A', type: 'select', options: 'Good, Bad' }],
    ['an option that is not text', { key: 'a', label: 'A', type: 'select', options: ['Good', 3] }],
    [
      'an unknown failing answer',
      { key: 'a', label: 'A', type: 'yes_no_na', failWhen: { answers: ['maybe'] } },
    ],
    ['a failWhen without its list', { key: 'a', label: 'A', type: 'multi_select', failWhen: {} }],
    ['a unit on a date', { key: 'a', label: 'A', type: 'date', unit: 'days' }],
  ])('rejects %s', (_, raw) => {
    expect(templateItemSchema.safeParse(raw).success).toBe(false);
  });

  it('rejects sections without a key or items list, and unknown top-level fields', () => {
    expect(templateContentSchema.safeParse({ sections: [{ title: 'A', items: [] }] }).success).toBe(false);
    expect(templateContentSchema.safeParse({ sections: [{ key: 'a', title: 'A' }] }).success).toBe(false);
    expect(templateContentSchema.safeParse({ sections: [], extra: true }).success).toBe(false);
    expect(templateContentSchema.safeParse({}).success).toBe(false);
  });
});

describe('evaluateItem', () => {
  it('fails pass/fail on "fail" only', () => {
    expect(evaluateItem(item('pass_fail'), 'pass').outcome).toBe('pass');
    expect(evaluateItem(item('pass_fail'), 'fail')).toEqual({ outcome: 'fail', reason: 'Marked as failed' });
    expect(evaluateItem(item('pass_fail'), 'yes').outcome).toBe('invalid');
  });

  it('fails yes/no/N/A on the configured answers', () => {
    const seal = item('yes_no_na');
    expect(evaluateItem(seal, 'yes').outcome).toBe('pass');
    expect(evaluateItem(seal, 'no')).toEqual({ outcome: 'fail', reason: 'Answered No' });
    expect(evaluateItem(seal, 'na').outcome).toBe('not_applicable');
    const naFails = { ...seal, failWhen: { answers: ['no', 'na'] as const } } as TemplateItem;
    expect(evaluateItem(naFails, 'na').outcome).toBe('fail');
    const neverFails = { ...seal, failWhen: { answers: [] } } as TemplateItem;
    expect(evaluateItem(neverFails, 'no').outcome).toBe('pass');
    expect(evaluateItem(seal, 'maybe').outcome).toBe('invalid');
  });

  it('fails a number outside [min, max], with either bound optional', () => {
    const weight = item('number');
    expect(evaluateItem(weight, 6).outcome).toBe('pass');
    expect(evaluateItem(weight, 5.7).outcome).toBe('pass');
    expect(evaluateItem(weight, 6.3).outcome).toBe('pass');
    expect(evaluateItem(weight, 5.5)).toEqual({
      outcome: 'fail',
      reason: '5.5 kg is below the minimum of 5.7 kg',
    });
    expect(evaluateItem(weight, 7).reason).toBe('7 kg is above the maximum of 6.3 kg');
    expect(evaluateItem({ ...weight, min: null }, -100).outcome).toBe('pass');
    expect(evaluateItem({ ...weight, max: null }, 1000).outcome).toBe('pass');
    expect(evaluateItem(weight, '6' as unknown as number).outcome).toBe('invalid');
    expect(evaluateItem(weight, Number.NaN).outcome).toBe('invalid');
    expect(evaluateItem(weight, 0).outcome).toBe('fail');
  });

  it('fails a choice on a listed failing option', () => {
    const hose = item('select');
    expect(evaluateItem(hose, 'Good').outcome).toBe('pass');
    expect(evaluateItem(hose, 'Cracked')).toEqual({ outcome: 'fail', reason: 'Answered “Cracked”' });
    expect(evaluateItem(hose, 'Bent').outcome).toBe('invalid');
    const defects = item('multi_select');
    expect(evaluateItem(defects, ['Faded label']).outcome).toBe('pass');
    expect(evaluateItem(defects, ['Faded label', 'Rust', 'Dent']).reason).toBe('Answered “Rust”, “Dent”');
    expect(evaluateItem(defects, ['Rust', 'Scratch']).outcome).toBe('invalid');
    expect(evaluateItem(defects, 'Rust').outcome).toBe('invalid');
  });

  it('records text, date, photo and signature without a failure rule', () => {
    expect(evaluateItem(item('text'), 'Cylinder repainted').outcome).toBe('recorded');
    expect(evaluateItem(item('date'), '2026-02-28').outcome).toBe('recorded');
    expect(evaluateItem(item('date'), '2026-02-30').outcome).toBe('invalid');
    expect(evaluateItem(item('date'), '28/02/2026').outcome).toBe('invalid');
    expect(evaluateItem(item('photo'), ['file-1', 'file-2']).outcome).toBe('recorded');
    expect(evaluateItem(item('photo'), 'file-1').outcome).toBe('invalid');
    expect(evaluateItem(item('signature'), 'file-9').outcome).toBe('recorded');
  });

  it('tells a missing required answer from a skipped optional one', () => {
    for (const blank of [null, undefined, '', '  ', []]) {
      expect(evaluateItem(item('photo'), blank).outcome).toBe('missing');
      expect(evaluateItem(item('text'), blank).outcome).toBe('skipped');
    }
  });

  it('evaluates a whole template: fail beats incomplete beats pass', () => {
    const content = templateContentSchema.parse({
      sections: [{ key: 'a', title: 'A', items: [everyType.pass_fail, everyType.number, everyType.text] }],
    });
    expect(evaluateTemplate(content, { gauge_green: 'pass', weight: 6 }).result).toBe('pass');
    const incomplete = evaluateTemplate(content, { gauge_green: 'pass' });
    expect(incomplete).toMatchObject({ result: 'incomplete', missingItems: ['weight'], failedItems: [] });
    const failed = evaluateTemplate(content, { gauge_green: 'fail', weight: 9 });
    expect(failed).toMatchObject({ result: 'fail', failedItems: ['gauge_green', 'weight'] });
  });
});

describe('validateTemplateForPublish', () => {
  const valid = (): TemplateContent =>
    templateContentSchema.parse({
      sections: [
        { key: 'general', title: 'General', items: itemTypes.map((t) => everyType[t]) },
        { key: 'sign_off', title: 'Sign-off', items: [{ key: 'name', label: 'Name', type: 'text' }] },
      ],
    });

  it('passes a complete template', () => {
    expect(validateTemplateForPublish(valid())).toEqual([]);
  });

  it('needs at least one section and one item', () => {
    expect(validateTemplateForPublish({ sections: [] })).toEqual([
      { field: 'content.sections', message: 'Add at least one section with at least one item' },
    ]);
    const emptySection = validateTemplateForPublish({ sections: [{ key: 'a', title: 'Checks', items: [] }] });
    expect(emptySection).toContainEqual({
      field: 'content.sections.0.items',
      message: 'Section 1 “Checks”: add at least one item',
    });
    expect(emptySection.map((p) => p.field)).toContain('content.sections');
  });

  it('names every problem at once, with the section and item', () => {
    const content = valid();
    const general = content.sections[0]!;
    general.title = '';
    general.items[1]!.label = ' ';
    content.sections[1]!.items[0]!.key = 'weight';
    content.sections[1]!.key = 'general';
    const weight = general.items[3] as Extract<TemplateItem, { type: 'number' }>;
    weight.min = 10;
    weight.max = 2;
    const hose = general.items[4] as Extract<TemplateItem, { type: 'select' }>;
    hose.options = ['Good'];
    hose.failWhen.options = ['Bent'];
    const defects = general.items[5] as Extract<TemplateItem, { type: 'multi_select' }>;
    defects.options = ['Rust', '', 'rust'];
    defects.failWhen.options = [];

    expect(validateTemplateForPublish(content)).toEqual([
      { field: 'content.sections.0.title', message: 'Section 1: give the section a title' },
      {
        field: 'content.sections.0.items.1.label',
        message: 'Section 1, item 2: write the question or check',
      },
      {
        field: 'content.sections.0.items.3.min',
        message: 'Section 1, item 4 “Gross weight”: the minimum (10) is greater than the maximum (2)',
      },
      {
        field: 'content.sections.0.items.4.options',
        message: 'Section 1, item 5 “Hose condition”: offer at least two options',
      },
      {
        field: 'content.sections.0.items.4.failWhen.options',
        message: 'Section 1, item 5 “Hose condition”: the failing answer “Bent” is not one of the options',
      },
      {
        field: 'content.sections.0.items.5.options.1',
        message: 'Section 1, item 6 “Defects seen”: option 2 is empty',
      },
      {
        field: 'content.sections.0.items.5.options.2',
        message: 'Section 1, item 6 “Defects seen”: option “rust” is listed twice',
      },
      {
        field: 'content.sections.1.key',
        message: 'Section 2 “Sign-off”: key “general” is already used by section 1',
      },
      {
        field: 'content.sections.1.items.0.key',
        message: 'Section 2 “Sign-off”, item 1 “Name”: key “weight” is already used by section 1, item 4',
      },
    ]);
  });

  it('refuses failure rules that can never pass', () => {
    const content = valid();
    const seal = content.sections[0]!.items[1] as Extract<TemplateItem, { type: 'yes_no_na' }>;
    seal.failWhen.answers = ['yes', 'no', 'na'];
    const hose = content.sections[0]!.items[4] as Extract<TemplateItem, { type: 'select' }>;
    hose.failWhen.options = [...hose.options];
    expect(validateTemplateForPublish(content).map((p) => p.field)).toEqual([
      'content.sections.0.items.1.failWhen.answers',
      'content.sections.0.items.4.failWhen.options',
    ]);
  });
});
