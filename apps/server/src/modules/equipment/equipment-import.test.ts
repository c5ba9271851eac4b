import { describe, expect, it } from 'vitest';
import { checkImportRows, mapSheet, parseSheetDate } from './equipment-import.js';

describe('parseSheetDate', () => {
  it('reads ISO, Indian day-first and Excel serial dates', () => {
    expect(parseSheetDate('2024-05-17')).toBe('2024-05-17');
    expect(parseSheetDate('17/05/2024')).toBe('2024-05-17');
    expect(parseSheetDate('7-5-2024')).toBe('2024-05-07');
    expect(parseSheetDate('17.05.2024')).toBe('2024-05-17');
    expect(parseSheetDate('2024/05/17')).toBe('2024-05-17');
    expect(parseSheetDate('45429')).toBe('2024-05-17');
    expect(parseSheetDate('31/02/2024')).toBeNull();
    expect(parseSheetDate('May 17')).toBeNull();
  });
});

describe('mapSheet', () => {
  it('finds the heading row, maps columns by name in any order and skips blank rows', () => {
    const rows = mapSheet({
      rows: [
        ['', ''],
        ['Equipment Type*', 'ASSET TAG', 'Ignored'],
        ['Lift', 'LF-1', 'x'],
        ['', '', ''],
        ['Hydrant', 'HY-1'],
      ],
    });
    expect(rows).toEqual([
      {
        rowNumber: 3,
        values: expect.objectContaining({ assetTag: 'LF-1', equipmentType: 'Lift', name: '' }),
      },
      { rowNumber: 5, values: expect.objectContaining({ assetTag: 'HY-1', equipmentType: 'Hydrant' }) },
    ]);
  });

  it('refuses a sheet without the required columns or rows', () => {
    expect(() => mapSheet({ rows: [] })).toThrow(/empty/);
    expect(() => mapSheet({ rows: [['Asset tag']] })).toThrow(/"Equipment type"/);
    expect(() => mapSheet({ rows: [['Asset tag', 'Equipment type']] })).toThrow(/no units/);
    const many = [
      ['Asset tag', 'Equipment type'],
      ...Array.from({ length: 2001 }, (_, i) => [`T-${i}`, 'Lift']),
    ];
    expect(() => mapSheet({ rows: many })).toThrow(/at most 2000/);
  });
});

describe('checkImportRows', () => {
  it('defaults the name to the type and reads status and the critical flag loosely', () => {
    const [row] = checkImportRows(
      [
        {
          rowNumber: 2,
          values: {
            assetTag: 'LF-1',
            equipmentType: 'passenger LIFT',
            name: '',
            serialNumber: '',
            location: '',
            installedOn: '',
            lastInspectedAt: '',
            status: 'out-of-service',
            isCritical: 'Y',
          },
        },
      ],
      {
        siteId: 1,
        typesByName: new Map([['passenger lift', { id: 4, name: 'Passenger lift', status: 'active' }]]),
        assetTagsAtSite: new Set(),
        existingSerials: new Set(),
        today: '2026-06-15',
      },
    );
    expect(row!.errors).toEqual([]);
    expect(row!.unit).toMatchObject({
      equipmentTypeId: 4,
      name: 'Passenger lift',
      status: 'out_of_service',
      isCritical: true,
      serialNumber: null,
    });
  });
});
