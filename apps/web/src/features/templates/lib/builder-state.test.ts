import { templateContentSchema, validateTemplateForPublish } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  canNudge,
  contentFromState,
  indexProblems,
  stateFromContent,
} from './builder-state';

const content = templateContentSchema.parse({
  sections: [
    {
      key: 'visual',
      title: 'Visual',
      items: [
        { key: 'gauge', label: 'Gauge in green', type: 'pass_fail' },
        { key: 'seal', label: 'Seal intact', type: 'yes_no_na' },
      ],
    },
    {
      key: 'records',
      title: 'Records',
      items: [{ key: 'weight', label: 'Weight', type: 'number', unit: 'kg' }],
    },
  ],
});

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const keys = (state: BuilderState) => state.sections.map((s) => [s.key, s.items.map((i) => i.item.key)]);

describe('builder state', () => {
  it('round-trips content', () => {
    expect(contentFromState(stateFromContent(content))).toEqual(content);
  });

  it('adds items whose key follows the label until saved, and keeps keys unique', () => {
    let state = stateFromContent(content);
    const section = state.sections[0]!.uid;
    state = run(state, { type: 'addItem', sectionUid: section, itemType: 'select' });
    const added = state.sections[0]!.items[2]!;
    expect(state.selected).toBe(added.uid);
    expect(added.item).toMatchObject({ type: 'select', key: 'item', options: ['Option 1', 'Option 2'] });
    state = run(state, { type: 'updateItem', uid: added.uid, changes: { label: 'Seal intact!' } });
    expect(state.sections[0]!.items[2]!.item.key).toBe('seal_intact');
    state = run(state, { type: 'updateItem', uid: added.uid, changes: { label: 'Gauge' } });
    expect(state.sections[0]!.items[2]!.item.key).toBe('gauge_2');
    state = run(
      state,
      { type: 'markSaved' },
      { type: 'updateItem', uid: added.uid, changes: { label: 'Hose' } },
    );
    expect(state.sections[0]!.items[2]!.item).toMatchObject({ key: 'gauge_2', label: 'Hose' });
    // Keys of loaded items never follow the label.
    const gauge = state.sections[0]!.items[0]!.uid;
    state = run(state, { type: 'updateItem', uid: gauge, changes: { label: 'Pressure gauge' } });
    expect(state.sections[0]!.items[0]!.item.key).toBe('gauge');
  });

  it('reorders, duplicates and removes sections and items', () => {
    let state = stateFromContent(content);
    const [visual, records] = state.sections;
    const seal = visual!.items[1]!.uid;
    state = run(state, { type: 'moveSection', uid: records!.uid, to: 0 });
    expect(keys(state)).toEqual([
      ['records', ['weight']],
      ['visual', ['gauge', 'seal']],
    ]);
    state = run(state, { type: 'moveItem', uid: seal, sectionUid: records!.uid, to: 0 });
    expect(keys(state)).toEqual([
      ['records', ['seal', 'weight']],
      ['visual', ['gauge']],
    ]);
    state = run(state, { type: 'duplicateItem', uid: seal });
    expect(keys(state)[0]).toEqual(['records', ['seal', 'seal_2', 'weight']]);
    expect(state.sections[0]!.items[1]!.item.label).toBe('Seal intact (copy)');
    state = run(state, { type: 'duplicateSection', uid: visual!.uid });
    expect(keys(state)[2]).toEqual(['visual_2', ['gauge_2']]);
    expect(state.sections[2]!.title).toBe('Visual (copy)');
    state = run(state, { type: 'removeItem', uid: seal }, { type: 'removeSection', uid: visual!.uid });
    expect(keys(state)).toEqual([
      ['records', ['seal_2', 'weight']],
      ['visual_2', ['gauge_2']],
    ]);
    expect(validateTemplateForPublish(contentFromState(state))).toEqual([]);
  });

  it('nudges an item across section edges with Move up / Move down', () => {
    let state = stateFromContent(content);
    const gauge = state.sections[0]!.items[0]!.uid;
    const seal = state.sections[0]!.items[1]!.uid;
    const weight = state.sections[1]!.items[0]!.uid;
    expect(canNudge(state, gauge, -1)).toBe(false);
    expect(canNudge(state, weight, 1)).toBe(false);
    state = run(state, { type: 'nudgeItem', uid: seal, direction: 1 });
    expect(keys(state)).toEqual([
      ['visual', ['gauge']],
      ['records', ['seal', 'weight']],
    ]);
    state = run(
      state,
      { type: 'nudgeItem', uid: weight, direction: -1 },
      { type: 'nudgeItem', uid: weight, direction: -1 },
    );
    expect(keys(state)).toEqual([
      ['visual', ['gauge', 'weight']],
      ['records', ['seal']],
    ]);
  });

  it('changes an item type keeping label and key', () => {
    let state = stateFromContent(content);
    const gauge = state.sections[0]!.items[0]!.uid;
    state = run(state, { type: 'changeItemType', uid: gauge, itemType: 'multi_select' });
    expect(state.sections[0]!.items[0]!.item).toMatchObject({
      key: 'gauge',
      label: 'Gauge in green',
      type: 'multi_select',
      options: ['Option 1', 'Option 2'],
    });
  });

  it('new sections get a key from their title', () => {
    let state = run(stateFromContent(content), { type: 'addSection' });
    const added = state.sections[2]!;
    expect(added).toMatchObject({ key: 'section', title: '' });
    state = run(state, { type: 'updateSectionTitle', uid: added.uid, title: 'Records' });
    expect(state.sections[2]!.key).toBe('records_2');
  });

  it('places publishing problems on their section or item', () => {
    const state = stateFromContent(content);
    const index = indexProblems(state, [
      { field: 'content.sections', message: 'Add at least one item' },
      { field: 'content.sections.1.title', message: 'Section 2: give the section a title' },
      {
        field: 'content.sections.0.items.1.label',
        message: 'Section 1, item 2: write the question or check',
      },
    ]);
    expect(index.general).toHaveLength(1);
    expect(index.sections.get(state.sections[1]!.uid)).toHaveLength(1);
    expect(index.items.get(state.sections[0]!.items[1]!.uid)![0]!.field).toBe(
      'content.sections.0.items.1.label',
    );
  });
});
