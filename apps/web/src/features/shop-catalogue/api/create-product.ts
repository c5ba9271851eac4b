import type { ProductCreateBody, ProductMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** POST /api/shop/products (stock starts at 0). */
export function createProduct(body: ProductCreateBody) {
  return api.post<ProductMutationResponse>('/shop/products', body);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // Category counts and the inventory figures move with a new product.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
