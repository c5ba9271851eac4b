import { downloadFile } from '@/lib/download';

/** GET /api/shop/orders/:id/pdf, with the session's header, saved under the server's file name. */
export function downloadOrderPdf(id: number, orderNumber: string) {
  return downloadFile(`/shop/orders/${id}/pdf`, { fallbackName: `${orderNumber.replace(/\//g, '-')}.pdf` });
}
