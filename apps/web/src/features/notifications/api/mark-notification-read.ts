import type { NotificationMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** PATCH /api/notifications/:id/read */
export function markNotificationRead(id: number): Promise<NotificationMutationResponse> {
  return api.patch<NotificationMutationResponse>(`/notifications/${id}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation<NotificationMutationResponse, ApiError, number>({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
