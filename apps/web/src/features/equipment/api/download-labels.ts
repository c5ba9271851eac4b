import type { EquipmentLabelLayout } from '@inspecta/contract';
import { downloadFile } from '@/lib/download';

/**
 * GET /api/auth/sites/:id/equipment-labels.pdf: the site's QR label sheet (every unit not retired,
 * or `ids`), saved under the server's name (labels-<siteCode>.pdf).
 */
export function downloadEquipmentLabels(
  siteId: number,
  { layout, ids }: { layout: EquipmentLabelLayout; ids?: number[] },
): Promise<string> {
  return downloadFile(`/auth/sites/${siteId}/equipment-labels.pdf`, {
    query: { layout, ...(ids?.length ? { ids: ids.join(',') } : {}) },
    fallbackName: `labels-${siteId}.pdf`,
  });
}
