import type { DeclineInspectionRequestBody, InspectionRequestMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionRequestKeys } from './keys';

/** POST /api/inspection-requests/:id/decline { reason } */
export function declineInspectionRequest({ id, body }: { id: number; body: DeclineInspectionRequestBody }) {
  return api.post<InspectionRequestMutationResponse>(`/inspection-requests/${id}/decline`, body);
}

export function useDeclineInspectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInspectionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionRequestKeys.all }),
  });
}
