import type { PortalActionListQueryValues, PortalActionListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

export type PortalActionParams = Partial<PortalActionListQueryValues>;

/** GET /api/portal/actions?siteId=&view=open|all&page=&limit= (overdue first, then by due date). */
export function getPortalActions(params: PortalActionParams, signal?: AbortSignal) {
  return portalApi.get<PortalActionListResponse>('/portal/actions', { query: { ...params }, signal });
}

export function getPortalActionsQueryOptions(params: PortalActionParams) {
  return queryOptions({
    queryKey: portalRequestKeys.actionList(params),
    queryFn: ({ signal }) => getPortalActions(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePortalActions(params: PortalActionParams) {
  return useQuery(getPortalActionsQueryOptions(params));
}
