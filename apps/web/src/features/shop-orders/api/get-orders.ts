import type { OrderListQuery, OrderListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopOrdersKeys } from './keys';

/** The orders list's query as the contract defines it; the screen always names the page. */
export type OrderListParams = Partial<OrderListQuery> & { page: number; limit: number };

/** GET /api/shop/orders?search=&status=&client_id=&from=&to=&page=&limit= → { response, pagination, totals } */
export function getOrders(params: OrderListParams, signal?: AbortSignal) {
  return api.get<OrderListResponse>('/shop/orders', { query: { ...params }, signal });
}

export function getOrdersQueryOptions(params: OrderListParams) {
  return queryOptions({
    queryKey: shopOrdersKeys.orderList(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(params: OrderListParams) {
  return useQuery(getOrdersQueryOptions(params));
}
