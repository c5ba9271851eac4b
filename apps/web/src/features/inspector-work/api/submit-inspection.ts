import type {
  InspectionAnswersBody,
  InspectionSubmitBody,
  InspectionSubmitResponse,
  InspectorAssignmentDetailResponse,
} from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectorApi } from '@/lib/api-client';
import { inspectorKeys } from './keys';

/**
 * POST /api/inspector/assignments/:id/submit: validates, computes the result, completes the
 * assignment and seals it; the device's clock goes with it (sealed as the device time). The
 * position is not asked for yet (docs/verification.md).
 */
export function submitInspection({ id, body }: { id: number; body: InspectionAnswersBody }) {
  const sent: InspectionSubmitBody = { ...body, device: { time: new Date().toISOString() } };
  return inspectorApi.post<InspectionSubmitResponse>(`/inspector/assignments/${id}/submit`, sent);
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
