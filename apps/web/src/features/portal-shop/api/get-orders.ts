import type { PortalOrderListQueryValues, PortalOrderListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

export type PortalOrderParams = Partial<PortalOrderListQueryValues>;

/** GET /api/portal/orders?status=&page=&limit= (yours, newest first). */
export function getPortalOrders(params: PortalOrderParams, signal?: AbortSignal) {
  return portalApi.get<PortalOrderListResponse>('/portal/orders', { query: { ...params }, signal });
}

export function getPortalOrdersQueryOptions(params: PortalOrderParams) {
  return queryOptions({
    queryKey: portalShopKeys.orderList(params),
    queryFn: ({ signal }) => getPortalOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePortalOrders(params: PortalOrderParams) {
  return useQuery(getPortalOrdersQueryOptions(params));
}
