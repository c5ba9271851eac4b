import type { CorrectiveActionListQueryValues, CorrectiveActionListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** The list's query as the contract defines it; the screen always names the page. */
export type CorrectiveActionListParams = Partial<CorrectiveActionListQueryValues> & {
  page: number;
  limit: number;
};

/** GET /api/corrective-actions?search=&view=&status=&priority=&site_id=&equipment_id=&owner_id=&inspection_id=&sort=&page=&limit= */
export function getCorrectiveActions(params: CorrectiveActionListParams, signal?: AbortSignal) {
  return api.get<CorrectiveActionListResponse>('/corrective-actions', { query: { ...params }, signal });
}

export function getCorrectiveActionsQueryOptions(params: CorrectiveActionListParams) {
  return queryOptions({
    queryKey: correctiveActionKeys.list(params),
    queryFn: ({ signal }) => getCorrectiveActions(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCorrectiveActions(
  params: CorrectiveActionListParams,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...getCorrectiveActionsQueryOptions(params), enabled: options.enabled ?? true });
}
