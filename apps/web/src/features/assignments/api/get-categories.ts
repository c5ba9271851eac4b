import type { InspectionCategoryListResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assignmentKeys } from './keys';

/** GET /api/inspection-categories?status=active */
export function getActiveCategories(signal?: AbortSignal) {
  return api.get<InspectionCategoryListResponse>('/inspection-categories', {
    query: { status: 'active', limit: 100, sort: 'name' },
    signal,
  });
}

export function getActiveCategoriesQueryOptions() {
  return queryOptions({
    queryKey: assignmentKeys.categories,
    queryFn: ({ signal }) => getActiveCategories(signal),
  });
}

export function useActiveCategories() {
  return useQuery(getActiveCategoriesQueryOptions());
}
