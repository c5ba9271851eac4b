import type { CartLineUpdateBody, CartMutationResponse } from '@inspecta/contract';
import { portalApi } from '@/lib/api-client';
import { usePortalCartMutation } from './cart-mutation';

/** PUT /api/portal/cart/lines/:lineId { quantity } */
export function updatePortalCartLine({ lineId, body }: { lineId: number; body: CartLineUpdateBody }) {
  return portalApi.put<CartMutationResponse>(`/portal/cart/lines/${lineId}`, body);
}

export function useUpdatePortalCartLine() {
  return usePortalCartMutation(updatePortalCartLine);
}
