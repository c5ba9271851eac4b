import type { ProductDetailsResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** GET /api/shop/products/:id (with its stock and latest movements). */
export function getProduct(id: number, signal?: AbortSignal) {
  return api.get<ProductDetailsResponse>(`/shop/products/${id}`, { signal });
}

export function getProductQueryOptions(id: number) {
  return queryOptions({
    queryKey: shopCatalogueKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: number) {
  return useQuery(getProductQueryOptions(id));
}
