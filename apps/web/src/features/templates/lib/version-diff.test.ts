import { type TemplateContent, type TemplateItem, templateContentSchema } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import { changeItemType } from './item-factory';
import { everyType, parse } from './test-items';
import { diffTemplateContent } from './version-diff';

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
