import type { ChangePasswordBody, EndedSessionsResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** POST /api/auth/change-password: every other session is signed out. */
export function changePassword(body: ChangePasswordBody): Promise<EndedSessionsResponse> {
  return api.post<EndedSessionsResponse>('/auth/change-password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<EndedSessionsResponse, ApiError, ChangePasswordBody>({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
