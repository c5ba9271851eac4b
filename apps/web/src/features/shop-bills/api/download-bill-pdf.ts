import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';

/** GET /api/shop/bills/:id/pdf: the tax invoice as a PDF, fetched with the session's token and saved. */
export function downloadBillPdf({ id, billNumber }: { id: number; billNumber: string }) {
  return downloadFile(`/shop/bills/${id}/pdf`, {
    fallbackName: `${billNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
  });
}

export function useDownloadBillPdf() {
  return useMutation({ mutationFn: downloadBillPdf });
}
