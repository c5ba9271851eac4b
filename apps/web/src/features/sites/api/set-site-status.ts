import type { SiteMutationResponse, SiteStatusBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** PATCH /api/auth/sites/:id/status: deactivate an active site or reactivate an inactive one. */
export function setSiteStatus(id: number, body: SiteStatusBody): Promise<SiteMutationResponse> {
  return api.patch<SiteMutationResponse>(`/auth/sites/${id}/status`, body);
}

export function useSetSiteStatus() {
  const queryClient = useQueryClient();
  return useMutation<SiteMutationResponse, ApiError, { id: number; status: SiteStatusBody['status'] }>({
    mutationFn: ({ id, status }) => setSiteStatus(id, { status }),
    onSuccess: () => invalidateSites(queryClient),
  });
}
