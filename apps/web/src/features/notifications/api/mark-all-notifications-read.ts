import type { MarkAllNotificationsReadResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notifications/read-all */
export function markAllNotificationsRead(): Promise<MarkAllNotificationsReadResponse> {
  return api.post<MarkAllNotificationsReadResponse>('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation<MarkAllNotificationsReadResponse, ApiError, void>({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
