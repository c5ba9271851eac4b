import type { PortalActionDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** GET /api/portal/actions/:id: the action with the comments shared with you. */
export function getPortalAction(id: number, signal?: AbortSignal) {
  return portalApi.get<PortalActionDetailResponse>(`/portal/actions/${id}`, { signal });
}

export function getPortalActionQueryOptions(id: number) {
  return queryOptions({
    queryKey: portalRequestKeys.action(id),
    queryFn: ({ signal }) => getPortalAction(id, signal),
  });
}

export function usePortalAction(id: number) {
  return useQuery(getPortalActionQueryOptions(id));
}
