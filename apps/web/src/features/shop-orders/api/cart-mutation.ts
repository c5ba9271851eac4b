import type { CartMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopOrdersKeys } from './keys';

/**
 * Every cart change answers the whole cart again: it replaces the cached cart at once, so prices,
 * tax and problems on screen are the server's own figures after each change.
 */
export function useCartMutation<V extends { clientId: number }>(
  mutationFn: (variables: V) => Promise<CartMutationResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, { clientId }) => {
      queryClient.setQueryData(shopOrdersKeys.cart(clientId), { cart: data.cart });
    },
    // A refused change (a product archived meanwhile, a stale line) shows the cart as it is now.
    onError: (_error, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: shopOrdersKeys.cart(clientId) }),
  });
}
