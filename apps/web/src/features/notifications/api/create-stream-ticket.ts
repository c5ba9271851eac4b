import type { NotificationStreamTicketResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import type { NotificationsApiClient } from '../context/notifications-client';

/** POST /api/notifications/stream-ticket: a single-use ticket that opens the event stream once. */
export function createStreamTicket(
  signal?: AbortSignal,
  client: NotificationsApiClient = api,
): Promise<NotificationStreamTicketResponse> {
  return client.post<NotificationStreamTicketResponse>('/notifications/stream-ticket', undefined, { signal });
}
