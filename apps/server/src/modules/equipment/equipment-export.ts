import { dueStatusLabels, dueStatusOf, equipmentStatusLabels, importColumns } from '@inspecta/contract';
import { loadExcelJs } from '../../core/spreadsheet.js';
import { dateCell, type ExportColumn } from '../../core/tabular-export.js';
import type { EquipmentWithRefs } from './equipment.repository.js';

/** The columns of the equipment export (docs/equipment.md); the due status depends on today. */
export function equipmentExportColumns(today: string): ExportColumn<EquipmentWithRefs>[] {
  return [
    { heading: 'Asset tag', width: 16, value: (r) => r.unit.assetTag },
    { heading: 'Name', width: 32, value: (r) => r.unit.name },
    { heading: 'Equipment type', width: 34, value: (r) => r.type.name },
    { heading: 'Category', width: 22, value: (r) => r.type.category },
    { heading: 'Serial number', width: 20, value: (r) => r.unit.serialNumber },
    { heading: 'Site code', width: 12, value: (r) => r.site.siteCode },
    { heading: 'Site', width: 30, value: (r) => r.site.name },
    { heading: 'Location', width: 24, value: (r) => r.unit.location },
    { heading: 'Installed on', width: 13, kind: 'date', value: (r) => dateCell(r.unit.installedOn) },
    {
      heading: 'Last inspected on',
      width: 16,
      kind: 'date',
      value: (r) => dateCell(r.unit.lastInspectedAt?.toISOString().slice(0, 10)),
    },
    { heading: 'Next due on', width: 13, kind: 'date', value: (r) => dateCell(r.unit.nextDueOn) },
    {
      heading: 'Due status',
      width: 15,
      value: (r) => {
        const due = dueStatusOf(r.unit.nextDueOn, today);
        return due ? dueStatusLabels[due] : 'Not tracked';
      },
    },
    { heading: 'Status', width: 15, value: (r) => equipmentStatusLabels[r.unit.status] },
    { heading: 'Critical', width: 9, value: (r) => (r.unit.isCritical ? 'Yes' : 'No') },
  ];
}

/** The import template: the Equipment sheet to fill in, the catalogue, and how to fill it. */
export async function buildImportTemplate(
  types: Array<{ name: string; category: string; inspectionIntervalDays: number }>,
): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Inspecta';
  const sheet = workbook.addWorksheet('Equipment', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = importColumns.map((c) => ({
    header: c.heading,
    key: c.key,
    width: c.key === 'equipmentType' ? 36 : c.key === 'name' || c.key === 'location' ? 28 : 18,
  }));
  const heading = sheet.getRow(1);
  heading.font = { bold: true };
  importColumns.forEach((column, index) => {
    if (column.required) {
      heading.getCell(index + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3BF' } };
    }
  });

  const catalogue = workbook.addWorksheet('Equipment types');
  catalogue.columns = [
    { header: 'Equipment type', key: 'name', width: 40 },
    { header: 'Category', key: 'category', width: 24 },
    { header: 'Inspected every (days)', key: 'interval', width: 22 },
  ];
  catalogue.getRow(1).font = { bold: true };
  for (const type of types) {
    catalogue.addRow({ name: type.name, category: type.category, interval: type.inspectionIntervalDays });
  }

  const typeColumn = importColumns.findIndex((c) => c.key === 'equipmentType') + 1;
  const statusColumn = importColumns.findIndex((c) => c.key === 'status') + 1;
  const criticalColumn = importColumns.findIndex((c) => c.key === 'isCritical') + 1;
  const statuses = Object.values(equipmentStatusLabels).join(',');
  for (let row = 2; row <= 501; row++) {
    if (types.length) {
      sheet.getCell(row, typeColumn).dataValidation = {
        type: 'list',
        allowBlank: false,
        formulae: [`'Equipment types'!$A$2:$A$${types.length + 1}`],
      };
    }
    sheet.getCell(row, statusColumn).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${statuses}"`],
    };
    sheet.getCell(row, criticalColumn).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: ['"Yes,No"'],
    };
  }

  const help = workbook.addWorksheet('How to fill in');
  help.columns = [
    { header: 'Column', key: 'column', width: 22 },
    { header: 'What to write', key: 'what', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  const rows: Array<[string, string]> = [
    ['Asset tag *', 'Required. The tag on the unit, unique within the site (e.g. FE-012).'],
    ['Equipment type *', 'Required. A name from the "Equipment types" sheet, exactly as written there.'],
    ['Name', 'What the unit is called on site. Empty: the equipment type name.'],
    ['Serial number', "Optional. The manufacturer's serial; unique for each equipment type."],
    ['Location', 'Optional. Where the unit is within the site (e.g. Level 2 corridor).'],
    ['Installed on', 'Optional. A date: 2024-05-17 or 17/05/2024. Not in the future.'],
    ['Last inspected on', 'Optional. The last completed inspection, if it happened before Inspecta.'],
    ['Status', `Optional. ${Object.values(equipmentStatusLabels).join(', ')}. Empty: In service.`],
    ['Critical', 'Optional. Yes or No. Empty: No.'],
    ['', ''],
    [
      'Example',
      'FE-012 | Fire extinguisher, ABC powder 6 kg | Lobby extinguisher | ABC6-448812 | Ground floor lobby',
    ],
    ['', 'Rows with problems are listed in the preview and skipped; the others are imported together.'],
  ];
  for (const [column, what] of rows) help.addRow({ column, what });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
