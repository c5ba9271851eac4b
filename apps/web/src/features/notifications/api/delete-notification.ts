import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** DELETE /api/notifications/:id */
export function deleteNotification(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/notifications/${id}`);
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
