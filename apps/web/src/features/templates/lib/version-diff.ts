import type { ItemType, TemplateContent, TemplateItem, TemplateSection } from '@inspecta/contract';

// Only the version history compares versions, so the diff lives with the web's templates feature.

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
