import type { SiteOptionsQuery, SiteOptionsResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

export type SiteOptionsParams = Partial<SiteOptionsQuery>;

/** GET /api/auth/equipments/site-options?search=&site_id= (at most 50 sites, by site code). */
export function getSiteOptions(params: SiteOptionsParams, signal?: AbortSignal) {
  return api.get<SiteOptionsResponse>('/auth/equipments/site-options', { query: { ...params }, signal });
}

export function getSiteOptionsQueryOptions(params: SiteOptionsParams) {
  return queryOptions({
    queryKey: assignmentKeys.siteOptions(params),
    queryFn: ({ signal }) => getSiteOptions(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSiteOptions(params: SiteOptionsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSiteOptionsQueryOptions(params), enabled: options.enabled ?? true });
}
