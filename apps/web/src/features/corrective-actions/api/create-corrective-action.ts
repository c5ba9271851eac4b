import type { CorrectiveActionMutationResponse, CreateCorrectiveActionBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectionKeys } from '@/features/inspections';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** POST /api/corrective-actions: by hand, from one answer of an inspection. */
export function createCorrectiveAction(body: CreateCorrectiveActionBody) {
  return api.post<CorrectiveActionMutationResponse>('/corrective-actions', body);
}

export function useCreateCorrectiveAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCorrectiveAction,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: correctiveActionKeys.all });
      // The inspection's answer now links to its action.
      if (result.action.inspectionId)
        await queryClient.invalidateQueries({ queryKey: inspectionKeys.detail(result.action.inspectionId) });
    },
  });
}
