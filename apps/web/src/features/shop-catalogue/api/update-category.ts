import type { CategoryMutationResponse, CategoryUpdateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** PATCH /api/shop/categories/:id (rename and/or move under another parent). */
export function updateCategory({ id, body }: { id: number; body: CategoryUpdateBody }) {
  return api.patch<CategoryMutationResponse>(`/shop/categories/${id}`, body);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Products show their category's name ("Parent › Child"): a rename or move changes them too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
