import type { QueryClient } from '@tanstack/react-query';
import { shopOrdersKeys } from './keys';

/** An address changed: the client's address list and cart (its previews show addresses) refresh. */
export function invalidateAddresses(queryClient: QueryClient, clientId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shopOrdersKeys.addresses(clientId) }),
    queryClient.invalidateQueries({ queryKey: shopOrdersKeys.cart(clientId) }),
  ]);
}
