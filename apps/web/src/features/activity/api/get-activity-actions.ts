import type { ActivityActionsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

/** GET /api/activity/actions: every action recorded so far, for the action filter. */
export function getActivityActions(signal?: AbortSignal) {
  return api.get<ActivityActionsResponse>('/activity/actions', { signal });
}

export function useActivityActions() {
  return useQuery(
    queryOptions({
      queryKey: activityKeys.actions,
      queryFn: ({ signal }) => getActivityActions(signal),
      staleTime: 60_000,
    }),
  );
}
