import type { InspectionRequestMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** POST /api/portal/requests/:id/cancel (only while it waits; 409 after). */
export function cancelPortalRequest(id: number) {
  return portalApi.post<InspectionRequestMutationResponse>(`/portal/requests/${id}/cancel`);
}

export function useCancelPortalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPortalRequest,
    // A refusal (scheduled meanwhile) also shows the request as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalRequestKeys.requests }),
  });
}
