import type { BillResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopBillsKeys } from './keys';

/** GET /api/shop/bills/:id: the bill with its seller, buyer, lines and per-rate totals. */
export function getBill(id: number, signal?: AbortSignal) {
  return api.get<BillResponse>(`/shop/bills/${id}`, { signal });
}

export function getBillQueryOptions(id: number) {
  return queryOptions({
    queryKey: shopBillsKeys.bill(id),
    queryFn: ({ signal }) => getBill(id, signal),
  });
}

export function useBill(id: number) {
  return useQuery(getBillQueryOptions(id));
}
