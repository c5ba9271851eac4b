import type { CartLineAddBody, CartMutationResponse } from '@inspecta/contract';
import { portalApi } from '@/lib/api-client';
import { usePortalCartMutation } from './cart-mutation';

/** POST /api/portal/cart/lines { productId, quantity } (an existing line grows). */
export function addPortalCartLine(body: CartLineAddBody) {
  return portalApi.post<CartMutationResponse>('/portal/cart/lines', body);
}

export function useAddPortalCartLine() {
  return usePortalCartMutation(addPortalCartLine);
}
