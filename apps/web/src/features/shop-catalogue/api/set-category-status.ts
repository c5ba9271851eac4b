import type { CategoryMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** POST /api/shop/categories/:id/archive or /restore. */
export function setCategoryStatus({ id, archived }: { id: number; archived: boolean }) {
  return api.post<CategoryMutationResponse>(`/shop/categories/${id}/${archived ? 'archive' : 'restore'}`);
}

export function useSetCategoryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCategoryStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
