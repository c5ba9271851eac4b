import type { SiteCompletedInspectionsQuery, SiteCompletedInspectionsResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** GET /api/auth/site-completed-inspections?site_id=&page=&limit= (the inspection history). */
export function getSiteCompletedInspections(
  query: SiteCompletedInspectionsQuery,
  signal?: AbortSignal,
): Promise<SiteCompletedInspectionsResponse> {
  return api.get<SiteCompletedInspectionsResponse>('/auth/site-completed-inspections', {
    query: { ...query },
    signal,
  });
}

export function getSiteCompletedInspectionsQueryOptions(query: SiteCompletedInspectionsQuery) {
  return queryOptions({
    queryKey: siteKeys.completedInspections(query),
    queryFn: ({ signal }) => getSiteCompletedInspections(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSiteCompletedInspections(query: SiteCompletedInspectionsQuery) {
  return useQuery(getSiteCompletedInspectionsQueryOptions(query));
}
