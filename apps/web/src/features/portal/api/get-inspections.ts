import type { PortalInspectionsResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { type PortalInspectionsParams, portalKeys, retryServerErrors } from './keys';

/** GET /api/portal/inspections: completed inspections at the client's sites, newest first. */
export function getPortalInspections(params: PortalInspectionsParams, signal?: AbortSignal) {
  return portalApi.get<PortalInspectionsResponse>('/portal/inspections', { query: { ...params }, signal });
}

export function usePortalInspections(params: PortalInspectionsParams) {
  return useQuery(
    queryOptions({
      queryKey: portalKeys.inspections(params),
      queryFn: ({ signal }) => getPortalInspections(params, signal),
      placeholderData: keepPreviousData,
      retry: retryServerErrors,
    }),
  );
}
