import type { PortalEquipmentResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** The request form lists at most this many units of the site (a search box narrows them). */
export const REQUEST_UNITS_LIMIT = 100;

/** GET /api/portal/sites/:id/equipment?limit=100: the units a request may name. */
export function getSiteUnits(siteId: number, signal?: AbortSignal) {
  return portalApi.get<PortalEquipmentResponse>(`/portal/sites/${siteId}/equipment`, {
    query: { page: 1, limit: REQUEST_UNITS_LIMIT },
    signal,
  });
}

export function getSiteUnitsQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: portalRequestKeys.siteUnits(siteId),
    queryFn: ({ signal }) => getSiteUnits(siteId, signal),
    staleTime: 60_000,
  });
}

export function useSiteUnits(siteId: number | null) {
  return useQuery({ ...getSiteUnitsQueryOptions(siteId ?? 0), enabled: siteId !== null });
}
