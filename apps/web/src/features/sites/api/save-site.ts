import type { SiteMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** POST /api/auth/save/site/:id: checks the whole draft and makes it active. */
export function saveSite(id: number): Promise<SiteMutationResponse> {
  return api.post<SiteMutationResponse>(`/auth/save/site/${id}`);
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation<SiteMutationResponse, ApiError, number>({
    mutationFn: saveSite,
    onSuccess: () => invalidateSites(queryClient),
  });
}
