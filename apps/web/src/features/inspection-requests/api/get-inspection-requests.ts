import type { InspectionRequestListQueryValues, InspectionRequestListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionRequestKeys } from './keys';

/** GET /api/inspection-requests?status=&search=&page=&limit= (open first, then oldest first). */
export function getInspectionRequests(
  params: Partial<InspectionRequestListQueryValues>,
  signal?: AbortSignal,
) {
  return api.get<InspectionRequestListResponse>('/inspection-requests', { query: { ...params }, signal });
}

export function getInspectionRequestsQueryOptions(params: Partial<InspectionRequestListQueryValues>) {
  return queryOptions({
    queryKey: inspectionRequestKeys.list(params),
    queryFn: ({ signal }) => getInspectionRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInspectionRequests(params: Partial<InspectionRequestListQueryValues>) {
  return useQuery(getInspectionRequestsQueryOptions(params));
}
