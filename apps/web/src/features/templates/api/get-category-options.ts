import type { InspectionCategoryListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/inspection-categories?limit=100&sort=name: the categories a template can be filed under. */
export function getCategoryOptions(signal?: AbortSignal): Promise<InspectionCategoryListResponse> {
  return api.get<InspectionCategoryListResponse>('/inspection-categories', {
    query: { limit: 100, sort: 'name', status: 'all' },
    signal,
  });
}

export function getCategoryOptionsQueryOptions() {
  return queryOptions({
    // Under the categories feature's key, so its changes refresh these options too.
    queryKey: ['inspection-categories', 'options'],
    queryFn: ({ signal }) => getCategoryOptions(signal),
    staleTime: 60_000,
  });
}

export function useCategoryOptions() {
  return useQuery(getCategoryOptionsQueryOptions());
}
