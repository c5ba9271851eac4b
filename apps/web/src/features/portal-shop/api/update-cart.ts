import type { CartMutationResponse, CartUpdateBody } from '@inspecta/contract';
import { portalApi } from '@/lib/api-client';
import { usePortalCartMutation } from './cart-mutation';

/** PATCH /api/portal/cart: billing address, billing mode, notes. */
export function updatePortalCart(body: CartUpdateBody) {
  return portalApi.patch<CartMutationResponse>('/portal/cart', body);
}

export function useUpdatePortalCart() {
  return usePortalCartMutation(updatePortalCart);
}
