import type { SavedViewDefaultResponse, SavedViewList } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { savedViewKeys } from './keys';

interface SetDefaultViewInput {
  list: SavedViewList;
  viewId: number;
}

/** PUT /api/saved-views/defaults/:list : the list opens with this view for the caller. */
function setDefaultView({ list, viewId }: SetDefaultViewInput) {
  return api.put<SavedViewDefaultResponse>(`/saved-views/defaults/${list}`, { viewId });
}

export function useSetDefaultView() {
  const queryClient = useQueryClient();
  return useMutation<SavedViewDefaultResponse, ApiError, SetDefaultViewInput>({
    mutationFn: setDefaultView,
    onSuccess: (_, { list }) => queryClient.invalidateQueries({ queryKey: savedViewKeys.list(list) }),
  });
}
