import type { CartAllocationsBody, CartMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useCartMutation } from './cart-mutation';

/** PUT /api/shop/clients/:clientId/cart/lines/:lineId/allocations: the line's split over shipping addresses. */
export function setCartAllocations({
  clientId,
  lineId,
  body,
}: {
  clientId: number;
  lineId: number;
  body: CartAllocationsBody;
}) {
  return api.put<CartMutationResponse>(`/shop/clients/${clientId}/cart/lines/${lineId}/allocations`, body);
}

export function useSetCartAllocations() {
  return useCartMutation(setCartAllocations);
}
