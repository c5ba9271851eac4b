import type { SiteListQuery, SiteListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** GET /api/auth/get/all/sites?search=&status=&client_id=&city=&page=&limit=&sort= */
export function getSites(query: SiteListQuery, signal?: AbortSignal): Promise<SiteListResponse> {
  return api.get<SiteListResponse>('/auth/get/all/sites', { query: { ...query }, signal });
}

export function getSitesQueryOptions(query: SiteListQuery) {
  return queryOptions({
    queryKey: siteKeys.list(query),
    queryFn: ({ signal }) => getSites(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSites(query: SiteListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSitesQueryOptions(query), enabled: options.enabled ?? true });
}
