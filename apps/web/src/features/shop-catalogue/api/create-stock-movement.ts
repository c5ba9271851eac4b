import type { StockMovementBody, StockMovementResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** POST /api/shop/products/:id/stock-movements (receive, adjust or write off; 409 below zero). */
export function createStockMovement({ productId, body }: { productId: number; body: StockMovementBody }) {
  return api.post<StockMovementResponse>(`/shop/products/${productId}/stock-movements`, body);
}

export function useCreateStockMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockMovement,
    // The product, every list showing its stock, its log history and the inventory figures.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogueKeys.all }),
  });
}
