import type { NotificationStreamTicketResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';

/** POST /api/notifications/stream-ticket: a single-use ticket that opens the event stream once. */
export function createStreamTicket(signal?: AbortSignal): Promise<NotificationStreamTicketResponse> {
  return api.post<NotificationStreamTicketResponse>('/notifications/stream-ticket', undefined, { signal });
}
