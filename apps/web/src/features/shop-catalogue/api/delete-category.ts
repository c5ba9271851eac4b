import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** DELETE /api/shop/categories/:id (409 with the reason when it holds products or subcategories). */
export function deleteCategory(id: number) {
  return api.delete<{ message: string }>(`/shop/categories/${id}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.categories }),
  });
}
