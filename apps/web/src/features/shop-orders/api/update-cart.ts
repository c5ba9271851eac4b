import type { CartMutationResponse, CartUpdateBody } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useCartMutation } from './cart-mutation';

/** PATCH /api/shop/clients/:clientId/cart: billing address, billing mode, notes. */
export function updateCart({ clientId, body }: { clientId: number; body: CartUpdateBody }) {
  return api.patch<CartMutationResponse>(`/shop/clients/${clientId}/cart`, body);
}

export function useUpdateCart() {
  return useCartMutation(updateCart);
}
