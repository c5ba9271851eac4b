import type { CorrectiveActionCountsQuery, CorrectiveActionCountsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** GET /api/corrective-actions/counts?site_id=&equipment_id=: open and overdue actions. */
export function getCorrectiveActionCounts(params: CorrectiveActionCountsQuery, signal?: AbortSignal) {
  return api.get<CorrectiveActionCountsResponse>('/corrective-actions/counts', {
    query: { ...params },
    signal,
  });
}

export function getCorrectiveActionCountsQueryOptions(params: CorrectiveActionCountsQuery) {
  return queryOptions({
    queryKey: correctiveActionKeys.counts(params),
    queryFn: ({ signal }) => getCorrectiveActionCounts(params, signal),
    staleTime: 30_000,
  });
}

export function useCorrectiveActionCounts(params: CorrectiveActionCountsQuery = {}) {
  return useQuery(getCorrectiveActionCountsQueryOptions(params));
}
