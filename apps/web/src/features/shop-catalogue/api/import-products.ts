import type { ProductImportPreviewResponse, ProductImportResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

function formWith(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** POST /api/shop/products/import/preview (multipart `file`; checks every row, writes nothing). */
export function previewProductImport(file: File) {
  return api.postForm<ProductImportPreviewResponse>('/shop/products/import/preview', formWith(file));
}

/** POST /api/shop/products/import (the same file; all rows or none). */
export function importProducts(file: File) {
  return api.postForm<ProductImportResponse>('/shop/products/import', formWith(file));
}

export function usePreviewProductImport() {
  return useMutation({ mutationFn: previewProductImport });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
