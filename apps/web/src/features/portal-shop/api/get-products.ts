import type { PortalProductListQueryValues, PortalProductListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

export type PortalProductParams = Partial<PortalProductListQueryValues>;

/** GET /api/portal/shop/products?search=&categoryId=&page=&limit= (active products, by name). */
export function getPortalProducts(params: PortalProductParams, signal?: AbortSignal) {
  return portalApi.get<PortalProductListResponse>('/portal/shop/products', { query: { ...params }, signal });
}

export function getPortalProductsQueryOptions(params: PortalProductParams) {
  return queryOptions({
    queryKey: portalShopKeys.products(params),
    queryFn: ({ signal }) => getPortalProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePortalProducts(params: PortalProductParams) {
  return useQuery(getPortalProductsQueryOptions(params));
}
