import type { OrderMutationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/shipments/:shipmentId/pack */
export function packShipment({ orderId, shipmentId }: { orderId: number; shipmentId: number }) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/shipments/${shipmentId}/pack`);
}

export function usePackShipment() {
  return useOrderMutation(packShipment);
}
