import type { CartAllocationsBody, CartMutationResponse } from '@inspecta/contract';
import { portalApi } from '@/lib/api-client';
import { usePortalCartMutation } from './cart-mutation';

/** PUT /api/portal/cart/lines/:lineId/allocations: the line's units per shipping address. */
export function setPortalCartAllocations({ lineId, body }: { lineId: number; body: CartAllocationsBody }) {
  return portalApi.put<CartMutationResponse>(`/portal/cart/lines/${lineId}/allocations`, body);
}

export function useSetPortalCartAllocations() {
  return usePortalCartMutation(setPortalCartAllocations);
}
