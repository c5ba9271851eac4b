import type { CorrectiveActionDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** GET /api/corrective-actions/:id: the action with its answer, comments, history and re-inspections. */
export function getCorrectiveAction(id: number, signal?: AbortSignal) {
  return api.get<CorrectiveActionDetailResponse>(`/corrective-actions/${id}`, { signal });
}

export function getCorrectiveActionQueryOptions(id: number) {
  return queryOptions({
    queryKey: correctiveActionKeys.detail(id),
    queryFn: ({ signal }) => getCorrectiveAction(id, signal),
  });
}

export function useCorrectiveAction(id: number) {
  return useQuery(getCorrectiveActionQueryOptions(id));
}
