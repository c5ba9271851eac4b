import type {
  InspectionAnswersBody,
  InspectionSubmitResponse,
  InspectorAssignmentDetailResponse,
} from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectorApi } from '@/lib/api-client';
import { inspectorKeys } from './keys';

/** POST /api/inspector/assignments/:id/submit: validates, computes the result, completes the assignment. */
export function submitInspection({ id, body }: { id: number; body: InspectionAnswersBody }) {
  return inspectorApi.post<InspectionSubmitResponse>(`/inspector/assignments/${id}/submit`, body);
}

export function useSubmitInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitInspection,
    onSuccess: async (_, { id }) => {
      // Opened again later, the assignment says it is complete; the list loses it.
      queryClient.setQueryData<InspectorAssignmentDetailResponse>(inspectorKeys.assignment(id), (old) =>
        old ? { assignment: { ...old.assignment, status: 'completed' } } : old,
      );
      await queryClient.invalidateQueries({ queryKey: inspectorKeys.assignments() });
    },
  });
}
