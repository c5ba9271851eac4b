import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** POST /api/auth/discardSite/:id: throws a draft away. */
export function discardSite(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/auth/discardSite/${id}`);
}

export function useDiscardSite() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: discardSite,
    onSuccess: (_data, id) => invalidateSites(queryClient, id),
  });
}
