import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { cellText, detectDelimiter, readCsv, readSheet } from './spreadsheet.js';

describe('readCsv', () => {
  it('reads quoted fields, embedded new lines, a BOM and CRLF', () => {
    const sheet = readCsv('\uFEFFAsset tag,Name\r\n"FE-1","Lobby, ground\nfloor"\r\nFE-2, Kitchen \r\n');
    expect(sheet.rows).toEqual([
      ['Asset tag', 'Name'],
      ['FE-1', 'Lobby, ground\nfloor'],
      ['FE-2', 'Kitchen'],
    ]);
  });

  it('detects semicolons and tabs', () => {
    expect(detectDelimiter('Asset tag;Name;Serial')).toBe(';');
    expect(detectDelimiter('Asset tag\tName')).toBe('\t');
    expect(readCsv('a;b\n1;2').rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('names the file field when the CSV is broken', () => {
    expect(() => readCsv('a,b\n"unterminated,1')).toThrow(AppError);
  });
});

describe('readSheet', () => {
  it('refuses files that are not sheets', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x01]);
    await expect(readSheet(png)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expect(readSheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).rejects.toThrow(/\.xls/);
    await expect(readSheet(Buffer.from('PK\u0003\u0004not really a zip'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(readSheet(Buffer.alloc(0))).rejects.toThrow(/empty/);
  });

  it('reads an xlsx: dates, numbers, formulas and rich text as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Equipment');
    sheet.addRow(['Asset tag', 'Installed on', 'Count', 'Calc', 'Rich']);
    sheet.addRow([
      ' FE-1 ',
      new Date(Date.UTC(2024, 4, 17)),
      42,
      { formula: '1+1', result: 2 },
      { richText: [{ text: 'Lob' }, { text: 'by' }] },
    ]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const parsed = await readSheet(buffer);
    expect(parsed.rows).toEqual([
      ['Asset tag', 'Installed on', 'Count', 'Calc', 'Rich'],
      ['FE-1', '2024-05-17', '42', '2', 'Lobby'],
    ]);
  });

  it('turns any cell into text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
    expect(cellText({ text: 'link', hyperlink: 'https://x.test' })).toBe('link');
    expect(cellText({ error: '#N/A' } as ExcelJS.CellErrorValue)).toBe('');
  });
});
