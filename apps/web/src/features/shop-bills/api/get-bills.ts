import type { BillListQuery, BillListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopBillsKeys } from './keys';

/** The bills list's query as the contract defines it; the screen always names the page. */
export type BillListParams = Partial<Omit<BillListQuery, 'page' | 'limit'>> & { page: number; limit: number };

/** GET /api/shop/bills?start_date=&end_date=&id=&client_id=&kind=&status=&sort=&page=&limit= */
export function getBills(params: BillListParams, signal?: AbortSignal) {
  return api.get<BillListResponse>('/shop/bills', { query: { ...params }, signal });
}

export function getBillsQueryOptions(params: BillListParams) {
  return queryOptions({
    queryKey: shopBillsKeys.list(params),
    queryFn: ({ signal }) => getBills(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBills(params: BillListParams) {
  return useQuery(getBillsQueryOptions(params));
}
