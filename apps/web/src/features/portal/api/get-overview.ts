import type { PortalOverviewResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { type PortalOverviewParams, portalKeys, retryServerErrors } from './keys';

/** GET /api/portal/overview: totals over all the client's sites and one page of site summaries. */
export function getPortalOverview(params: PortalOverviewParams, signal?: AbortSignal) {
  return portalApi.get<PortalOverviewResponse>('/portal/overview', { query: { ...params }, signal });
}

export function getPortalOverviewQueryOptions(params: PortalOverviewParams) {
  return queryOptions({
    queryKey: portalKeys.overview(params),
    queryFn: ({ signal }) => getPortalOverview(params, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function usePortalOverview(params: PortalOverviewParams) {
  return useQuery(getPortalOverviewQueryOptions(params));
}

/** The signed-in client's name and company, for the top bar (the overview answers them; one site is enough). */
export function usePortalClient() {
  return useQuery({
    ...getPortalOverviewQueryOptions({ page: 1, limit: 1 }),
    staleTime: 10 * 60_000,
    select: (data) => data.client,
  });
}
