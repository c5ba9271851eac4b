import type { FieldError, ItemType, TemplateContent, TemplateItem } from '@inspecta/contract';
import { slugifyKey, uniqueKey } from './content-keys';
import { changeItemType, newItem } from './item-factory';

/**
 * The builder's working copy of a checklist. Sections and items carry a client-only `uid` (stable
 * while keys are edited, used for drag and drop and focus); `autoKey` means the key still follows
 * the label/title (a new, never saved element whose key was not typed by hand).
 */
export interface EditorItem {
  uid: string;
  autoKey: boolean;
  item: TemplateItem;
}

export interface EditorSection {
  uid: string;
  key: string;
  title: string;
  autoKey: boolean;
  items: EditorItem[];
}

export interface BuilderState {
  sections: EditorSection[];
  /** The item whose editing panel is open. */
  selected: string | null;
}

let counter = 0;
export function nextUid(prefix: 'section' | 'item'): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

export function stateFromContent(content: TemplateContent): BuilderState {
  return {
    selected: null,
    sections: content.sections.map((section) => ({
      uid: nextUid('section'),
      key: section.key,
      title: section.title,
      autoKey: false,
      items: section.items.map((item) => ({ uid: nextUid('item'), autoKey: false, item })),
    })),
  };
}

export function contentFromState(state: BuilderState): TemplateContent {
  return {
    sections: state.sections.map((section) => ({
      key: section.key,
      title: section.title,
      items: section.items.map((entry) => entry.item),
    })),
  };
}

export type BuilderAction =
  | { type: 'load'; content: TemplateContent }
  | { type: 'markSaved' }
  | { type: 'select'; uid: string | null }
  | { type: 'addSection' }
  | { type: 'updateSectionTitle'; uid: string; title: string }
  | { type: 'setSectionKey'; uid: string; key: string }
  | { type: 'removeSection'; uid: string }
  | { type: 'duplicateSection'; uid: string }
  | { type: 'moveSection'; uid: string; to: number }
  | { type: 'addItem'; sectionUid: string; itemType: ItemType }
  | { type: 'updateItem'; uid: string; changes: Partial<TemplateItem> }
  | { type: 'changeItemType'; uid: string; itemType: ItemType }
  | { type: 'setItemKey'; uid: string; key: string }
  | { type: 'removeItem'; uid: string }
  | { type: 'duplicateItem'; uid: string }
  | { type: 'moveItem'; uid: string; sectionUid: string; to: number }
  /** One step up or down; at the edge of a section the item moves into the neighbouring one. */
  | { type: 'nudgeItem'; uid: string; direction: -1 | 1 };

function allItemKeys(state: BuilderState, exceptUid?: string): string[] {
  return state.sections.flatMap((s) => s.items.filter((i) => i.uid !== exceptUid).map((i) => i.item.key));
}

function allSectionKeys(state: BuilderState, exceptUid?: string): string[] {
  return state.sections.filter((s) => s.uid !== exceptUid).map((s) => s.key);
}

function findItem(state: BuilderState, uid: string): { sectionIndex: number; itemIndex: number } | null {
  for (let s = 0; s < state.sections.length; s++) {
    const i = state.sections[s]!.items.findIndex((entry) => entry.uid === uid);
    if (i >= 0) return { sectionIndex: s, itemIndex: i };
  }
  return null;
}

function mapItem(state: BuilderState, uid: string, change: (entry: EditorItem) => EditorItem): BuilderState {
  return {
    ...state,
    sections: state.sections.map((section) =>
      section.items.some((i) => i.uid === uid)
        ? { ...section, items: section.items.map((i) => (i.uid === uid ? change(i) : i)) }
        : section,
    ),
  };
}

function moveInArray<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved!);
  return next;
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load':
      return stateFromContent(action.content);
    case 'markSaved':
      return {
        ...state,
        sections: state.sections.map((s) => ({
          ...s,
          autoKey: false,
          items: s.items.map((i) => ({ ...i, autoKey: false })),
        })),
      };
    case 'select':
      return { ...state, selected: action.uid };
    case 'addSection': {
      const key = uniqueKey('section', allSectionKeys(state));
      return {
        ...state,
        sections: [...state.sections, { uid: nextUid('section'), key, title: '', autoKey: true, items: [] }],
      };
    }
    case 'updateSectionTitle':
      return {
        ...state,
        sections: state.sections.map((s) =>
          s.uid === action.uid
            ? {
                ...s,
                title: action.title,
                key: s.autoKey
                  ? uniqueKey(slugifyKey(action.title, 'section'), allSectionKeys(state, s.uid))
                  : s.key,
              }
            : s,
        ),
      };
    case 'setSectionKey':
      return {
        ...state,
        sections: state.sections.map((s) =>
          s.uid === action.uid ? { ...s, key: action.key, autoKey: false } : s,
        ),
      };
    case 'removeSection': {
      const removed = state.sections.find((s) => s.uid === action.uid);
      const selectedGone = removed?.items.some((i) => i.uid === state.selected);
      return {
        sections: state.sections.filter((s) => s.uid !== action.uid),
        selected: selectedGone ? null : state.selected,
      };
    }
    case 'duplicateSection': {
      const index = state.sections.findIndex((s) => s.uid === action.uid);
      if (index < 0) return state;
      const source = state.sections[index]!;
      const itemKeys = allItemKeys(state);
      const items = source.items.map((entry) => {
        const key = uniqueKey(entry.item.key, itemKeys);
        itemKeys.push(key);
        return { uid: nextUid('item'), autoKey: false, item: { ...entry.item, key } as TemplateItem };
      });
      const copy: EditorSection = {
        uid: nextUid('section'),
        key: uniqueKey(source.key, allSectionKeys(state)),
        title: source.title ? `${source.title} (copy)` : '',
        autoKey: false,
        items,
      };
      const sections = [...state.sections];
      sections.splice(index + 1, 0, copy);
      return { ...state, sections };
    }
    case 'moveSection': {
      const from = state.sections.findIndex((s) => s.uid === action.uid);
      if (from < 0 || from === action.to) return state;
      return { ...state, sections: moveInArray(state.sections, from, action.to) };
    }
    case 'addItem': {
      const entry: EditorItem = {
        uid: nextUid('item'),
        autoKey: true,
        item: newItem(action.itemType, uniqueKey(slugifyKey('', 'item'), allItemKeys(state))),
      };
      return {
        selected: entry.uid,
        sections: state.sections.map((s) =>
          s.uid === action.sectionUid ? { ...s, items: [...s.items, entry] } : s,
        ),
      };
    }
    case 'updateItem':
      return mapItem(state, action.uid, (entry) => {
        const item = { ...entry.item, ...action.changes } as TemplateItem;
        if (entry.autoKey && action.changes.label !== undefined) {
          item.key = uniqueKey(slugifyKey(action.changes.label), allItemKeys(state, entry.uid));
        }
        return { ...entry, item };
      });
    case 'changeItemType':
      return mapItem(state, action.uid, (entry) => ({
        ...entry,
        item: changeItemType(entry.item, action.itemType),
      }));
    case 'setItemKey':
      return mapItem(state, action.uid, (entry) => ({
        ...entry,
        autoKey: false,
        item: { ...entry.item, key: action.key },
      }));
    case 'removeItem':
      return {
        selected: state.selected === action.uid ? null : state.selected,
        sections: state.sections.map((s) => ({ ...s, items: s.items.filter((i) => i.uid !== action.uid) })),
      };
    case 'duplicateItem': {
      const at = findItem(state, action.uid);
      if (!at) return state;
      const source = state.sections[at.sectionIndex]!.items[at.itemIndex]!;
      const copy: EditorItem = {
        uid: nextUid('item'),
        autoKey: false,
        item: {
          ...structuredClone(source.item),
          key: uniqueKey(source.item.key, allItemKeys(state)),
          label: source.item.label ? `${source.item.label} (copy)` : '',
        },
      };
      return {
        selected: copy.uid,
        sections: state.sections.map((s, index) =>
          index === at.sectionIndex
            ? {
                ...s,
                items: [...s.items.slice(0, at.itemIndex + 1), copy, ...s.items.slice(at.itemIndex + 1)],
              }
            : s,
        ),
      };
    }
    case 'moveItem': {
      const at = findItem(state, action.uid);
      if (!at) return state;
      const entry = state.sections[at.sectionIndex]!.items[at.itemIndex]!;
      const fromSection = state.sections[at.sectionIndex]!.uid;
      if (fromSection === action.sectionUid && at.itemIndex === action.to) return state;
      const without = state.sections.map((s) => ({
        ...s,
        items: s.items.filter((i) => i.uid !== action.uid),
      }));
      return {
        ...state,
        sections: without.map((s) => {
          if (s.uid !== action.sectionUid) return s;
          const items = [...s.items];
          items.splice(Math.max(0, Math.min(action.to, items.length)), 0, entry);
          return { ...s, items };
        }),
      };
    }
    case 'nudgeItem': {
      const at = findItem(state, action.uid);
      if (!at) return state;
      const section = state.sections[at.sectionIndex]!;
      const target = at.itemIndex + action.direction;
      if (target >= 0 && target < section.items.length) {
        return builderReducer(state, {
          type: 'moveItem',
          uid: action.uid,
          sectionUid: section.uid,
          to: target,
        });
      }
      const neighbour = state.sections[at.sectionIndex + action.direction];
      if (!neighbour) return state;
      return builderReducer(state, {
        type: 'moveItem',
        uid: action.uid,
        sectionUid: neighbour.uid,
        to: action.direction === -1 ? neighbour.items.length : 0,
      });
    }
  }
}

/** Whether `uid` can move one step in `direction` (within its section or into the next one). */
export function canNudge(state: BuilderState, uid: string, direction: -1 | 1): boolean {
  const at = findItem(state, uid);
  if (!at) return false;
  const target = at.itemIndex + direction;
  if (target >= 0 && target < state.sections[at.sectionIndex]!.items.length) return true;
  return Boolean(state.sections[at.sectionIndex + direction]);
}

export interface ProblemIndex {
  /** Problems of a section itself (title, key, no items), by section uid. */
  sections: Map<string, FieldError[]>;
  /** Problems of an item, by item uid. */
  items: Map<string, FieldError[]>;
  /** Problems about the whole template. */
  general: FieldError[];
}

/** Maps publishing problems (`content.sections.1.items.2.options`) onto the builder's sections and items. */
export function indexProblems(state: BuilderState, problems: FieldError[]): ProblemIndex {
  const index: ProblemIndex = { sections: new Map(), items: new Map(), general: [] };
  for (const problem of problems) {
    const match = /^content\.sections\.(\d+)(?:\.items\.(\d+))?/.exec(problem.field);
    const section = match ? state.sections[Number(match[1])] : undefined;
    const item = match?.[2] !== undefined ? section?.items[Number(match[2])] : undefined;
    if (item) index.items.set(item.uid, [...(index.items.get(item.uid) ?? []), problem]);
    else if (section) index.sections.set(section.uid, [...(index.sections.get(section.uid) ?? []), problem]);
    else index.general.push(problem);
  }
  return index;
}

/** The problem's message without the "Section 1 …, item 2 …:" prefix (shown next to the item). */
export function shortProblem(message: string): string {
  const colon = message.indexOf(': ');
  return colon >= 0 ? message.slice(colon + 2) : message;
}
