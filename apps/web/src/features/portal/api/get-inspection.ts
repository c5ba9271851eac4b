import type { PortalInspectionDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalKeys, retryServerErrors } from './keys';

/** GET /api/portal/inspections/:id: the report with its answers, photos and seal (no internal notes). */
export function getPortalInspection(id: number, signal?: AbortSignal) {
  return portalApi.get<PortalInspectionDetailResponse>(`/portal/inspections/${id}`, { signal });
}

export function usePortalInspection(id: number) {
  return useQuery(
    queryOptions({
      queryKey: portalKeys.inspection(id),
      queryFn: ({ signal }) => getPortalInspection(id, signal),
      retry: retryServerErrors,
    }),
  );
}
