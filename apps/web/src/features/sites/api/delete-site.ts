import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { invalidateSites } from './invalidate-sites';

/** DELETE /api/auth/sites/delete/:id: only sites with no completed inspections (409 otherwise). */
export function deleteSite(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/auth/sites/delete/${id}`);
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: deleteSite,
    onSuccess: (_data, id) => invalidateSites(queryClient, id),
  });
}
