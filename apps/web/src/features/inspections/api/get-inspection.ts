import type { InspectionDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** GET /api/auth/inspections/:id: one completed inspection with every answer and outcome. */
export function getInspection(id: number, signal?: AbortSignal) {
  return api.get<InspectionDetailResponse>(`/auth/inspections/${id}`, { signal });
}

export function getInspectionQueryOptions(id: number) {
  return queryOptions({
    queryKey: inspectionKeys.detail(id),
    queryFn: ({ signal }) => getInspection(id, signal),
    // A completed inspection never changes; a missing one will not appear by asking again.
    staleTime: 5 * 60_000,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

export function useInspection(id: number) {
  return useQuery(getInspectionQueryOptions(id));
}
