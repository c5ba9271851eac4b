import type { ActivityListQueryValues, ActivityListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * The page of events; any change this browser saves refreshes it, since the server audits it (a unit
 * edited from its drawer shows the edit in the drawer's Activity without a reload, and no feature
 * that writes needs to know the activity feature's keys).
 */
export function useActivity(params: ActivityListParams) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      }),
    [queryClient],
  );
  return useQuery(getActivityQueryOptions(params));
}
