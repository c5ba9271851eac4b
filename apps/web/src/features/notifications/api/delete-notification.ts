import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { type NotificationsApiClient, useNotificationsClient } from '../context/notifications-client';

/** DELETE /api/notifications/:id */
export function deleteNotification(
  id: number,
  client: NotificationsApiClient = api,
): Promise<{ message: string }> {
  return client.delete<{ message: string }>(`/notifications/${id}`);
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  const { client, keyRoot } = useNotificationsClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: (id) => deleteNotification(id, client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyRoot }),
  });
}
