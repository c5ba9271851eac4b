import type { AssignmentMutationResponse, CreateAssignmentBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteKeys } from '@/features/sites';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** POST /api/auth/create/assignments/admin */
export function createAssignment(body: CreateAssignmentBody) {
  return api.post<AssignmentMutationResponse>('/auth/create/assignments/admin', body);
}

export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
