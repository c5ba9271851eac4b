import type { ActiveSessionsResponse, EndedSessionsResponse } from '@inspecta/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/auth/sessions: my open sessions, this one first. */
export function getSessions(signal?: AbortSignal): Promise<ActiveSessionsResponse> {
  return api.get<ActiveSessionsResponse>('/auth/sessions', { signal });
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

/** POST /api/auth/sessions/sign-out-others */
export function signOutOtherSessions(): Promise<EndedSessionsResponse> {
  return api.post<EndedSessionsResponse>('/auth/sessions/sign-out-others');
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<EndedSessionsResponse, ApiError, void>({
    mutationFn: signOutOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
