import { downloadExport, type ExportOptions } from '@/lib/download';

export interface EquipmentTypeExportFilters {
  search?: string;
  category?: string;
  status?: 'active' | 'archived';
}

/** GET /api/auth/global-equipment/export?format=xlsx|csv with the catalogue's filters, as a download. */
export function exportEquipmentTypes(
  format: 'xlsx' | 'csv',
  filters: EquipmentTypeExportFilters,
  options?: ExportOptions,
) {
  return downloadExport('/auth/global-equipment/export', format, { ...filters }, 'equipment-types', options);
}
