import type { LogHistoryQuery, LogHistoryResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopCatalogueKeys } from './keys';

export type LogHistoryParams = Partial<LogHistoryQuery> & { page: number; limit: number };

/** GET /api/shop/products/:id/log-history?from=&to=&page= (newest first). */
export function getLogHistory(productId: number, params: LogHistoryParams, signal?: AbortSignal) {
  return api.get<LogHistoryResponse>(`/shop/products/${productId}/log-history`, {
    query: { ...params },
    signal,
  });
}

export function getLogHistoryQueryOptions(productId: number, params: LogHistoryParams) {
  return queryOptions({
    queryKey: shopCatalogueKeys.logHistory(productId, params),
    queryFn: ({ signal }) => getLogHistory(productId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLogHistory(productId: number, params: LogHistoryParams) {
  return useQuery(getLogHistoryQueryOptions(productId, params));
}
