import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from './errors.js';

/** ExcelJS, loaded on the first sheet read or written rather than at start (about 150 ms of the start). */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** A sheet read from an uploaded file: every cell as trimmed text, rows in order. */
export interface ParsedSheet {
  rows: string[][];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(buffer: Buffer, magic: number[]): boolean {
  return magic.every((byte, i) => buffer[i] === byte);
}

function notASheet(message = 'The file is not a CSV or Excel (.xlsx) sheet'): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { details: [{ field: 'file', message }] });
}

/**
 * Reads an uploaded CSV or .xlsx by its content, not its name: an .xlsx is a zip, a CSV is UTF-8 text.
 * Anything else (an image, a PDF, an old binary .xls) is refused with 415 naming the file field.
 */
export async function readSheet(buffer: Buffer): Promise<ParsedSheet> {
  if (buffer.length === 0) throw notASheet('The file is empty');
  if (startsWith(buffer, ZIP_MAGIC)) return readXlsx(buffer);
  if (startsWith(buffer, OLE_MAGIC)) {
    throw notASheet(
      'Old Excel files (.xls) are not supported. Save the sheet as .xlsx or .csv and try again.',
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw notASheet();
  }
  if (text.includes('\u0000')) throw notASheet();
  return readCsv(text);
}

/** The delimiter the heading line uses most: comma, semicolon (European Excel) or tab. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

export function readCsv(input: string): ParsedSheet {
  const text = input.replace(/^\uFEFF/, '');
  try {
    const records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
    return { rows: records.map((r) => r.map((cell) => cell.trim())) };
  } catch (error) {
    const message = `The CSV file could not be read: ${(error as Error).message.split('\n')[0]}`;
    throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'file', message }] });
  }
}

async function readXlsx(buffer: Buffer): Promise<ParsedSheet> {
  const workbook = new (await loadExcelJs()).Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw notASheet();
  }
  const sheet = workbook.getWorksheet('Equipment') ?? workbook.worksheets[0];
  if (!sheet) return { rows: [] };
  const rows: string[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  }
  return { rows };
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Any cell value as the text a person sees (formula → its result; dates → YYYY-MM-DD). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('formula' in value || 'sharedFormula' in value) {
      return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    }
    if ('hyperlink' in value) return String((value as ExcelJS.CellHyperlinkValue).text ?? '').trim();
    if ('error' in value) return '';
  }
  return String(value).trim();
}
