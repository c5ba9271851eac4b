import type { NotificationListQuery, NotificationListResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_REFETCH_INTERVAL_MS } from '@/config/app';
import { api } from '@/lib/api-client';
import { type NotificationsApiClient, useNotificationsClient } from '../context/notifications-client';
import { notificationKeysFor } from './keys';

export type NotificationsQuery = Partial<NotificationListQuery>;

/** GET /api/get/notification?page=&limit= (newest first). */
export function getNotifications(
  { page = 1, limit = NOTIFICATIONS_PAGE_SIZE }: NotificationsQuery = {},
  signal?: AbortSignal,
  client: NotificationsApiClient = api,
): Promise<NotificationListResponse> {
  return client.get<NotificationListResponse>('/get/notification', { query: { page, limit }, signal });
}

/** Every page of the notification list; invalidate it when notifications change. */

export function getNotificationsQueryOptions(
  { page = 1, limit = NOTIFICATIONS_PAGE_SIZE }: NotificationsQuery = {},
  { client, keyRoot }: { client: NotificationsApiClient; keyRoot: readonly unknown[] } = {
    client: api,
    keyRoot: ['notifications'],
  },
) {
  return queryOptions({
    queryKey: notificationKeysFor(keyRoot).page(page, limit),
    queryFn: ({ signal }) => getNotifications({ page, limit }, signal, client),
    // Always worth re-asking when the window regains focus or the list is opened again.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: NOTIFICATIONS_REFETCH_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(query: NotificationsQuery = {}, options: { enabled?: boolean } = {}) {
  const scope = useNotificationsClient();
  return useQuery({ ...getNotificationsQueryOptions(query, scope), enabled: options.enabled ?? true });
}
