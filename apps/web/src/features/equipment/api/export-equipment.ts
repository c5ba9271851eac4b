import { downloadFile } from '@/lib/download';
import type { EquipmentFilters } from './get-equipments';

/** GET /api/auth/equipments/export?format=xlsx|csv&<filters>, saved as a download. */
export function exportEquipment(format: 'xlsx' | 'csv', filters: EquipmentFilters) {
  return downloadFile('/auth/equipments/export', {
    query: { ...filters, format },
    fallbackName: `equipment.${format}`,
  });
}
