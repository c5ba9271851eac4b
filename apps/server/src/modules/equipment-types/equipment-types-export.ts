import type { ExportColumn } from '../../core/tabular-export.js';
import type { EquipmentTypeExportRow } from './equipment-types.repository.js';

/** The columns of the equipment-type catalogue export (screen /dashboard/orders). */
export const EQUIPMENT_TYPE_EXPORT_COLUMNS: ExportColumn<EquipmentTypeExportRow>[] = [
  { heading: 'Id', width: 8, value: (t) => t.id },
  { heading: 'Name', width: 36, value: (t) => t.name },
  { heading: 'Category', width: 24, value: (t) => t.category },
  { heading: 'Manufacturer', width: 20, value: (t) => t.manufacturer },
  { heading: 'Model', width: 18, value: (t) => t.model },
  { heading: 'Inspected every (days)', width: 12, value: (t) => t.inspectionIntervalDays },
  { heading: 'Default template', width: 28, value: (t) => t.defaultTemplateName },
  { heading: 'Installed units', width: 10, value: (t) => t.installedCount },
  { heading: 'Status', width: 10, value: (t) => (t.status === 'active' ? 'Active' : 'Archived') },
  { heading: 'Description', width: 40, value: (t) => t.description },
  { heading: 'Created (UTC)', width: 18, kind: 'dateTime', value: (t) => t.createdAt },
];
