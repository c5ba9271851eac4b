import type { CartMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useCartMutation } from './cart-mutation';

/** DELETE /api/shop/clients/:clientId/cart/lines/:lineId */
export function removeCartLine({ clientId, lineId }: { clientId: number; lineId: number }) {
  return api.delete<CartMutationResponse>(`/shop/clients/${clientId}/cart/lines/${lineId}`);
}

export function useRemoveCartLine() {
  return useCartMutation(removeCartLine);
}
