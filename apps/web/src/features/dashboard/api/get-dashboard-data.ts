import type { DashboardDataResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/dashboard/data: the home screen's figures, charts and lists in one answer ("getHome"). */
export function getDashboardData(signal?: AbortSignal) {
  return api.get<DashboardDataResponse>('/dashboard/data', { signal });
}

export function getDashboardDataQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.data,
    queryFn: ({ signal }) => getDashboardData(signal),
    // The home is a glance at the business: refresh it when the admin comes back to the tab.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useDashboardData() {
  return useQuery(getDashboardDataQueryOptions());
}
