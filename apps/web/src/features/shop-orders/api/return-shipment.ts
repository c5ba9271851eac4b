import type { OrderMutationResponse, ShipmentReturnBody } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /api/shop/orders/:id/shipments/:shipmentId/returns: delivered units come back. */
export function returnShipment({
  orderId,
  shipmentId,
  body,
}: {
  orderId: number;
  shipmentId: number;
  body: ShipmentReturnBody;
}) {
  return api.post<OrderMutationResponse>(`/shop/orders/${orderId}/shipments/${shipmentId}/returns`, body);
}

export function useReturnShipment() {
  return useOrderMutation(returnShipment);
}
