import type { PortalUnitResponse } from '@inspecta/contract';
import { useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalKeys, retryServerErrors } from './keys';

/** GET /api/portal/units/:id: a scanned label's unit and its site (404 unless at the client's sites). */
function getPortalUnit(id: number, signal?: AbortSignal) {
  return portalApi.get<PortalUnitResponse>(`/portal/units/${id}`, { signal });
}

export function usePortalUnit(id: number) {
  return useQuery({
    queryKey: portalKeys.unit(id),
    queryFn: ({ signal }) => getPortalUnit(id, signal),
    retry: retryServerErrors,
  });
}
