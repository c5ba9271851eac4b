import type { CartMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useCartMutation } from './cart-mutation';

/** PATCH /api/shop/clients/:clientId/cart/lines/:lineId: a new quantity. */
export function updateCartLine({
  clientId,
  lineId,
  quantity,
}: {
  clientId: number;
  lineId: number;
  quantity: number;
}) {
  return api.patch<CartMutationResponse>(`/shop/clients/${clientId}/cart/lines/${lineId}`, { quantity });
}

export function useUpdateCartLine() {
  return useCartMutation(updateCartLine);
}
