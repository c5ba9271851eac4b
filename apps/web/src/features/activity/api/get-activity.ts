import type { ActivityListQueryValues, ActivityListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

/** The log's query as the contract defines it; the screen always names the page. */
export type ActivityListParams = Partial<ActivityListQueryValues> & { page: number; limit: number };

/** GET /api/activity?actor_id=&action=&entity_type=&entity_id=&from=&to=&search=&page=&limit= */
export function getActivity(params: ActivityListParams, signal?: AbortSignal) {
  return api.get<ActivityListResponse>('/activity', { query: { ...params }, signal });
}

export function getActivityQueryOptions(params: ActivityListParams) {
  return queryOptions({
    queryKey: activityKeys.list(params),
    queryFn: ({ signal }) => getActivity(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(params: ActivityListParams) {
  return useQuery(getActivityQueryOptions(params));
}
