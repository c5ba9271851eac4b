import type { MeResponse, SessionUser } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_USER_QUERY_KEY } from '@/lib/session';
import { storage } from '@/lib/storage';

/** GET /api/auth/me; the fresh user replaces the stored userData (name or picture may change). */
export async function getMe(signal?: AbortSignal): Promise<MeResponse> {
  const response = await api.get<MeResponse>('/auth/me', { signal });
  if (response?.user) storage.setUser(response.user);
  return response;
}

export function getMeQueryOptions(storedUser: SessionUser | null) {
  return queryOptions({
    queryKey: SESSION_USER_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    // Render at once from local storage, then confirm with the server.
    ...(storedUser ? { initialData: { user: storedUser }, initialDataUpdatedAt: 0 } : {}),
    staleTime: 5 * 60_000,
  });
}

export function useMe(storedUser: SessionUser | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(storedUser), enabled: options.enabled ?? true });
}
