import type { AddressListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

/** GET /api/portal/addresses: your billing and shipping addresses. */
export function getPortalAddresses(signal?: AbortSignal) {
  return portalApi.get<AddressListResponse>('/portal/addresses', { signal });
}

export function getPortalAddressesQueryOptions() {
  return queryOptions({
    queryKey: portalShopKeys.addresses,
    queryFn: ({ signal }) => getPortalAddresses(signal),
  });
}

export function usePortalAddresses() {
  return useQuery(getPortalAddressesQueryOptions());
}
