import type { ClientListQuery, ClientListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** GET /api/auth/get/client/list?search=&page=&limit=: clients for pickers. */
export function getClients(query: ClientListQuery, signal?: AbortSignal): Promise<ClientListResponse> {
  return api.get<ClientListResponse>('/auth/get/client/list', { query: { ...query }, signal });
}

export function getClientsQueryOptions(query: ClientListQuery) {
  return queryOptions({
    queryKey: siteKeys.clientOptions(query),
    queryFn: ({ signal }) => getClients(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useClients(query: ClientListQuery) {
  return useQuery(getClientsQueryOptions(query));
}
