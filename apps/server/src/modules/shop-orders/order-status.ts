import type { OrderStatus, ShipmentStatus } from '@inspecta/contract';

export interface OrderStatusInput {
  /** The admin confirmed the order. */
  confirmed: boolean;
  /** The whole order was cancelled. */
  cancelled: boolean;
  /** Every shipment's status. */
  shipments: readonly ShipmentStatus[];
}

/**
 * An order's status, derived from its shipments (docs/shop-orders.md): cancelled when the order or
 * every shipment is; placed until confirmed; then by the shipments that are not cancelled: none
 * shipped → confirmed, all delivered → delivered, all shipped or delivered → shipped, some →
 * partially_shipped.
 */
export function deriveOrderStatus({ confirmed, cancelled, shipments }: OrderStatusInput): OrderStatus {
  if (cancelled) return 'cancelled';
  const live = shipments.filter((s) => s !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (!confirmed) return 'placed';
  const sent = live.filter((s) => s === 'shipped' || s === 'delivered');
  if (sent.length === 0) return 'confirmed';
  if (live.every((s) => s === 'delivered')) return 'delivered';
  if (sent.length === live.length) return 'shipped';
  return 'partially_shipped';
}

/** Shipments that still wait to leave (pending or packed). */
export function isOpenShipment(status: ShipmentStatus): boolean {
  return status === 'pending' || status === 'packed';
}
