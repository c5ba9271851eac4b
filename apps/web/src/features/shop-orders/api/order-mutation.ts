import type { OrderMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopCatalogueKeys } from '@/features/shop-catalogue';
import { shopOrdersKeys } from './keys';

/**
 * Every lifecycle action answers the whole order again: it replaces the cached order, and the
 * lists (orders, and products whose stock moved) refresh. A refused action (409: the order moved on
 * in another tab) reloads the order so the page shows what is true now.
 */
export function useOrderMutation<V extends { orderId: number }>(
  mutationFn: (variables: V) => Promise<OrderMutationResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      queryClient.setQueryData(shopOrdersKeys.order(data.order.id), { order: data.order });
      void queryClient.invalidateQueries({ queryKey: shopOrdersKeys.orders });
      void queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.products });
    },
    onError: (_error, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: shopOrdersKeys.order(orderId) }),
  });
}
