import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET /api/portal/inspections/:id/report: the sealed PDF report, fetched with the portal token and saved. */
export async function downloadPortalReport(id: number): Promise<string> {
  const file = await portalApi.getFile(`/portal/inspections/${id}/report`);
  const name = file.fileName ?? `inspection-${id}.pdf`;
  saveBlob(file.blob, name);
  return name;
}

export function useDownloadPortalReport() {
  return useMutation({ mutationFn: downloadPortalReport });
}
