import type { TemplateStatus } from '@inspecta/contract';
import type { ExportColumn } from '../../core/tabular-export.js';
import type { TemplateExportRow } from './templates.repository.js';

const STATUS_LABEL: Record<TemplateStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** The columns of the template export (screen /dashboard/invoice). */
export const TEMPLATE_EXPORT_COLUMNS: ExportColumn<TemplateExportRow>[] = [
  { heading: 'Id', width: 8, value: (r) => r.template.id },
  { heading: 'Name', width: 34, value: (r) => r.template.name },
  { heading: 'Category', width: 22, value: (r) => r.category?.name ?? null },
  { heading: 'Status', width: 11, value: (r) => STATUS_LABEL[r.template.status] },
  { heading: 'Published version', width: 10, value: (r) => r.template.publishedVersion },
  { heading: 'Draft version', width: 10, value: (r) => r.draftVersion },
  { heading: 'Sections', width: 9, value: (r) => r.sectionCount },
  { heading: 'Items', width: 8, value: (r) => r.itemCount },
  { heading: 'Equipment types', width: 40, value: (r) => r.equipmentTypes.join(', ') },
  { heading: 'Description', width: 40, value: (r) => r.template.description },
  { heading: 'Published (UTC)', width: 18, kind: 'dateTime', value: (r) => r.publishedAt },
  { heading: 'Updated (UTC)', width: 18, kind: 'dateTime', value: (r) => r.template.updatedAt },
];
