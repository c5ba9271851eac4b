import type { ItemType, TemplateItem } from '@inspecta/contract';

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
