import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';

describe('fieldLabel', () => {
  it('names each kind of record’s fields as its form does', () => {
    expect(fieldLabel('equipment', 'isCritical')).toBe('Critical equipment');
    expect(fieldLabel('equipment', 'serialNumber')).toBe('Serial number');
    expect(fieldLabel('equipment', 'typeName')).toBe('Equipment type');
    expect(fieldLabel('site', 'siteCode')).toBe('SiteId no.');
    expect(fieldLabel('site', 'pincode')).toBe('PIN code');
    expect(fieldLabel('site', 'addressLine2')).toBe('Area / locality');
    expect(fieldLabel('user', 'userType')).toBe('Role');
    expect(fieldLabel('user', 'licenceNumber')).toBe('Licence number');
    expect(fieldLabel('template', 'categoryId')).toBe('Inspection category');
    expect(fieldLabel('template', 'defaultForEquipmentTypeIds')).toBe('Default checklist for');
  });

  it('words any other field generically', () => {
    expect(fieldLabel('equipment', 'warrantyUntil')).toBe('Warranty until');
    expect(fieldLabel('shop_product', 'isCritical')).toBe('Is critical');
    expect(fieldLabel('unknown_kind', 'equipment_type_id')).toBe('Equipment type id');
  });
});
