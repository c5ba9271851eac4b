import type { OrderResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopOrdersKeys } from './keys';

/** GET /api/shop/orders/:id: lines, shipments with their bills, totals and the timeline. */
export function getOrder(id: number, signal?: AbortSignal) {
  return api.get<OrderResponse>(`/shop/orders/${id}`, { signal });
}

export function getOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: shopOrdersKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

export function useOrder(id: number) {
  return useQuery(getOrderQueryOptions(id));
}
