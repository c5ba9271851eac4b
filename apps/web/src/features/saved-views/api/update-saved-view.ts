import type { SavedViewMutationResponse, UpdateSavedViewBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { savedViewKeys } from './keys';

/** PATCH /api/saved-views/:id (rename, new state, share or unshare; the owner only) */
function updateSavedView({ id, ...body }: UpdateSavedViewBody & { id: number }) {
  return api.patch<SavedViewMutationResponse>(`/saved-views/${id}`, body);
}

export function useUpdateSavedView() {
  const queryClient = useQueryClient();
  return useMutation<SavedViewMutationResponse, ApiError, UpdateSavedViewBody & { id: number }>({
    mutationFn: updateSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}
