import type { ProductMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** POST /api/shop/products/:id/archive or /restore. */
export function setProductStatus({ id, archived }: { id: number; archived: boolean }) {
  return api.post<ProductMutationResponse>(`/shop/products/${id}/${archived ? 'archive' : 'restore'}`);
}

export function useSetProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
