import type { CategoryTreeResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** GET /api/shop/categories/tree?include_archived= (top-level categories with their subcategories). */
export function getCategoryTree(includeArchived: boolean, signal?: AbortSignal) {
  return api.get<CategoryTreeResponse>('/shop/categories/tree', {
    query: includeArchived ? { include_archived: 'true' } : {},
    signal,
  });
}

export function getCategoryTreeQueryOptions(includeArchived = false) {
  return queryOptions({
    queryKey: shopCatalogueKeys.categoryTree({ includeArchived }),
    queryFn: ({ signal }) => getCategoryTree(includeArchived, signal),
  });
}

export function useCategoryTree(includeArchived = false) {
  return useQuery(getCategoryTreeQueryOptions(includeArchived));
}
