import type { InventorySummaryResponse } from '@inspecta/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

/** GET /api/shop/inventory/summary (figures, the last 90 days of movements, what is low). */
export function getInventorySummary(signal?: AbortSignal) {
  return api.get<InventorySummaryResponse>('/shop/inventory/summary', { signal });
}

export function getInventorySummaryQueryOptions() {
  return queryOptions({
    queryKey: shopCatalogueKeys.inventorySummary,
    queryFn: ({ signal }) => getInventorySummary(signal),
  });
}

export function useInventorySummary() {
  return useQuery(getInventorySummaryQueryOptions());
}

/** The home's Refresh: the shop section's stock figures and low-stock list load again. */
export function useRefreshShopHome() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.refetchQueries({ queryKey: shopCatalogueKeys.inventorySummary }),
    [queryClient],
  );
}
