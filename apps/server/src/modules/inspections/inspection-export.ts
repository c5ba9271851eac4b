import type { InspectionSummary } from '@inspecta/contract';
import type { ExportColumn } from '../../core/tabular-export.js';

/** The history export's columns: one row per completed inspection, as the history list shows it. */
export const inspectionExportColumns: ExportColumn<InspectionSummary>[] = [
  { heading: 'Inspection', width: 11, value: (r) => r.id },
  { heading: 'Completed (UTC)', width: 17, kind: 'dateTime', value: (r) => new Date(r.completedAt) },
  { heading: 'Result', width: 8, value: (r) => (r.result === 'fail' ? 'Fail' : 'Pass') },
  { heading: 'Failed checks', width: 13, value: (r) => r.failedItems },
  { heading: 'Checks', width: 8, value: (r) => r.totalItems },
  { heading: 'Units', width: 7, value: (r) => r.unitCount },
  { heading: 'Site code', width: 12, value: (r) => r.site.siteCode },
  { heading: 'Site', width: 32, value: (r) => r.site.name },
  { heading: 'City', width: 16, value: (r) => r.site.city },
  { heading: 'Client', width: 28, value: (r) => r.site.clientName },
  { heading: 'Inspector', width: 22, value: (r) => r.inspector.name },
  { heading: 'Category', width: 20, value: (r) => r.category.name },
  { heading: 'Template', width: 30, value: (r) => r.template.name },
  { heading: 'Version', width: 8, value: (r) => r.template.version },
  { heading: 'Started (UTC)', width: 17, kind: 'dateTime', value: (r) => new Date(r.startedAt) },
];
