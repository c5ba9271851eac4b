import type { PortalCertificateQuery } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** GET /api/portal/sites/:id/certificate?date=: the site's compliance certificate (PDF) on a day. */
export async function downloadCertificate({
  siteId,
  date,
}: { siteId: number } & PortalCertificateQuery): Promise<string> {
  const file = await portalApi.getFile(`/portal/sites/${siteId}/certificate`, { query: { date } });
  const name = file.fileName ?? `compliance-${siteId}-${date ?? 'today'}.pdf`;
  saveBlob(file.blob, name);
  return name;
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
