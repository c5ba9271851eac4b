import type { PdfVerification } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';

/** POST /api/verify/pdf (public, multipart "file"): the seal a report PDF prints, checked. */
export function verifyPdf(file: File): Promise<PdfVerification> {
  const form = new FormData();
  form.append('file', file, file.name || 'report.pdf');
  return api.postForm<PdfVerification>('/verify/pdf', form, { token: null, skipUnauthorizedHandler: true });
}

export function useVerifyPdf() {
  return useMutation<PdfVerification, ApiError, File>({
    mutationKey: ['verification', 'pdf'],
    mutationFn: verifyPdf,
  });
}
