import type { AssignmentListQueryValues, AssignmentListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** The list's query as the contract defines it; the screen always names the page. */
export type AssignmentListParams = Partial<AssignmentListQueryValues> & { page: number; limit: number };

/** GET /api/auth/get/active/assignments?search=&status=&inspector_id=&site_id=&overdue=&sort=&page=&limit= */
export function getAssignments(params: AssignmentListParams, signal?: AbortSignal) {
  return api.get<AssignmentListResponse>('/auth/get/active/assignments', { query: { ...params }, signal });
}

export function getAssignmentsQueryOptions(params: AssignmentListParams) {
  return queryOptions({
    queryKey: assignmentKeys.list(params),
    queryFn: ({ signal }) => getAssignments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAssignments(params: AssignmentListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAssignmentsQueryOptions(params), enabled: options.enabled ?? true });
}
