import type { SiteCitiesResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** GET /api/auth/sites/cities: the cities of the register, for the list's city filter. */
export function getSiteCities(signal?: AbortSignal): Promise<SiteCitiesResponse> {
  return api.get<SiteCitiesResponse>('/auth/sites/cities', { signal });
}

export function getSiteCitiesQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.cities,
    queryFn: ({ signal }) => getSiteCities(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSiteCities() {
  return useQuery(getSiteCitiesQueryOptions());
}
