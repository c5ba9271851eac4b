import type { AssignmentMutationResponse, UpdateAssignmentBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteKeys } from '@/features/sites';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** PUT /api/auth/assignments/update/admin/:id (reschedule, reassign, priority, units, cancel). */
export function updateAssignment({ id, body }: { id: number; body: UpdateAssignmentBody }) {
  return api.put<AssignmentMutationResponse>(`/auth/assignments/update/admin/${id}`, body);
}

export function useUpdateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssignment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
