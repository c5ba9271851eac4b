import type { PortalEquipmentResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { type PortalEquipmentParams, portalKeys, retryServerErrors } from './keys';

/** GET /api/portal/sites/:id/equipment: the site's units with their due status and last result. */
export function getPortalSiteEquipment(siteId: number, params: PortalEquipmentParams, signal?: AbortSignal) {
  return portalApi.get<PortalEquipmentResponse>(`/portal/sites/${siteId}/equipment`, {
    query: { ...params },
    signal,
  });
}

export function usePortalSiteEquipment(siteId: number, params: PortalEquipmentParams) {
  return useQuery(
    queryOptions({
      queryKey: portalKeys.equipment(siteId, params),
      queryFn: ({ signal }) => getPortalSiteEquipment(siteId, params, signal),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  );
}
