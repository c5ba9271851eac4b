import type { PortalRequestOptionsResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** GET /api/portal/request-options?search=: the categories, and the client's sites (at most 500). */
export function getRequestOptions(search: string, signal?: AbortSignal) {
  return portalApi.get<PortalRequestOptionsResponse>('/portal/request-options', {
    query: { search: search || undefined },
    signal,
  });
}

export function getRequestOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: portalRequestKeys.options(search),
    queryFn: ({ signal }) => getRequestOptions(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useRequestOptions(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRequestOptionsQueryOptions(search), enabled: options.enabled ?? true });
}
