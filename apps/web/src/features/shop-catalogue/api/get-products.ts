import type { ProductListQuery, ProductListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** The product list's query as the contract defines it; the screen always names the page. */
export type ProductListParams = Partial<ProductListQuery> & { page: number; limit: number };

/** GET /api/shop/products?search=&category_id=&status=&stock=&sort=&page=&limit= */
export function getProducts(params: ProductListParams, signal?: AbortSignal) {
  return api.get<ProductListResponse>('/shop/products', { query: { ...params }, signal });
}

export function getProductsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: shopCatalogueKeys.productList(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  return useQuery(getProductsQueryOptions(params));
}
