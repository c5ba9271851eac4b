import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { savedViewKeys } from './keys';

/** DELETE /api/saved-views/:id (the owner only) */
function deleteSavedView(id: number) {
  return api.delete<{ message: string }>(`/saved-views/${id}`);
}

export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: deleteSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}
