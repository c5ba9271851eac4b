import { AppError } from '../../core/errors.js';
import type { Executor } from '../../db/database.js';
import type { OrderData } from './order-view.js';
import { OrdersRepository } from './orders.repository.js';
import { clientName } from './shop-orders-views.js';

/** Everything an order's view is assembled from; 404 when there is no such order. */
export async function loadOrderData(db: Executor, orderId: number): Promise<OrderData> {
  const repo = new OrdersRepository(db);
  const order = await repo.order(orderId);
  if (!order) throw AppError.notFound('Order');
  const [client, placedByName, lines, shipments, shipmentLines, timeline] = await Promise.all([
    repo.client(order.clientId),
    repo.userName(order.placedBy),
    repo.lines(orderId),
    repo.shipments(orderId),
    repo.shipmentLines(orderId),
    repo.timeline(orderId),
  ]);
  const bills = await repo.billsOfShipments(shipments.map((s) => s.id));
  return {
    order,
    client: client
      ? {
          id: client.id,
          name: clientName(client),
          company: client.company,
          email: client.email,
          phone: client.phone,
        }
      : { id: order.clientId, name: 'Deleted client', company: null, email: '', phone: null },
    placedByName,
    lines,
    shipments,
    shipmentLines,
    bills,
    timeline,
  };
}
