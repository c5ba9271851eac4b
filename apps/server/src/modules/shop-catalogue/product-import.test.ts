import { describe, expect, it } from 'vitest';
import { checkProductRows, findCategory, type ImportCategoryRef, mapProductSheet } from './product-import.js';

const categories: ImportCategoryRef[] = [
  { id: 1, name: 'Fire extinguishers', parentName: null, status: 'active' },
  { id: 2, name: 'Refills', parentName: 'Fire extinguishers', status: 'active' },
  { id: 3, name: 'Hoses', parentName: null, status: 'active' },
  { id: 4, name: 'Refills', parentName: 'Hoses', status: 'active' },
  { id: 5, name: 'Old stock', parentName: null, status: 'archived' },
];

const heading = [
  'SKU',
  'Name',
  'Category',
  'Unit',
  'Price (₹)',
  'HSN code',
  'GST rate (%)',
  'Opening stock',
  'Unit cost (₹)',
];

describe('product import', () => {
  it('finds categories by path or by a unique name', () => {
    expect(findCategory('Fire extinguishers › Refills', categories)).toMatchObject({ id: 2 });
    expect(findCategory('hoses > refills', categories)).toMatchObject({ id: 4 });
    expect(findCategory('Hoses', categories)).toMatchObject({ id: 3 });
    expect(findCategory('Refills', categories)).toBe('ambiguous');
    expect(findCategory('Nozzles', categories)).toBeNull();
  });

  it('maps the columns by heading, in any order and case', () => {
    const rows = mapProductSheet({
      rows: [
        [],
        ['name', 'sku*', 'CATEGORY', 'unit', 'price', 'hsn', 'gst'],
        ['Valve', 'V-1', 'Hoses', 'piece', '10', '8481', '18'],
      ],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rowNumber: 3, values: { sku: 'V-1', name: 'Valve', gstRate: '18' } });
    expect(() => mapProductSheet({ rows: [['SKU', 'Name']] })).toThrow(/no "Category"/);
  });

  it('checks each row with the API rules, the catalogue and the rest of the file', () => {
    const rows = mapProductSheet({
      rows: [
        heading,
        ['A-1', 'Powder', 'Fire extinguishers › Refills', 'kg', '1,250.50', '3813 0000', '18%', '10', '800'],
        ['D-1', 'First', 'Hoses', 'piece', '10', '5909', '12', '', ''],
        ['d-1', 'Same SKU again', 'Hoses', 'piece', '10', '5909', '12', '', ''],
        ['B-1', 'Taken', 'Old stock', 'box', '-1', '59', '7', '-2', 'x'],
      ],
    });
    const [good, dup1, dup2, bad] = checkProductRows(rows, { categories, takenSkus: new Set(['b-1']) });
    expect(good!.errors).toEqual([]);
    expect(good!.product).toMatchObject({
      categoryId: 2,
      pricePaise: 125_050,
      hsnCode: '38130000',
      gstRate: 18,
      openingStock: 10,
      unitCostPaise: 80_000,
    });
    expect(dup1!.errors).toEqual([{ field: 'sku', message: 'SKU "D-1" appears more than once in the file' }]);
    expect(dup2!.errors).toEqual([{ field: 'sku', message: 'SKU "d-1" appears more than once in the file' }]);
    expect(bad!.product).toBeNull();
    expect(bad!.errors.map((e) => e.field).sort()).toEqual([
      'category',
      'gstRate',
      'hsnCode',
      'openingStock',
      'price',
      'sku',
      'unit',
      'unitCost',
    ]);
  });
});
