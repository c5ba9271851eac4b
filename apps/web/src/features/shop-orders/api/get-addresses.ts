import type { AddressListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopOrdersKeys } from './keys';

/** GET /api/shop/clients/:clientId/addresses?include_archived=true: every address and the client's active sites. */
export function getAddresses(clientId: number, signal?: AbortSignal) {
  return api.get<AddressListResponse>(`/shop/clients/${clientId}/addresses`, {
    query: { include_archived: 'true' },
    signal,
  });
}

export function getAddressesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: shopOrdersKeys.addresses(clientId),
    queryFn: ({ signal }) => getAddresses(clientId, signal),
  });
}

export function useAddresses(clientId: number | null) {
  return useQuery({ ...getAddressesQueryOptions(clientId ?? 0), enabled: clientId !== null });
}
