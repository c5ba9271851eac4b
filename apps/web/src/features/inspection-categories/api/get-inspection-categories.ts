import type { InspectionCategoryListQueryValues, InspectionCategoryListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const inspectionCategoriesKey = ['inspection-categories'] as const;

export type InspectionCategoriesQuery = Partial<InspectionCategoryListQueryValues>;

/** GET /api/inspection-categories?search=&status=&sort=&page=&limit= */
export function getInspectionCategories(
  query: InspectionCategoriesQuery,
  signal?: AbortSignal,
): Promise<InspectionCategoryListResponse> {
  return api.get<InspectionCategoryListResponse>('/inspection-categories', {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export function getInspectionCategoriesQueryOptions(query: InspectionCategoriesQuery) {
  return queryOptions({
    queryKey: [...inspectionCategoriesKey, 'list', query],
    queryFn: ({ signal }) => getInspectionCategories(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInspectionCategories(query: InspectionCategoriesQuery) {
  return useQuery(getInspectionCategoriesQueryOptions(query));
}
