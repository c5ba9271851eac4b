import { downloadExport, type ExportOptions } from '@/lib/download';
import type { EquipmentFilters } from './get-equipments';

/** GET /api/auth/equipments/export?format=xlsx|csv&<filters>, saved as a download. */
export function exportEquipment(format: 'xlsx' | 'csv', filters: EquipmentFilters, options?: ExportOptions) {
  return downloadExport('/auth/equipments/export', format, { ...filters }, 'equipment', options);
}
