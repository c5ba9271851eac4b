import type { TemplateExportQuery } from '@inspecta/contract';
import { downloadExport, type ExportOptions } from '@/lib/download';

/** The list's export query without the format (added by the download). */
export type TemplateExportFilters = Partial<Omit<TemplateExportQuery, 'format'>>;

/** GET /api/templates/export?format=xlsx|csv with the list's filters, as a download. */
export function exportTemplates(
  format: 'xlsx' | 'csv',
  filters: TemplateExportFilters,
  options?: ExportOptions,
) {
  return downloadExport('/templates/export', format, { ...filters }, 'templates', options);
}
