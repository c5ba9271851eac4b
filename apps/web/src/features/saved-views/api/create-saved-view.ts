import type { CreateSavedViewBody, SavedViewMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { savedViewKeys } from './keys';

/** POST /api/saved-views */
function createSavedView(body: CreateSavedViewBody) {
  return api.post<SavedViewMutationResponse>('/saved-views', body);
}

export function useCreateSavedView() {
  const queryClient = useQueryClient();
  return useMutation<SavedViewMutationResponse, ApiError, CreateSavedViewBody>({
    mutationFn: createSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}
