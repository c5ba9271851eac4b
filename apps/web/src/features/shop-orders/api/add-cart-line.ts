import type { CartLineAddBody, CartMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useCartMutation } from './cart-mutation';

/** POST /api/shop/clients/:clientId/cart/lines: adds a product (an existing line grows). */
export function addCartLine({ clientId, body }: { clientId: number; body: CartLineAddBody }) {
  return api.post<CartMutationResponse>(`/shop/clients/${clientId}/cart/lines`, body);
}

export function useAddCartLine() {
  return useCartMutation(addCartLine);
}
