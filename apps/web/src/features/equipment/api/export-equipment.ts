import { downloadExport, type ExportOptions } from '@/lib/download';
import type { EquipmentFilters } from './get-equipments';

/**
 * GET /api/auth/equipments/export?format=xlsx|csv&<filters>, saved as a download; with `ids`, only
 * those of them (the selected rows).
 */
export function exportEquipment(
  format: 'xlsx' | 'csv',
  filters: EquipmentFilters,
  options?: ExportOptions,
  ids?: number[],
) {
  return downloadExport(
    '/auth/equipments/export',
    format,
    { ...filters, ids: ids?.join(',') },
    'equipment',
    options,
  );
}
