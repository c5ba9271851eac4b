import type { OrderMutationResponse, ShipmentShipBody } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/shipments/:shipmentId/ship: carrier, tracking number, shipped on (its bill is issued). */
export function shipShipment({
  orderId,
  shipmentId,
  body,
}: {
  orderId: number;
  shipmentId: number;
  body: ShipmentShipBody;
}) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/shipments/${shipmentId}/ship`, body);
}

export function useShipShipment() {
  return useOrderMutation(shipShipment);
}
