import type { CategoryCreateBody, CategoryMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** POST /api/shop/categories */
export function createCategory(body: CategoryCreateBody) {
  return api.post<CategoryMutationResponse>('/shop/categories', body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.categories }),
  });
}
