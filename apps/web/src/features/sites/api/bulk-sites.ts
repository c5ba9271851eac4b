import type { BulkResult, SiteBulkBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** POST /api/auth/sites/bulk: deactivate or reactivate the selected sites, all or nothing. */
export function bulkSites(body: SiteBulkBody): Promise<BulkResult> {
  return api.post<BulkResult>('/auth/sites/bulk', body);
}

export function useBulkSites() {
  const queryClient = useQueryClient();
  return useMutation<BulkResult, ApiError, SiteBulkBody>({
    mutationFn: bulkSites,
    onSettled: () => invalidateSites(queryClient),
  });
}
