import type { PortalSiteResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalKeys, retryServerErrors } from './keys';

/** GET /api/portal/sites/:id: one of the client's sites (404 for anyone else's). */
export function getPortalSite(id: number, signal?: AbortSignal) {
  return portalApi.get<PortalSiteResponse>(`/portal/sites/${id}`, { signal });
}

export function usePortalSite(id: number) {
  return useQuery(
    queryOptions({
      queryKey: portalKeys.site(id),
      queryFn: ({ signal }) => getPortalSite(id, signal),
      retry: retryServerErrors,
    }),
  );
}
