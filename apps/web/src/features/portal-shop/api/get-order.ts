import type { OrderResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

/** GET /api/portal/orders/:id: the order with its shipments and tracking. */
export function getPortalOrder(id: number, signal?: AbortSignal) {
  return portalApi.get<OrderResponse>(`/portal/orders/${id}`, { signal });
}

export function getPortalOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: portalShopKeys.order(id),
    queryFn: ({ signal }) => getPortalOrder(id, signal),
  });
}

export function usePortalOrder(id: number) {
  return useQuery(getPortalOrderQueryOptions(id));
}
