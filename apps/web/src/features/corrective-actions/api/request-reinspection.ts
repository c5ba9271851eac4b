import type { CorrectiveActionMutationResponse, RequestReinspectionBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentKeys } from '@/features/assignments';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** POST /api/corrective-actions/:id/reinspection: an assignment of the affected unit, same template version. */
export function requestReinspection({ id, body }: { id: number; body: RequestReinspectionBody }) {
  return api.post<CorrectiveActionMutationResponse>(`/corrective-actions/${id}/reinspection`, body);
}

export function useRequestReinspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReinspection,
    onSuccess: async (result) => {
      queryClient.setQueryData(correctiveActionKeys.detail(result.action.id), { action: result.action });
      await queryClient.invalidateQueries({ queryKey: correctiveActionKeys.lists });
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
    },
  });
}
