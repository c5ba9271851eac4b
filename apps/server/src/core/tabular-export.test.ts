import { PassThrough, Writable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvLine,
  dateCell,
  type ExportColumn,
  keysetBatches,
  neutraliseFormula,
  wallClock,
  writeTable,
} from './tabular-export.js';

interface Person {
  id: number;
  name: string;
  phone: string | null;
  score: number;
  joinedOn: string;
  seenAt: Date | null;
}

const columns: ExportColumn<Person>[] = [
  { heading: 'Id', value: (p) => p.id },
  { heading: 'Name', width: 30, value: (p) => p.name },
  { heading: 'Phone', value: (p) => p.phone },
  { heading: 'Score', value: (p) => p.score },
  { heading: 'Joined on', kind: 'date', value: (p) => dateCell(p.joinedOn) },
  { heading: 'Last seen (UTC)', kind: 'dateTime', value: (p) => p.seenAt },
];

const risky: Person[] = [
  {
    id: 1,
    name: '=HYPERLINK("http://evil","x")',
    phone: '+44 20 7946 0000',
    score: -3,
    joinedOn: '2025-01-05',
    seenAt: new Date('2026-03-04T05:06:00Z'),
  },
  { id: 2, name: '@SUM(A1:A9)', phone: null, score: 0, joinedOn: '2025-02-01', seenAt: null },
  { id: 3, name: '-1+2', phone: '\tTAB', score: 7.5, joinedOn: '2025-03-01', seenAt: null },
  { id: 4, name: 'Smith, "Jo"\nline two', phone: '\rCR', score: 1, joinedOn: '2025-04-01', seenAt: null },
  { id: 5, name: 'Plain; text \u0007bell', phone: '0123', score: 2, joinedOn: '2025-05-01', seenAt: null },
];

async function* inBatches<T>(rows: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function collect(format: 'csv' | 'xlsx', rows: Person[]) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  const count = await writeTable(stream, {
    format,
    sheetName: 'People',
    columns,
    batches: inBatches(rows, 2),
  });
  await ended;
  return { count, body: Buffer.concat(chunks) };
}

describe('neutraliseFormula and csvField', () => {
  it('prefixes text a spreadsheet would run as a formula with a single quote', () => {
    for (const text of ['=1+1', '+91 98200', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(csvField(text).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    }
    expect(neutraliseFormula('FE-001')).toBe('FE-001');
    expect(csvField('FE-001')).toBe('FE-001');
    // A real number is data, not an injection: it stays a number.
    expect(csvField(-2)).toBe('-2');
  });

  it('quotes commas, semicolons, quotes, new lines and outer spaces', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1, true, null])).toBe('a,1,true,\r\n');
  });
});

describe('writeTable', () => {
  it('writes CSV with a BOM, CRLF lines, neutralised formulas and dates as text', async () => {
    const { count, body } = await collect('csv', risky);
    expect(count).toBe(5);
    const text = body.toString('utf8');
    expect(text.startsWith('\uFEFFId,Name,Phone,Score,Joined on,Last seen (UTC)\r\n')).toBe(true);
    const records = parseCsv(text.slice(1), { relax_column_count: false }) as string[][];
    expect(records).toHaveLength(6);
    expect(records[1]).toEqual([
      '1',
      `'=HYPERLINK("http://evil","x")`,
      "'+44 20 7946 0000",
      '-3',
      '2025-01-05',
      '2026-03-04 05:06',
    ]);
    expect(records[2]).toEqual(['2', "'@SUM(A1:A9)", '', '0', '2025-02-01', '']);
    expect(records[3]).toEqual(['3', "'-1+2", "'\tTAB", '7.5', '2025-03-01', '']);
    expect(records[4]).toEqual(['4', 'Smith, "Jo"\nline two', "'\rCR", '1', '2025-04-01', '']);
    // No field of the file starts with a formula character once parsed.
    for (const record of records.slice(1)) {
      for (const field of record.slice(1, 3)) expect(field).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('writes .xlsx that reads back with text as string cells (never formulas) and real dates', async () => {
    const { count, body } = await collect('xlsx', risky);
    expect(count).toBe(5);
    expect(body.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('People')!;
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Id',
      'Name',
      'Phone',
      'Score',
      'Joined on',
      'Last seen (UTC)',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(2).value).toBe('=HYPERLINK("http://evil","x")');
    expect(first.getCell(2).formula).toBeUndefined();
    expect(first.getCell(3).value).toBe('+44 20 7946 0000');
    expect(first.getCell(4).value).toBe(-3);
    expect(first.getCell(5).value).toEqual(new Date('2025-01-05T00:00:00Z'));
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(6).value).toEqual(new Date('2026-03-04T05:06:00Z'));
    expect(sheet.getRow(3).getCell(2).value).toBe('@SUM(A1:A9)');
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.getRow(4).getCell(2).value).toBe('-1+2');
    // Characters XML cannot hold are dropped instead of breaking the file.
    expect(sheet.getRow(6).getCell(2).value).toBe('Plain; text bell');
    expect(body.includes(Buffer.from('<f>'))).toBe(false);
  });

  it("writes dates in the organisation's format and moments on its clock when the table has `dates`", async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    const spec = {
      sheetName: 'People',
      columns,
      dates: { dateFormat: 'D MMM YYYY', timeZone: 'Asia/Kolkata' },
    } as const;
    await writeTable(stream, { ...spec, format: 'xlsx', batches: inBatches(risky.slice(0, 1), 2) });
    await ended;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('People')!.getRow(2);
    expect(workbook.getWorksheet('People')!.getRow(1).getCell(6).value).toBe('Last seen (Asia/Kolkata)');
    expect(row.getCell(5).numFmt).toBe('d mmm yyyy');
    expect(row.getCell(5).value).toEqual(new Date('2025-01-05T00:00:00Z'));
    // 05:06 UTC is 10:36 in India.
    expect(row.getCell(6).value).toEqual(new Date('2026-03-04T10:36:00Z'));
    expect(row.getCell(6).numFmt).toBe('d mmm yyyy hh:mm');

    const csvStream = new PassThrough();
    const text: Buffer[] = [];
    csvStream.on('data', (chunk: Buffer) => text.push(chunk));
    const csvEnded = new Promise((resolve) => csvStream.on('end', resolve));
    await writeTable(csvStream, { ...spec, format: 'csv', batches: inBatches(risky.slice(0, 1), 2) });
    await csvEnded;
    const lines = Buffer.concat(text).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFId,Name,Phone,Score,Joined on,Last seen (Asia/Kolkata)');
    expect(lines[1]!.endsWith(',2025-01-05,2026-03-04 10:36')).toBe(true);
  });

  it('reads the wall clock of a zone across a daylight-saving change', () => {
    // 06:30 UTC on 8 March 2026 is 01:30 EST before the change; 07:30 UTC is 03:30 EDT after it.
    expect(wallClock(new Date('2026-03-08T06:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-08T01:30:00.000Z',
    );
    expect(wallClock(new Date('2026-03-08T07:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-08T03:30:00.000Z',
    );
  });

  it('writes only the heading when there are no rows', async () => {
    const csv = await collect('csv', []);
    expect(csv.count).toBe(0);
    expect(csv.body.toString('utf8')).toBe('\uFEFFId,Name,Phone,Score,Joined on,Last seen (UTC)\r\n');
    const xlsx = await collect('xlsx', []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('People')!.rowCount).toBe(1);
  });

  it('waits for a slow reader and stops reading batches once the reader is gone', async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<Person[]> {
      for (;;) {
        produced++;
        yield Array.from({ length: 500 }, (_, i) => ({
          ...risky[4]!,
          id: produced * 1000 + i,
          name: 'x'.repeat(200),
        }));
      }
    }
    let received = 0;
    const reader = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        // A slow client: one chunk every few milliseconds, then it hangs up.
        if (received > 400_000) this.destroy();
        else setTimeout(done, 2);
      },
    });
    const stream = new PassThrough({ highWaterMark: 16 * 1024 });
    stream.pipe(reader);
    reader.on('close', () => stream.destroy());
    await expect(
      writeTable(stream, { format: 'csv', sheetName: 'x', columns, batches: endless() }),
    ).rejects.toThrow(/cancelled/);
    // Back-pressure kept the writer close to the reader: a few batches, not an unbounded number.
    expect(produced).toBeLessThan(10);
  });
});

describe('keysetBatches', () => {
  it('pages by the last id until a short page', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    const calls: number[] = [];
    const fetchAfter = async (afterId: number, size: number) => {
      calls.push(afterId);
      return ids.filter((id) => id > afterId).slice(0, size);
    };
    const seen: number[][] = [];
    for await (const batch of keysetBatches(fetchAfter, (id) => id, 10)) seen.push(batch);
    expect(seen.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(calls).toEqual([0, 10, 20]);
    const exact: number[][] = [];
    for await (const batch of keysetBatches(
      async (after, size) =>
        ids
          .slice(0, 20)
          .filter((id) => id > after)
          .slice(0, size),
      (id) => id,
      10,
    )) {
      exact.push(batch);
    }
    expect(exact.map((b) => b.length)).toEqual([10, 10]);
  });
});
