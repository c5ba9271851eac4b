import type { CartMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalShopKeys } from './keys';

/** Every cart change answers the whole cart: it replaces the cached one at once. */
export function usePortalCartMutation<V>(mutationFn: (variables: V) => Promise<CartMutationResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(portalShopKeys.cart, { cart: data.cart }),
    onError: () => queryClient.invalidateQueries({ queryKey: portalShopKeys.cart }),
  });
}
