import type { InspectorAssignmentDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inspectorApi } from '@/lib/api-client';
import { inspectorKeys } from './keys';

/** GET /api/inspector/assignments/:id: the pinned template, the units and the progress saved so far. */
export function getInspectorAssignment(id: number, signal?: AbortSignal) {
  return inspectorApi.get<InspectorAssignmentDetailResponse>(`/inspector/assignments/${id}`, { signal });
}

export function getInspectorAssignmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: inspectorKeys.assignment(id),
    queryFn: ({ signal }) => getInspectorAssignment(id, signal),
    // Opening an assignment always asks the server for its latest saved answers (offline, the
    // query pauses and the cached copy and this device's draft are used).
    refetchOnMount: 'always',
  });
}

export function useInspectorAssignment(id: number) {
  return useQuery(getInspectorAssignmentQueryOptions(id));
}
