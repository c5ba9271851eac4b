import type { ProductMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** POST /api/shop/products/:id/images (multipart `file`; the server re-encodes it). */
export function uploadProductImage({ id, file }: { id: number; file: File }) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postForm<ProductMutationResponse>(`/shop/products/${id}/images`, form);
}

/** DELETE /api/shop/products/:id/images/:imageId */
export function deleteProductImage({ id, imageId }: { id: number; imageId: number }) {
  return api.delete<ProductMutationResponse>(`/shop/products/${id}/images/${imageId}`);
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
