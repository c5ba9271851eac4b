import type { ExportFormat } from '@/components/ui/export-menu';
import { downloadFile } from '@/lib/download';
import type { InspectionHistoryFilters } from './get-inspections';

/** GET /api/auth/inspections/export?format=xlsx|csv&<filters>, saved as a download. */
export function exportInspections(format: ExportFormat, filters: InspectionHistoryFilters) {
  return downloadFile('/auth/inspections/export', {
    query: { ...filters, format },
    fallbackName: `inspections.${format}`,
  });
}
