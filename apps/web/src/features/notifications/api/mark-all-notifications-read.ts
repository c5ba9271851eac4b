import type { MarkAllNotificationsReadResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { type NotificationsApiClient, useNotificationsClient } from '../context/notifications-client';

/** POST /api/notifications/read-all */
export function markAllNotificationsRead(
  client: NotificationsApiClient = api,
): Promise<MarkAllNotificationsReadResponse> {
  return client.post<MarkAllNotificationsReadResponse>('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const { client, keyRoot } = useNotificationsClient();
  return useMutation<MarkAllNotificationsReadResponse, ApiError, void>({
    mutationFn: () => markAllNotificationsRead(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoot }),
  });
}
