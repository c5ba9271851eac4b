import type { CreateInspectionRequestBody, InspectionRequestMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** POST /api/portal/requests: ask for an inspection of one of your sites. */
export function createPortalRequest(body: CreateInspectionRequestBody) {
  return portalApi.post<InspectionRequestMutationResponse>('/portal/requests', body);
}

export function useCreatePortalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPortalRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalRequestKeys.requests }),
  });
}
