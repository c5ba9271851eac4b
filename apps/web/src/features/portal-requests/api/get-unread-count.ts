import type { NotificationListResponse } from '@inspecta/contract';
import { useQuery } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** How often the bell asks again while the page stays open (it also asks on window focus). */
const UNREAD_REFETCH_MS = 60_000;

/**
 * The client's unread notifications, for the portal's bell: the first page of one notification
 * carries the unread total. Kept under the notifications' key root, so reading or deleting on
 * /portal/notifications (which invalidates that root) refreshes the bell too.
 */
export function usePortalUnreadCount() {
  return useQuery({
    queryKey: [...portalRequestKeys.notifications, 'unread-count'] as const,
    queryFn: ({ signal }) =>
      portalApi.get<NotificationListResponse>('/get/notification', { query: { page: 1, limit: 1 }, signal }),
    select: (data) => data.unread,
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
