import type { SavedViewList, SavedViewListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savedViewKeys } from './keys';

/** GET /api/saved-views?list= : the caller's views of the list, then those other admins share. */
function getSavedViews(list: SavedViewList, signal?: AbortSignal): Promise<SavedViewListResponse> {
  return api.get<SavedViewListResponse>('/saved-views', { query: { list }, signal });
}

function getSavedViewsQueryOptions(list: SavedViewList) {
  return queryOptions({
    queryKey: savedViewKeys.list(list),
    queryFn: ({ signal }) => getSavedViews(list, signal),
    staleTime: 30_000,
  });
}

export function useSavedViews(list: SavedViewList) {
  return useQuery(getSavedViewsQueryOptions(list));
}
