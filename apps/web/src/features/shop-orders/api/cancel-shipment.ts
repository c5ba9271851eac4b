import type { OrderMutationResponse, ShipmentCancelBody } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/shipments/:shipmentId/cancel (not shipped yet): its stock is released. */
export function cancelShipment({
  orderId,
  shipmentId,
  body,
}: {
  orderId: number;
  shipmentId: number;
  body: ShipmentCancelBody;
}) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/shipments/${shipmentId}/cancel`, body);
}

export function useCancelShipment() {
  return useOrderMutation(cancelShipment);
}
