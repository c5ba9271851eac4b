import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';

/** GET /api/auth/inspections/:id/report: the PDF report, fetched with the session's token and saved. */
export function downloadInspectionReport(id: number) {
  return downloadFile(`/auth/inspections/${id}/report`, { fallbackName: `inspection-${id}.pdf` });
}

export function useDownloadInspectionReport() {
  return useMutation({ mutationFn: downloadInspectionReport });
}
