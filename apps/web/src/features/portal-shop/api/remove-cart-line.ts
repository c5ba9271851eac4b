import type { CartMutationResponse } from '@inspecta/contract';
import { portalApi } from '@/lib/api-client';
import { usePortalCartMutation } from './cart-mutation';

/** DELETE /api/portal/cart/lines/:lineId */
export function removePortalCartLine(lineId: number) {
  return portalApi.delete<CartMutationResponse>(`/portal/cart/lines/${lineId}`);
}

export function useRemovePortalCartLine() {
  return usePortalCartMutation(removePortalCartLine);
}
