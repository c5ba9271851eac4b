import type { NotificationPreferences, NotificationPreferencesResponse } from '@inspecta/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/auth/me/notification-preferences */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferencesResponse> {
  return api.get<NotificationPreferencesResponse>('/auth/me/notification-preferences', { signal });
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.notificationPreferences,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

type PreferencesAnswer = NotificationPreferencesResponse & { message: string };

/** PUT /api/auth/me/notification-preferences (any subset of kinds). */
export function updateNotificationPreferences(
  preferences: Partial<NotificationPreferences>,
): Promise<PreferencesAnswer> {
  return api.put<PreferencesAnswer>('/auth/me/notification-preferences', { preferences });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation<PreferencesAnswer, ApiError, Partial<NotificationPreferences>>({
    mutationFn: updateNotificationPreferences,
    onSuccess: (result) =>
      queryClient.setQueryData(settingsKeys.notificationPreferences, { preferences: result.preferences }),
  });
}
