import type { OrderMutationResponse, OrderPlaceBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopCatalogueKeys } from '@/features/shop-catalogue';
import { api } from '@/lib/api-client';
import { shopOrdersKeys } from './keys';

/** POST /api/shop/clients/:clientId/orders: places the client's cart (all lines reserved, or none). */
export function placeOrder({ clientId, body }: { clientId: number; body: OrderPlaceBody }) {
  return api.post<OrderMutationResponse>(`/shop/clients/${clientId}/orders`, body);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (data, { clientId }) => {
      queryClient.setQueryData(shopOrdersKeys.order(data.order.id), { order: data.order });
      void queryClient.invalidateQueries({ queryKey: shopOrdersKeys.cart(clientId) });
      void queryClient.invalidateQueries({ queryKey: shopOrdersKeys.orders });
      void queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.products });
    },
    // Short stock or a changed price: the cart shows the server's figures again.
    onError: (_error, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: shopOrdersKeys.cart(clientId) }),
  });
}
