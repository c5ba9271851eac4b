import type { OrderMutationResponse, ShipmentDeliverBody } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/shipments/:shipmentId/deliver */
export function deliverShipment({
  orderId,
  shipmentId,
  body,
}: {
  orderId: number;
  shipmentId: number;
  body: ShipmentDeliverBody;
}) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/shipments/${shipmentId}/deliver`, body);
}

export function useDeliverShipment() {
  return useOrderMutation(deliverShipment);
}
