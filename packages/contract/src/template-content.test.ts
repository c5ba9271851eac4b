import { describe, expect, it } from 'vitest';
import {
  changeItemType,
  describeFailureRule,
  diffTemplateContent,
  evaluateItem,
  evaluateTemplate,
  type ItemType,
  itemTypes,
  newItem,
  slugifyKey,
  type TemplateContent,
  type TemplateItem,
  templateContentSchema,
  templateItemSchema,
  uniqueKey,
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

  it('describes the failure rule in words', () => {
    expect(describeFailureRule(item('number'))).toBe('Fails outside 5.7–6.3 kg');
    expect(describeFailureRule(item('yes_no_na'))).toBe('Fails when answered No');
    expect(describeFailureRule(item('select'))).toBe('Fails on “Cracked”, “Missing”');
    expect(describeFailureRule(item('photo'))).toBeNull();
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

describe('builder helpers', () => {
  it('makes readable, unique keys', () => {
    expect(slugifyKey('Pressure gauge in green zone?')).toBe('pressure_gauge_in_green_zone');
    expect(slugifyKey('  Ünïcode café  ')).toBe('unicode_cafe');
    expect(slugifyKey('3 monthly check')).toBe('item_3_monthly_check');
    expect(slugifyKey('!!!', 'section')).toBe('section');
    expect(uniqueKey('weight', ['weight', 'weight_2'])).toBe('weight_3');
    expect(uniqueKey('seal', ['weight'])).toBe('seal');
  });

  it('changes type keeping what applies', () => {
    const hose = item('select');
    const multi = changeItemType({ ...hose, helpText: 'Look closely', required: false }, 'multi_select');
    expect(multi).toMatchObject({
      type: 'multi_select',
      options: hose.options,
      helpText: 'Look closely',
      required: false,
    });
    const asNumber = changeItemType(hose, 'number');
    expect(asNumber).toEqual({ ...newItem('number', 'hose', 'Hose condition'), required: true });
    expect(templateItemSchema.safeParse(asNumber).success).toBe(true);
    for (const type of itemTypes)
      expect(templateItemSchema.safeParse(newItem(type, 'k', 'L')).success).toBe(true);
  });
});

describe('diffTemplateContent', () => {
  const v1 = (): TemplateContent =>
    templateContentSchema.parse({
      sections: [
        {
          key: 'visual',
          title: 'Visual',
          items: [everyType.pass_fail, everyType.yes_no_na, everyType.select],
        },
        { key: 'measure', title: 'Measurements', items: [everyType.number, everyType.date] },
        { key: 'old', title: 'Old section', items: [everyType.text] },
      ],
    });

  it('says two equal versions are identical', () => {
    const diff = diffTemplateContent(v1(), v1());
    expect(diff.identical).toBe(true);
    expect(
      diff.sections.every((s) => s.kind === 'unchanged' && s.items.every((i) => i.kind === 'unchanged')),
    ).toBe(true);
  });

  it('finds added, removed, changed and moved sections and items, field by field', () => {
    const v2 = v1();
    const visual = v2.sections[0]!;
    const measure = v2.sections[1]!;
    // Change the weight range and the label of the seal; move the date to Visual; add a photo.
    const weight = measure.items[0] as Extract<TemplateItem, { type: 'number' }>;
    weight.max = 6.5;
    visual.items[1]!.label = 'Safety pin and tamper seal intact';
    visual.items.push(measure.items.pop()!);
    measure.items.push(parse(everyType.photo));
    // Remove the hose item; rename a section; drop a section; add one; swap the first two items.
    visual.items.splice(2, 1);
    [visual.items[0], visual.items[1]] = [visual.items[1]!, visual.items[0]!];
    measure.title = 'Measurements and records';
    v2.sections.splice(2, 1);
    v2.sections.push({ key: 'sign_off', title: 'Sign-off', items: [parse(everyType.signature)] });

    const diff = diffTemplateContent(v1(), v2);
    expect(diff.identical).toBe(false);
    expect(diff.summary).toEqual({
      sectionsAdded: 1,
      sectionsRemoved: 1,
      sectionsChanged: 2,
      itemsAdded: 2,
      itemsRemoved: 2,
      itemsChanged: 2,
      itemsMoved: 2,
    });
    expect(diff.sections.map((s) => [s.key, s.kind])).toEqual([
      ['visual', 'changed'],
      ['measure', 'changed'],
      ['old', 'removed'],
      ['sign_off', 'added'],
    ]);
    const visualItems = diff.sections[0]!.items.map((i) => [i.key, i.kind]);
    expect(visualItems).toEqual([
      // Of two swapped items, the longest common order keeps one in place and moves the other.
      ['seal', 'changed'],
      ['hose', 'removed'],
      ['gauge_green', 'moved'],
      ['last_service', 'moved'],
    ]);
    expect(diff.sections[0]!.items[0]!.fields).toEqual([
      { field: 'label', before: 'Tamper seal intact', after: 'Safety pin and tamper seal intact' },
    ]);
    expect(diff.sections[0]!.items[3]!.fromSection).toBe('Measurements');
    expect(diff.sections[1]!.fields).toEqual([
      { field: 'title', before: 'Measurements', after: 'Measurements and records' },
    ]);
    expect(diff.sections[1]!.items).toEqual([
      {
        kind: 'changed',
        key: 'weight',
        label: 'Gross weight',
        type: 'number',
        fields: [{ field: 'max', before: 6.3, after: 6.5 }],
      },
      { kind: 'added', key: 'photo', label: 'Photo of the unit', type: 'photo', fields: [] },
    ]);
    expect(diff.sections[2]!.items.map((i) => [i.key, i.kind])).toEqual([['remarks', 'removed']]);
  });

  it('reports a type change with the fields that came and went', () => {
    const v2 = v1();
    v2.sections[0]!.items[0] = changeItemType(v2.sections[0]!.items[0]!, 'yes_no_na');
    const change = diffTemplateContent(v1(), v2).sections[0]!.items[0]!;
    expect(change.kind).toBe('changed');
    expect(change.fields).toEqual([
      { field: 'type', before: 'pass_fail', after: 'yes_no_na' },
      { field: 'failWhen', before: null, after: { answers: ['no'] } },
    ]);
  });
});
