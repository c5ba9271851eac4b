import { type ItemType, type TemplateItem, templateItemSchema } from '@inspecta/contract';

/** One item of every type, as an administrator might write them (the tests of this folder share them). */
export const everyType: Record<ItemType, unknown> = {
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

export const parse = (raw: unknown) => templateItemSchema.parse(raw);
export const item = <T extends ItemType>(type: T) =>
  parse(everyType[type]) as Extract<TemplateItem, { type: T }>;
