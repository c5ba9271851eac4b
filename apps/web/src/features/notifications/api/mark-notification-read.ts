import type { NotificationMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { type NotificationsApiClient, useNotificationsClient } from '../context/notifications-client';

/** PATCH /api/notifications/:id/read */
export function markNotificationRead(
  id: number,
  client: NotificationsApiClient = api,
): Promise<NotificationMutationResponse> {
  return client.patch<NotificationMutationResponse>(`/notifications/${id}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { client, keyRoot } = useNotificationsClient();
  return useMutation<NotificationMutationResponse, ApiError, number>({
    mutationFn: (id) => markNotificationRead(id, client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoot }),
  });
}
