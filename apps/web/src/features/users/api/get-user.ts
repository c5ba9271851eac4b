import type { UserDetailResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /api/admin/users/:id: the user, their active sessions and recent audit events. */
export function getUser(id: number, signal?: AbortSignal): Promise<UserDetailResponse> {
  return api.get<UserDetailResponse>(`/admin/users/${id}`, { signal });
}

export function getUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 0,
  });
}

export function useUser(id: number | null) {
  return useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== null });
}
