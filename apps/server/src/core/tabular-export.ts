import { PassThrough, type Writable } from 'node:stream';
import { type DateFormat, EXPORT_ROW_COUNT_HEADER, type ExportFormat } from '@inspecta/contract';
import type ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.js';
import { recordAudit } from './audit.js';
import { loadExcelJs } from './spreadsheet.js';
import { withFields } from './with-fields.js';

/*
 * Streaming exports of the list screens as .xlsx or CSV (docs/exports.md). Rows come in batches from
 * an async iterable (keyset pages from the database), are written as they arrive and are dropped:
 * memory stays flat whatever the row count. Both formats go through `writeTable`, so columns,
 * formula neutralisation and back-pressure are the same everywhere.
 */

export type ExportCell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row> {
  /** A moment's heading ends with "(UTC)"; with `dates` the file names the organisation's zone instead. */
  heading: string;
  /** Column width in characters (xlsx only). */
  width?: number;
  /**
   * `date`: a calendar date (`YYYY-MM-DD`); `dateTime`: a moment, written in UTC, or in the
   * organisation's time zone when the table has `dates`. Default: as is.
   */
  kind?: 'date' | 'dateTime';
  value(row: Row): ExportCell;
}

export interface TableSpec<Row> {
  format: ExportFormat;
  /** The worksheet's name (xlsx), e.g. "Users". */
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<readonly Row[]>;
  /** More worksheets after the main one, xlsx only (a summary such as the bills' tax by rate). */
  extraSheets?: readonly ExtraSheet[];
  /** The organisation's date format and time zone (Settings); without it dates are ISO and moments UTC. */
  dates?: ExportDates;
}

/** What an export takes from the organisation's settings. */
export interface ExportDates {
  dateFormat: DateFormat;
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisation's date settings for exports (app.ts wires it to the settings module). */
    exportDates?: () => Promise<ExportDates>;
  }
}

/** A small worksheet written after the streamed one: its rows are read once the main sheet is done. */
export interface ExtraSheet<Row = unknown> {
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  rows(): Promise<readonly Row[]>;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Rows each keyset query fetches: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/** A spreadsheet runs text starting with these as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters XML 1.0 cannot hold at all: they would make the .xlsx unreadable. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Excel's limit for one cell's text. */
const XLSX_MAX_TEXT = 32767;

/**
 * Text a spreadsheet would run as a formula gets a leading single quote (shown as text by Excel,
 * LibreOffice and Google Sheets). Numbers, including negative ones, are left alone.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A value for a CSV field: formula-looking text neutralised, then the field quoted when it holds a
 * quote, a separator (comma, or semicolon for European Excel), a line break or edge spaces.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') text = neutraliseFormula(text);
  return /[",\r\n;]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: Array<string | number | boolean | null | undefined>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The moment as the clock on the wall in `timeZone` shows it, as a Date whose UTC fields hold that
 * wall time: a spreadsheet cell has no zone, so the cell shows what people there read.
 */
export function wallClock(moment: Date, timeZone: string): Date {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, Number(p.value)]));
  return new Date(
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!),
  );
}

/** Excel number formats for the organisation's date formats. */
const XLSX_DATE_FORMATS: Record<DateFormat, string> = {
  'DD/MM/YYYY': 'dd/mm/yyyy',
  'MM/DD/YYYY': 'mm/dd/yyyy',
  'YYYY-MM-DD': 'yyyy-mm-dd',
  'D MMM YYYY': 'd mmm yyyy',
};

/** A moment's heading names the zone its cells are in. */
function headingOf(
  column: Pick<ExportColumn<unknown>, 'heading' | 'kind'>,
  dates: ExportDates | undefined,
): string {
  if (!dates || column.kind !== 'dateTime') return column.heading;
  return column.heading.replace(/\(UTC\)$/, `(${dates.timeZone})`);
}

/** A moment in the table's zone: the organisation's when it has `dates`, else UTC. */
function inZone(
  value: ExportCell,
  column: Pick<ExportColumn<unknown>, 'kind'>,
  dates: ExportDates | undefined,
): ExportCell {
  return dates && column.kind === 'dateTime' && value instanceof Date
    ? wallClock(value, dates.timeZone)
    : value;
}

/**
 * A Date as CSV text: `YYYY-MM-DD` for dates, `YYYY-MM-DD HH:MM` for moments (already in the table's
 * zone). CSV is read by programs as much as by people, so it keeps the unambiguous ISO order.
 */
function csvDate(date: Date, kind: ExportColumn<unknown>['kind']): string {
  const day = date.toISOString().slice(0, 10);
  if (kind !== 'dateTime') return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** An ISO calendar date (`YYYY-MM-DD`) as a Date at UTC midnight, for a real date cell. */
export function dateCell(iso: string | null | undefined): Date | null {
  return iso ? new Date(`${iso}T00:00:00Z`) : null;
}

/**
 * Text cells of an .xlsx are written as string cells, never as formulas, whatever they start with,
 * so the text stays exactly as stored (a phone number "+44 ..." keeps its plus sign).
 */
function xlsxValue(value: ExportCell): ExcelJS.CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  return value.replace(XML_INVALID, '').slice(0, XLSX_MAX_TEXT);
}

class ExportAborted extends Error {
  constructor() {
    super('The export was cancelled by the client');
  }
}

/** Waits until the destination can take more (or is gone), so nothing piles up in memory. */
async function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new ExportAborted();
  if (!stream.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    // Both listeners go once either fires: thousands of batches must not leave listeners behind.
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
  if (stream.destroyed) throw new ExportAborted();
}

async function write(stream: Writable, chunk: string): Promise<void> {
  if (stream.destroyed) throw new ExportAborted();
  if (!stream.write(chunk)) await drained(stream);
}

/**
 * Writes the table to `stream` (ending it) as CSV (UTF-8 with a BOM, so Excel reads accents right,
 * CRLF lines) or .xlsx (exceljs's streaming writer, one sheet, heading row bold and frozen, dates as
 * real date cells). Answers the number of data rows written.
 */
export async function writeTable<Row>(stream: Writable, spec: TableSpec<Row>): Promise<number> {
  return spec.format === 'csv' ? writeCsv(stream, spec) : writeXlsx(stream, spec);
}

async function writeCsv<Row>(stream: Writable, { columns, batches, dates }: TableSpec<Row>): Promise<number> {
  let count = 0;
  await write(stream, `\uFEFF${csvLine(columns.map((c) => headingOf(c, dates)))}`);
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) {
      chunk += csvLine(
        columns.map((column) => {
          const value = inZone(column.value(row), column, dates);
          return value instanceof Date ? csvDate(value, column.kind) : value;
        }),
      );
    }
    count += batch.length;
    await write(stream, chunk);
  }
  stream.end();
  return count;
}

function addSheet<Row>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  dates: ExportDates | undefined,
) {
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const day = XLSX_DATE_FORMATS[dates?.dateFormat ?? 'YYYY-MM-DD'];
  sheet.columns = columns.map((column) => {
    const header = headingOf(column, dates);
    return {
      header,
      width: column.width ?? Math.max(12, header.length + 2),
      ...(column.kind === 'date'
        ? { style: { numFmt: day } }
        : column.kind === 'dateTime'
          ? { style: { numFmt: `${day} hh:mm` } }
          : {}),
    };
  });
  const heading = sheet.getRow(1);
  heading.font = { bold: true };
  heading.commit();
  return sheet;
}

async function writeXlsx<Row>(stream: Writable, spec: TableSpec<Row>): Promise<number> {
  const { columns, batches } = spec;
  const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    // Shared strings would keep every distinct text in memory until the end: inline strings instead.
    useSharedStrings: false,
  });
  workbook.creator = 'Inspecta';
  const { dates } = spec;
  const cell = <R>(column: ExportColumn<R>, row: R) => xlsxValue(inZone(column.value(row), column, dates));
  const sheet = addSheet(workbook, spec.sheetName, columns, dates);
  let count = 0;
  for await (const batch of batches) {
    if (stream.destroyed) throw new ExportAborted();
    for (const row of batch) sheet.addRow(columns.map((column) => cell(column, row))).commit();
    count += batch.length;
    await drained(stream);
  }
  sheet.commit();
  for (const extra of spec.extraSheets ?? []) {
    if (stream.destroyed) throw new ExportAborted();
    const extraSheet = addSheet(workbook, extra.sheetName, extra.columns, dates);
    for (const row of await extra.rows())
      extraSheet.addRow(extra.columns.map((column) => cell(column, row))).commit();
    extraSheet.commit();
  }
  await workbook.commit();
  return count;
}

/**
 * Keyset paging for exports: fetches `size` rows after the last id seen until a short page, so each
 * query is an index range scan and only one batch is in memory at a time.
 */
export async function* keysetBatches<Row>(
  fetchAfter: (afterId: number, size: number) => Promise<Row[]>,
  idOf: (row: Row) => number,
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const batch = await fetchAfter(afterId, size);
    if (batch.length) yield batch;
    if (batch.length < size) return;
    afterId = idOf(batch[batch.length - 1]!);
  }
}

/** Enriches each batch as it passes (e.g. counts from another table, one query per batch). */
export async function* mapBatches<In, Out>(
  batches: AsyncIterable<readonly In[]>,
  map: (batch: readonly In[]) => Promise<Out[]>,
): AsyncGenerator<Out[]> {
  for await (const batch of batches) yield await map(batch);
}

/** What a service answers when an export starts: the row count (audited) and the rows to stream. */
export interface PreparedExport<Row> {
  rowCount: number;
  batches: AsyncIterable<readonly Row[]>;
  /** Today's date by the server clock (`YYYY-MM-DD`), for the file name. */
  date: string;
}

/** The file name of an export: `<name>-<YYYY-MM-DD>.<format>`. */
export function exportFileName(name: string, date: string, format: ExportFormat): string {
  return `${name}-${date}.${format}`;
}

/** Content-Disposition for a download, with the UTF-8 form of the name for non-ASCII names. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface ExportReplySpec<Row> extends TableSpec<Row> {
  /** Base of the file name, e.g. "users": the download is `users-2026-11-23.xlsx`. */
  fileName: string;
  /** Today's date (the server clock) for the file name. */
  date: string;
  /** Rows counted when the export started, sent as `x-export-row-count` for the client's progress. */
  rowCount?: number;
}

/**
 * Answers a route with the streamed table: Content-Type, a dated attachment name, no Content-Length
 * (the size is unknown until the end) and the row-count header. A failure part-way (the database
 * going away) can no longer change the status, so it is logged and the download is cut short; a
 * client that cancels stops the database reads at the next batch.
 */
export async function sendTable<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: ExportReplySpec<Row>,
) {
  // Dates follow the organisation's settings, read before the first byte (docs/exports.md).
  const dates = spec.dates ?? (await request.server.exportDates?.());
  const stream = new PassThrough();
  writeTable(stream, dates ? withFields(spec, { dates }) : spec).catch((error: unknown) => {
    if (error instanceof ExportAborted) {
      request.log.info({ file: spec.fileName }, 'export cancelled by the client');
    } else {
      request.log.error({ err: error, file: spec.fileName }, 'export failed part-way');
    }
    stream.destroy(error instanceof ExportAborted ? undefined : (error as Error));
  });
  reply
    .header('Content-Type', spec.format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE)
    .header('Content-Disposition', attachment(exportFileName(spec.fileName, spec.date, spec.format)))
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Expose-Headers', `Content-Disposition, ${EXPORT_ROW_COUNT_HEADER}`);
  if (spec.rowCount !== undefined) reply.header(EXPORT_ROW_COUNT_HEADER, String(spec.rowCount));
  return reply.send(stream);
}

/** OpenAPI `produces` of an export route. */
export const EXPORT_PRODUCES = [XLSX_CONTENT_TYPE, 'text/csv'];

export interface ExportAudit {
  actorId: number;
  ipAddress?: string | null;
  /** The domain of the list, e.g. "user": the action is `user.exported`. */
  entityType: string;
  format: ExportFormat;
  /** The filters of the export exactly as validated (empty ones left out). */
  filters: Record<string, unknown>;
  rowCount: number;
}

/**
 * An export reads a lot of data at once, so it is audited like a change: `<entity>.exported` with
 * the filters, the format and the number of rows, written before the first row leaves the server.
 */
export async function recordExport(executor: Executor, entry: ExportAudit): Promise<void> {
  const filters = Object.fromEntries(
    Object.entries(entry.filters).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
  await recordAudit(executor, {
    actorId: entry.actorId,
    action: `${entry.entityType}.exported`,
    entityType: entry.entityType,
    entityId: null,
    after: { format: entry.format, filters, rowCount: entry.rowCount },
    ipAddress: entry.ipAddress ?? null,
  });
}
