import type { EquipmentTypeExportQuery } from '@inspecta/contract';
import { downloadExport, type ExportOptions } from '@/lib/download';

/** The catalogue's export query without the format (added by the download). */
export type EquipmentTypeExportFilters = Partial<Omit<EquipmentTypeExportQuery, 'format'>>;

/** GET /api/auth/global-equipment/export?format=xlsx|csv with the catalogue's filters, as a download. */
export function exportEquipmentTypes(
  format: 'xlsx' | 'csv',
  filters: EquipmentTypeExportFilters,
  options?: ExportOptions,
) {
  return downloadExport('/auth/global-equipment/export', format, { ...filters }, 'equipment-types', options);
}
