import type { InspectionCategoryListQueryValues, InspectionCategoryListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inspectionCategoryKeys } from './keys';

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
    queryKey: inspectionCategoryKeys.list(query),
    queryFn: ({ signal }) => getInspectionCategories(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInspectionCategories(query: InspectionCategoriesQuery) {
  return useQuery(getInspectionCategoriesQueryOptions(query));
}

/** The active categories (at most 100, by name): what an assignment or the history filter can pick. */
export function useActiveCategories() {
  return useQuery(getInspectionCategoriesQueryOptions({ status: 'active', limit: 100, sort: 'name' }));
}

/** Every category (at most 100, by name): what a template can be filed under, archived ones included. */
export function useCategoryOptions() {
  return useQuery({
    ...getInspectionCategoriesQueryOptions({ limit: 100, sort: 'name', status: 'all' }),
    staleTime: 60_000,
  });
}
