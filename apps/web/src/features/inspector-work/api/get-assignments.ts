import type { InspectorAssignmentsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inspectorApi } from '@/lib/api-client';
import { inspectorKeys } from './keys';

/**
 * GET /api/inspector/assignments?view=all: every open assignment of the signed-in inspector. One
 * call fills all three tabs (and their counts); the server's `overdue` flag decides that tab.
 */
export function getInspectorAssignments(signal?: AbortSignal) {
  return inspectorApi.get<InspectorAssignmentsResponse>('/inspector/assignments', {
    query: { view: 'all' },
    signal,
  });
}

export function getInspectorAssignmentsQueryOptions() {
  return queryOptions({
    queryKey: inspectorKeys.assignments(),
    queryFn: ({ signal }) => getInspectorAssignments(signal),
  });
}

export function useInspectorAssignments() {
  return useQuery(getInspectorAssignmentsQueryOptions());
}
