import type {
  AddressSnapshot,
  ClientSummary,
  Order,
  OrderEvent,
  OrderLine,
  OrderListItem,
  Shipment,
} from '@inspecta/contract';
import type {
  OrderLineRow,
  OrderListRow,
  OrderRow,
  ShipmentLineView,
  ShipmentRow,
} from './orders.repository.js';
import { addFigures, figuresOf, ZERO_FIGURES } from './shop-orders-views.js';

export interface OrderData {
  order: OrderRow;
  client: ClientSummary;
  placedByName: string | null;
  lines: OrderLineRow[];
  shipments: ShipmentRow[];
  shipmentLines: ShipmentLineView[];
  bills: Array<{
    shipmentId: number;
    id: number;
    billNumber: string;
    kind: 'invoice' | 'credit_note';
    status: 'issued' | 'cancelled';
  }>;
  timeline: Array<{
    at: Date;
    action: string;
    after: unknown;
    actorId: number | null;
    actorName: string | null;
  }>;
}

/** The shipment number: the order number and the shipment's place in it, e.g. SO-000123/2. */
export const shipmentNumberOf = (orderNumber: string, sequence: number) => `${orderNumber}/${sequence}`;

const gst = (rate: number) => rate as OrderLine['gstRate'];

/** A shipment's tax at the order's copied prices and its own supply type. */
export function shipmentFigures(shipment: ShipmentRow, lines: ShipmentLineView[]) {
  return figuresOf(
    lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, gstRate: l.gstRate })),
    shipment.supplyType,
  );
}

/** Timeline text written with each audit event (`after.summary`), or the action itself. */
function eventText(action: string, after: unknown): string {
  const summary = (after as { summary?: unknown } | null)?.summary;
  return typeof summary === 'string' ? summary : action;
}

export function assembleOrder(data: OrderData): Order {
  const { order } = data;
  const linesOf = new Map<number, ShipmentLineView[]>();
  for (const l of data.shipmentLines) linesOf.set(l.shipmentId, [...(linesOf.get(l.shipmentId) ?? []), l]);
  const statusOf = new Map(data.shipments.map((s) => [s.id, s.status]));

  const perLine = new Map<number, { shipped: number; cancelled: number; returned: number }>();
  for (const l of data.shipmentLines) {
    const sum = perLine.get(l.orderLineId) ?? { shipped: 0, cancelled: 0, returned: 0 };
    const status = statusOf.get(l.shipmentId);
    if (status === 'shipped' || status === 'delivered') sum.shipped += l.quantity;
    if (status === 'cancelled') sum.cancelled += l.quantity;
    sum.returned += l.returnedQuantity;
    perLine.set(l.orderLineId, sum);
  }

  const shipments: Shipment[] = data.shipments.map((s) => {
    const lines = linesOf.get(s.id) ?? [];
    return {
      id: s.id,
      shipmentNumber: shipmentNumberOf(order.orderNumber, s.sequence),
      status: s.status,
      address: s.address as AddressSnapshot,
      supplyType: s.supplyType,
      lines: lines.map((l) => ({
        id: l.id,
        orderLineId: l.orderLineId,
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        unit: l.unit,
        quantity: l.quantity,
        returnedQuantity: l.returnedQuantity,
        unitPricePaise: l.unitPricePaise,
        gstRate: gst(l.gstRate),
      })),
      totals: shipmentFigures(s, lines),
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      shippedOn: s.shippedOn,
      packedAt: s.packedAt?.toISOString() ?? null,
      deliveredAt: s.deliveredAt?.toISOString() ?? null,
      cancelledAt: s.cancelledAt?.toISOString() ?? null,
      cancelReason: s.cancelReason,
      bills: data.bills
        .filter((b) => b.shipmentId === s.id)
        .map((b) => ({ id: b.id, billNumber: b.billNumber, kind: b.kind, status: b.status })),
    };
  });

  // The order's figures: its shipments that are not cancelled (all of them when the whole order was).
  const counted =
    order.status === 'cancelled' ? shipments : shipments.filter((s) => s.status !== 'cancelled');
  const totals = counted.reduce((sum, s) => addFigures(sum, s.totals), ZERO_FIGURES);

  const timeline: OrderEvent[] = data.timeline.map((e) => ({
    at: e.at.toISOString(),
    action: e.action,
    text: eventText(e.action, e.after),
    actor: e.actorId !== null && e.actorName ? { id: e.actorId, name: e.actorName } : null,
  }));

  return {
    id: order.id,
    orderNumber: order.orderNumber,
    clientId: order.clientId,
    client: data.client,
    status: order.status,
    billingMode: order.billingMode,
    billingAddress: order.billingAddress as AddressSnapshot,
    notes: order.notes,
    currency: 'INR',
    lines: data.lines.map((l) => {
      const sums = perLine.get(l.id) ?? { shipped: 0, cancelled: 0, returned: 0 };
      return {
        id: l.id,
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        unit: l.unit,
        hsnCode: l.hsnCode,
        gstRate: gst(l.gstRate),
        unitPricePaise: l.unitPricePaise,
        quantity: l.quantity,
        shippedQuantity: sums.shipped,
        cancelledQuantity: sums.cancelled,
        returnedQuantity: sums.returned,
        taxablePaise: l.unitPricePaise * l.quantity,
      };
    }),
    shipments,
    totals,
    timeline,
    placedAt: order.placedAt.toISOString(),
    placedBy:
      order.placedBy !== null && data.placedByName ? { id: order.placedBy, name: data.placedByName } : null,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toOrderListItem(row: OrderListRow): OrderListItem {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    client: { id: row.clientId, name: `${row.firstName} ${row.lastName}`.trim(), company: row.company },
    status: row.status,
    placedAt: row.placedAt.toISOString(),
    lineCount: row.lineCount,
    unitCount: row.unitCount,
    shipmentCount: row.shipmentCount,
    shippedCount: row.shippedCount,
    totalPaise: Number(row.totalPaise),
    currency: 'INR',
  };
}
