import { downloadExport, type ExportOptions } from '@/lib/download';

export interface TemplateExportFilters {
  search?: string | undefined;
  categoryId?: number | undefined;
  equipmentTypeId?: number | undefined;
  status?: 'draft' | 'published' | 'archived' | undefined;
}

/** GET /api/templates/export?format=xlsx|csv with the list's filters, as a download. */
export function exportTemplates(
  format: 'xlsx' | 'csv',
  filters: TemplateExportFilters,
  options?: ExportOptions,
) {
  return downloadExport('/templates/export', format, { ...filters }, 'templates', options);
}
