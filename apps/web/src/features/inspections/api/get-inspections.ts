import type {
  InspectionHistoryFilterQuery,
  InspectionHistoryQueryValues,
  InspectionHistoryResponse,
} from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionKeys } from './keys';

/** The history's filters, as the API takes them (also what the export takes). */
export type InspectionHistoryFilters = Partial<InspectionHistoryFilterQuery>;

export type InspectionHistoryParams = InspectionHistoryFilters &
  Pick<Partial<InspectionHistoryQueryValues>, 'sort'> & { page: number; limit: number };

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
