import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET /api/portal/bills/:id/pdf: the bill as a PDF, fetched with the portal's token and saved. */
export async function downloadPortalBillPdf({ id, billNumber }: { id: number; billNumber: string }) {
  const file = await portalApi.getFile(`/portal/bills/${id}/pdf`);
  saveBlob(file.blob, file.fileName ?? `${billNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
}

export function useDownloadPortalBillPdf() {
  return useMutation({ mutationFn: downloadPortalBillPdf });
}
