import type { SiteCreateBody, SiteMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** POST /api/auth/sites: creates the site as a draft. */
export function createSite(body: SiteCreateBody): Promise<SiteMutationResponse> {
  return api.post<SiteMutationResponse>('/auth/sites', body);
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation<SiteMutationResponse, ApiError, SiteCreateBody>({
    mutationFn: createSite,
    onSuccess: () => invalidateSites(queryClient),
  });
}
