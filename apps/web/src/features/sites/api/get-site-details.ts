import type { SiteDetailsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** GET /api/auth/sites/full-details/:id */
export function getSiteDetails(id: number, signal?: AbortSignal): Promise<SiteDetailsResponse> {
  return api.get<SiteDetailsResponse>(`/auth/sites/full-details/${id}`, { signal });
}

export function getSiteDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: siteKeys.details(id),
    queryFn: ({ signal }) => getSiteDetails(id, signal),
  });
}

export function useSiteDetails(id: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getSiteDetailsQueryOptions(id ?? 0),
    enabled: id !== null && (options.enabled ?? true),
  });
}
