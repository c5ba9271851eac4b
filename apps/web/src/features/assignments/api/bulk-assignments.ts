import type { AssignmentBulkBody, BulkResult } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteKeys } from '@/features/sites';
import { type ApiError, api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** POST /api/auth/assignments/bulk: cancel or reassign the selected assignments, all or nothing. */
export function bulkAssignments(body: AssignmentBulkBody): Promise<BulkResult> {
  return api.post<BulkResult>('/auth/assignments/bulk', body);
}

export function useBulkAssignments() {
  const queryClient = useQueryClient();
  return useMutation<BulkResult, ApiError, AssignmentBulkBody>({
    mutationFn: bulkAssignments,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
