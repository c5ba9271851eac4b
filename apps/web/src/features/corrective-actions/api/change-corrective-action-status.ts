import type { CorrectiveActionMutationResponse, CorrectiveActionStatusBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** POST /api/corrective-actions/:id/status (a reason is required to cancel). */
export function changeCorrectiveActionStatus({ id, body }: { id: number; body: CorrectiveActionStatusBody }) {
  return api.post<CorrectiveActionMutationResponse>(`/corrective-actions/${id}/status`, body);
}

export function useChangeCorrectiveActionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCorrectiveActionStatus,
    onSuccess: async (result) => {
      queryClient.setQueryData(correctiveActionKeys.detail(result.action.id), { action: result.action });
      await queryClient.invalidateQueries({ queryKey: correctiveActionKeys.lists });
      await queryClient.invalidateQueries({ queryKey: ['corrective-actions', 'counts'] });
    },
  });
}
