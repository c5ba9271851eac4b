import type { UserListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserListParams } from '../lib/list-params';
import { userKeys } from './keys';

/**
 * GET /api/admin/userlist?user_type=&search=&status=&page=&limit=&sort=. The Admins tab reads the
 * administrators list, GET /api/create/admin (SPEC.md 7), with the same parameters.
 */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  const query = {
    search: params.search || undefined,
    status: params.status ?? undefined,
    page: params.page,
    limit: params.limit,
    sort: params.sort ?? undefined,
  };
  if (params.type === 'admin') return api.get<UserListResponse>('/create/admin', { query, signal });
  return api.get<UserListResponse>('/admin/userlist', {
    query: { ...query, user_type: params.type === 'all' ? undefined : params.type },
    signal,
  });
}

export function getUsersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(getUsersQueryOptions(params));
}
