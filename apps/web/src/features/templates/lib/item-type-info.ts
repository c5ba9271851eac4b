import { type ItemType, type TemplateItem, yesNoNaLabels } from '@inspecta/contract';

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

/** The failure rule in words, for the builder. */
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
