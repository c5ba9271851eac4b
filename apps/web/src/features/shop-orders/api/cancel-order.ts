import type { OrderCancelBody, OrderMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/cancel (nothing shipped yet): every reservation is released. */
export function cancelOrder({ orderId, body }: { orderId: number; body: OrderCancelBody }) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/cancel`, body);
}

export function useCancelOrder() {
  return useOrderMutation(cancelOrder);
}
