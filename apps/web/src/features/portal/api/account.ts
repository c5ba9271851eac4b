import type {
  ChangePasswordBody,
  EndedSessionsResponse,
  NotificationPreferences,
  NotificationPreferencesResponse,
} from '@inspecta/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, portalApi } from '@/lib/api-client';
import { portalKeys } from './keys';

/** GET /api/auth/me/notification-preferences, with the portal's session. */
export function usePortalNotificationPreferences() {
  return useQuery({
    queryKey: portalKeys.notificationPreferences(),
    queryFn: ({ signal }) =>
      portalApi.get<NotificationPreferencesResponse>('/auth/me/notification-preferences', { signal }),
  });
}

type PreferencesAnswer = NotificationPreferencesResponse & { message: string };

/** PUT /api/auth/me/notification-preferences (the kinds changed only). */
export function useUpdatePortalNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation<PreferencesAnswer, ApiError, Partial<NotificationPreferences>>({
    mutationFn: (preferences) =>
      portalApi.put<PreferencesAnswer>('/auth/me/notification-preferences', { preferences }),
    onSuccess: (result) =>
      queryClient.setQueryData(portalKeys.notificationPreferences(), { preferences: result.preferences }),
  });
}

/** POST /api/auth/change-password: every other session of the client is signed out. */
export function usePortalChangePassword() {
  return useMutation<EndedSessionsResponse, ApiError, ChangePasswordBody>({
    mutationFn: (body) => portalApi.post<EndedSessionsResponse>('/auth/change-password', body),
  });
}
