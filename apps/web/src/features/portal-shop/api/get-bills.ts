import type { PortalBillListQueryValues, PortalBillListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalShopKeys } from './keys';

export type PortalBillParams = Partial<PortalBillListQueryValues>;

/** GET /api/portal/bills?kind=&status=&page=&limit= (your bills and credit notes, newest first). */
export function getPortalBills(params: PortalBillParams, signal?: AbortSignal) {
  return portalApi.get<PortalBillListResponse>('/portal/bills', { query: { ...params }, signal });
}

export function getPortalBillsQueryOptions(params: PortalBillParams) {
  return queryOptions({
    queryKey: portalShopKeys.bills(params),
    queryFn: ({ signal }) => getPortalBills(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePortalBills(params: PortalBillParams) {
  return useQuery(getPortalBillsQueryOptions(params));
}
