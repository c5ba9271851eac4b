import type { CorrectiveActionMutationResponse, UpdateCorrectiveActionBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** PATCH /api/corrective-actions/:id: title, description, priority, owner, due date, evidence. */
export function updateCorrectiveAction({ id, body }: { id: number; body: UpdateCorrectiveActionBody }) {
  return api.patch<CorrectiveActionMutationResponse>(`/corrective-actions/${id}`, body);
}

export function useUpdateCorrectiveAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCorrectiveAction,
    onSuccess: async (result) => {
      queryClient.setQueryData(correctiveActionKeys.detail(result.action.id), { action: result.action });
      await queryClient.invalidateQueries({ queryKey: correctiveActionKeys.lists });
      await queryClient.invalidateQueries({ queryKey: ['corrective-actions', 'counts'] });
    },
  });
}
