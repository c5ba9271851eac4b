import {
  type EquipmentCreateValues,
  type EquipmentStatus,
  equipmentCreateBodySchema,
  equipmentStatuses,
  equipmentStatusLabels,
  type FieldError,
  IMPORT_MAX_ROWS,
  type ImportColumnKey,
  type ImportRow,
  importColumns,
  isValidIsoDate,
} from '@inspecta/contract';
import { AppError } from '../../core/errors.js';
import type { ParsedSheet } from '../../core/spreadsheet.js';

export type ImportValues = ImportRow['values'];

export interface RawImportRow {
  rowNumber: number;
  values: ImportValues;
}

export interface ImportTypeRef {
  id: number;
  name: string;
  status: 'active' | 'archived';
}

export interface ImportLookups {
  siteId: number;
  /** Types by lower-cased, trimmed name. */
  typesByName: Map<string, ImportTypeRef>;
  /** Lower-cased asset tags already used at the site. */
  assetTagsAtSite: Set<string>;
  /** `typeId:lower(serial)` of serial numbers already registered. */
  existingSerials: Set<string>;
  today: string;
}

export interface CheckedImportRow extends ImportRow {
  /** The unit to insert, when the row has no errors. */
  unit: EquipmentCreateValues | null;
}

function fileError(message: string): AppError {
  return AppError.validation([{ field: 'file', message }], message);
}

const normaliseHeading = (text: string) =>
  text.toLowerCase().replace(/[*:]/g, '').replace(/\s+/g, ' ').trim();

const HEADING_ALIASES: Record<string, ImportColumnKey> = {
  'asset tag': 'assetTag',
  'asset no': 'assetTag',
  'asset number': 'assetTag',
  'equipment type': 'equipmentType',
  type: 'equipmentType',
  name: 'name',
  'serial number': 'serialNumber',
  'serial no': 'serialNumber',
  serial: 'serialNumber',
  location: 'location',
  'installed on': 'installedOn',
  'install date': 'installedOn',
  'installation date': 'installedOn',
  'last inspected on': 'lastInspectedAt',
  'last inspected': 'lastInspectedAt',
  'last inspection': 'lastInspectedAt',
  status: 'status',
  critical: 'isCritical',
};

const emptyValues = (): ImportValues => ({
  assetTag: '',
  equipmentType: '',
  name: '',
  serialNumber: '',
  location: '',
  installedOn: '',
  lastInspectedAt: '',
  status: '',
  isCritical: '',
});

/**
 * Finds the heading row (the first non-blank row), maps its columns by name (any order, case and a
 * trailing * ignored) and answers the data rows. Sheet-level problems (no heading, a required column
 * missing, no rows, too many rows) refuse the whole file, naming the `file` field.
 */
export function mapSheet(sheet: ParsedSheet): RawImportRow[] {
  const headingIndex = sheet.rows.findIndex((row) => row.some((cell) => cell !== ''));
  if (headingIndex < 0) throw fileError('The sheet is empty: it needs a heading row and at least one unit');
  const heading = sheet.rows[headingIndex]!;
  const columns = new Map<ImportColumnKey, number>();
  heading.forEach((cell, index) => {
    const key = HEADING_ALIASES[normaliseHeading(cell)];
    if (key && !columns.has(key)) columns.set(key, index);
  });
  const missing = importColumns.filter((c) => c.required && !columns.has(c.key)).map((c) => `"${c.heading}"`);
  if (missing.length) {
    throw fileError(
      `The sheet has no ${missing.join(' or ')} column. Use the template: its first row names the columns.`,
    );
  }

  const rows: RawImportRow[] = [];
  for (let index = headingIndex + 1; index < sheet.rows.length; index++) {
    const cells = sheet.rows[index]!;
    if (cells.every((cell) => cell === '')) continue;
    const values = emptyValues();
    for (const [key, column] of columns) values[key] = cells[column] ?? '';
    rows.push({ rowNumber: index + 1, values });
  }
  if (!rows.length) throw fileError('The sheet has a heading row but no units below it');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw fileError(`The sheet has ${rows.length} units; import at most ${IMPORT_MAX_ROWS} at a time`);
  }
  return rows;
}

/** Dates as people type them in India and in spreadsheets: 2024-05-17, 17/05/2024, 17-05-2024, 17.05.2024, or an Excel serial day. */
export function parseSheetDate(text: string): string | null {
  const value = text.trim();
  if (isValidIsoDate(value)) return value;
  let match = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(value);
  if (match) return validDate(match[1]!, match[2]!, match[3]!);
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) return validDate(match[3]!, match[2]!, match[1]!);
  if (/^\d{5}(\.\d+)?$/.test(value)) {
    // Excel's day count (1900 date system), for a date cell exported as a plain number.
    const serial = Math.floor(Number(value));
    if (serial > 0 && serial < 2_958_466) {
      return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
    }
  }
  return null;
}

function validDate(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidIsoDate(iso) ? iso : null;
}

function parseStatus(text: string): EquipmentStatus | null {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (value === '') return 'in_service';
  if ((equipmentStatuses as readonly string[]).includes(value)) return value as EquipmentStatus;
  return null;
}

function parseFlag(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(value)) return false;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  return null;
}

/** Where a field of the create schema sits in the sheet (siteId comes from the request, not a column). */
const BODY_FIELD_TO_COLUMN: Record<string, ImportColumnKey> = {
  equipmentTypeId: 'equipmentType',
  assetTag: 'assetTag',
  name: 'name',
  serialNumber: 'serialNumber',
  location: 'location',
  installedOn: 'installedOn',
  lastInspectedAt: 'lastInspectedAt',
  status: 'status',
  isCritical: 'isCritical',
};

/**
 * Checks every row on its own (the same rules as the create form) and against the others and the
 * database: asset tags unique per site, serial numbers unique per equipment type. Pure: the caller
 * loads the lookups.
 */
export function checkImportRows(rows: RawImportRow[], lookups: ImportLookups): CheckedImportRow[] {
  const tagsInFile = new Map<string, number>();
  const serialsInFile = new Map<string, number>();

  return rows.map(({ rowNumber, values }) => {
    const errors: FieldError[] = [];
    const add = (field: ImportColumnKey, message: string) => {
      if (!errors.some((e) => e.field === field)) errors.push({ field, message });
    };
    const shown = { ...values };

    const type = values.equipmentType
      ? lookups.typesByName.get(values.equipmentType.trim().toLowerCase())
      : undefined;
    if (!values.equipmentType) add('equipmentType', 'Equipment type is required');
    else if (!type) add('equipmentType', `Unknown equipment type "${values.equipmentType}"`);
    else if (type.status === 'archived') add('equipmentType', `Equipment type "${type.name}" is archived`);

    const installedOn = values.installedOn ? parseSheetDate(values.installedOn) : null;
    if (values.installedOn && !installedOn)
      add('installedOn', 'Installed on must be a date like 2024-05-17 or 17/05/2024');
    if (installedOn) shown.installedOn = installedOn;
    const lastInspected = values.lastInspectedAt ? parseSheetDate(values.lastInspectedAt) : null;
    if (values.lastInspectedAt && !lastInspected) {
      add('lastInspectedAt', 'Last inspected on must be a date like 2024-05-17 or 17/05/2024');
    }
    if (lastInspected) shown.lastInspectedAt = lastInspected;
    const status = parseStatus(values.status);
    if (!status) add('status', `Status must be one of: ${Object.values(equipmentStatusLabels).join(', ')}`);
    const isCritical = parseFlag(values.isCritical);
    if (isCritical === null) add('isCritical', 'Critical must be Yes or No');

    const parsed = equipmentCreateBodySchema.safeParse({
      siteId: lookups.siteId,
      equipmentTypeId: type?.id ?? 0,
      assetTag: values.assetTag,
      name: values.name || type?.name || values.equipmentType || '',
      serialNumber: values.serialNumber,
      location: values.location,
      installedOn: installedOn ?? '',
      lastInspectedAt: lastInspected ?? '',
      status: status ?? 'in_service',
      isCritical: isCritical ?? false,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = BODY_FIELD_TO_COLUMN[String(issue.path[0])];
        if (column) add(column, issue.message);
      }
    }
    if (installedOn && installedOn > lookups.today)
      add('installedOn', 'Installed on cannot be in the future');
    if (lastInspected && lastInspected > lookups.today) {
      add('lastInspectedAt', 'Last inspected on cannot be in the future');
    }
    if (installedOn && lastInspected && lastInspected < installedOn) {
      add('lastInspectedAt', 'Last inspected on cannot be before the install date');
    }

    const tag = values.assetTag.trim().toLowerCase();
    if (tag) {
      const firstRow = tagsInFile.get(tag);
      if (firstRow !== undefined) add('assetTag', `Asset tag ${values.assetTag} is also on row ${firstRow}`);
      else {
        tagsInFile.set(tag, rowNumber);
        if (lookups.assetTagsAtSite.has(tag))
          add('assetTag', `Asset tag ${values.assetTag} is already used at this site`);
      }
    }
    const serial = values.serialNumber.trim().toLowerCase();
    if (serial && type) {
      const key = `${type.id}:${serial}`;
      const firstRow = serialsInFile.get(key);
      if (firstRow !== undefined) {
        add('serialNumber', `Serial number ${values.serialNumber} is also on row ${firstRow} for this type`);
      } else {
        serialsInFile.set(key, rowNumber);
        if (lookups.existingSerials.has(key)) {
          add('serialNumber', `Serial number ${values.serialNumber} is already registered for ${type.name}`);
        }
      }
    }

    return {
      rowNumber,
      values: shown,
      errors,
      unit: errors.length === 0 && parsed.success ? parsed.data : null,
    };
  });
}
