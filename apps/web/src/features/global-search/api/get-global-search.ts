import type { GlobalSearchQuery, GlobalSearchResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { globalSearchKeys } from './keys';

/** GET /api/global/search?search=&limit_per_group= (SPEC.md 7: `global/search` with `search`). */
export function getGlobalSearch(
  query: GlobalSearchQuery,
  signal?: AbortSignal,
): Promise<GlobalSearchResponse> {
  return api.get<GlobalSearchResponse>('/global/search', { query: { ...query }, signal });
}

export function getGlobalSearchQueryOptions(query: GlobalSearchQuery) {
  return queryOptions({
    queryKey: globalSearchKeys.results(query),
    queryFn: ({ signal }) => getGlobalSearch(query, signal),
    // What was found a moment ago may have changed (a site saved, a user added): search again soon.
    staleTime: 10_000,
  });
}

export function useGlobalSearch(
  query: GlobalSearchQuery,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  return useQuery({
    ...getGlobalSearchQueryOptions(query),
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
