import type { CartResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopOrdersKeys } from './keys';

/** GET /api/shop/clients/:clientId/cart: the client's open cart (made empty on first read). */
export function getCart(clientId: number, signal?: AbortSignal) {
  return api.get<CartResponse>(`/shop/clients/${clientId}/cart`, { signal });
}

export function getCartQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: shopOrdersKeys.cart(clientId),
    queryFn: ({ signal }) => getCart(clientId, signal),
  });
}

export function useCart(clientId: number | null) {
  return useQuery({ ...getCartQueryOptions(clientId ?? 0), enabled: clientId !== null });
}
