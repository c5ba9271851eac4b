import type { ProductMutationResponse, ProductUpdateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** PATCH /api/shop/products/:id (any subset of the fields). */
export function updateProduct({ id, body }: { id: number; body: ProductUpdateBody }) {
  return api.patch<ProductMutationResponse>(`/shop/products/${id}`, body);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
