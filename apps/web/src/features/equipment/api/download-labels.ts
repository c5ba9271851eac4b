import type { EquipmentLabelLayout } from '@inspecta/contract';
import { downloadFile } from '@/lib/download';

/**
 * GET /api/auth/sites/:id/equipment-labels.pdf: the site's QR label sheet (every unit not retired,
 * one `part` of them on a large site, or `ids`), saved under the server's name (labels-<siteCode>.pdf).
 */
export function downloadEquipmentLabels(
  siteId: number,
  { layout, ids, part }: { layout: EquipmentLabelLayout; ids?: number[]; part?: number },
): Promise<string> {
  return downloadFile(`/auth/sites/${siteId}/equipment-labels.pdf`, {
    query: {
      layout,
      ...(ids?.length ? { ids: ids.join(',') } : {}),
      ...(part !== undefined ? { part } : {}),
    },
    fallbackName: `labels-${siteId}.pdf`,
  });
}
