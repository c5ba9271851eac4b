import type { InspectionHistoryResponse, InspectionResult } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** The history's filters, as the API takes them (also what the export takes). */
export interface InspectionHistoryFilters {
  search?: string;
  site_id?: number;
  inspector_id?: number;
  category_id?: number;
  result?: InspectionResult;
  from?: string;
  to?: string;
}

export interface InspectionHistoryParams extends InspectionHistoryFilters {
  sort?: string;
  page: number;
  limit: number;
}

/** GET /api/auth/inspections?search=&site_id=&inspector_id=&category_id=&result=&from=&to=&sort=&page=&limit= */
export function getInspections(params: InspectionHistoryParams, signal?: AbortSignal) {
  return api.get<InspectionHistoryResponse>('/auth/inspections', { query: { ...params }, signal });
}

export function getInspectionsQueryOptions(params: InspectionHistoryParams) {
  return queryOptions({
    queryKey: inspectionKeys.list(params),
    queryFn: ({ signal }) => getInspections(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInspections(params: InspectionHistoryParams) {
  return useQuery(getInspectionsQueryOptions(params));
}
