import { itemTypes, templateItemSchema } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import { slugifyKey, uniqueKey } from './content-keys';
import { changeItemType, newItem } from './item-factory';
import { item } from './test-items';

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
