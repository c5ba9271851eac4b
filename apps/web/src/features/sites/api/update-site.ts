import type { SiteMutationResponse, SiteUpdateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** PUT /api/auth/update/sites/:id: fields left out stay, null clears. */
export function updateSite(id: number, body: SiteUpdateBody): Promise<SiteMutationResponse> {
  return api.put<SiteMutationResponse>(`/auth/update/sites/${id}`, body);
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation<SiteMutationResponse, ApiError, { id: number; body: SiteUpdateBody }>({
    mutationFn: ({ id, body }) => updateSite(id, body),
    onSuccess: () => invalidateSites(queryClient),
  });
}
