import type { SavedViewDefaultResponse, SavedViewList } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { savedViewKeys } from './keys';

/** DELETE /api/saved-views/defaults/:list : the list opens as it is again for the caller. */
function clearDefaultView(list: SavedViewList) {
  return api.delete<SavedViewDefaultResponse>(`/saved-views/defaults/${list}`);
}

export function useClearDefaultView() {
  const queryClient = useQueryClient();
  return useMutation<SavedViewDefaultResponse, ApiError, SavedViewList>({
    mutationFn: clearDefaultView,
    onSuccess: (_, list) => queryClient.invalidateQueries({ queryKey: savedViewKeys.list(list) }),
  });
}
