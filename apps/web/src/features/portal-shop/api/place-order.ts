import type { OrderMutationResponse, OrderPlaceBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

/** POST /api/portal/orders { expectedTotalPaise }: places your cart (409 when a price or the stock changed). */
export function placePortalOrder(body: OrderPlaceBody) {
  return portalApi.post<OrderMutationResponse>('/portal/orders', body);
}

export function usePlacePortalOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placePortalOrder,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: portalShopKeys.cart });
      await queryClient.invalidateQueries({ queryKey: portalShopKeys.orders });
    },
  });
}
