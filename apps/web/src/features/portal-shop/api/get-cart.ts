import type { CartResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

/** GET /api/portal/cart: your open cart (made empty on first read). */
export function getPortalCart(signal?: AbortSignal) {
  return portalApi.get<CartResponse>('/portal/cart', { signal });
}

export function getPortalCartQueryOptions() {
  return queryOptions({ queryKey: portalShopKeys.cart, queryFn: ({ signal }) => getPortalCart(signal) });
}

export function usePortalCart() {
  return useQuery(getPortalCartQueryOptions());
}
