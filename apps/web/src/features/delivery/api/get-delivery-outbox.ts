import type { DeliveryStatusResponse, OutboxResponse } from '@inspecta/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryKeys } from './keys';

export const OUTBOX_PAGE_SIZE = 10;

/** GET /api/delivery/status: whether email and SMS leave the server. */
export function getDeliveryStatus(signal?: AbortSignal): Promise<DeliveryStatusResponse> {
  return api.get<DeliveryStatusResponse>('/delivery/status', { signal });
}

export function useDeliveryStatus() {
  return useQuery(
    queryOptions({ queryKey: deliveryKeys.status, queryFn: ({ signal }) => getDeliveryStatus(signal) }),
  );
}

/** GET /api/delivery/outbox?page=&limit= (newest first). */
export function getDeliveryOutbox(page: number, signal?: AbortSignal): Promise<OutboxResponse> {
  return api.get<OutboxResponse>('/delivery/outbox', { query: { page, limit: OUTBOX_PAGE_SIZE }, signal });
}

export function useDeliveryOutbox(page: number, options: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: deliveryKeys.outboxPage(page),
      queryFn: ({ signal }) => getDeliveryOutbox(page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
    enabled: options.enabled,
  });
}
