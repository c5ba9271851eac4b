import type { ExportFormat } from '@/components/ui/export-menu';
import { downloadExport, type ExportOptions } from '@/lib/download';
import type { InspectionHistoryFilters } from './get-inspections';

/** GET /api/auth/inspections/export?format=xlsx|csv&<filters>, saved as a download. */
export function exportInspections(
  format: ExportFormat,
  filters: InspectionHistoryFilters,
  options?: ExportOptions,
) {
  return downloadExport('/auth/inspections/export', format, { ...filters }, 'inspections', options);
}
