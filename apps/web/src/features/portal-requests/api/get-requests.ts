import type { InspectionRequestListResponse, PortalRequestListQueryValues } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

export type PortalRequestParams = Partial<PortalRequestListQueryValues>;

/** GET /api/portal/requests?status=&page=&limit= (newest first). */
export function getPortalRequests(params: PortalRequestParams, signal?: AbortSignal) {
  return portalApi.get<InspectionRequestListResponse>('/portal/requests', { query: { ...params }, signal });
}

export function getPortalRequestsQueryOptions(params: PortalRequestParams) {
  return queryOptions({
    queryKey: portalRequestKeys.requestList(params),
    queryFn: ({ signal }) => getPortalRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePortalRequests(params: PortalRequestParams) {
  return useQuery(getPortalRequestsQueryOptions(params));
}
