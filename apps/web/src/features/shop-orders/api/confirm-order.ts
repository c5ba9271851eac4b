import type { OrderMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/confirm */
export function confirmOrder({ orderId }: { orderId: number }) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/confirm`);
}

export function useConfirmOrder() {
  return useOrderMutation(confirmOrder);
}
