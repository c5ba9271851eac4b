import type { OrderMutationResponse, ShipmentReturnValues, ShipmentStatus } from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { Database, Transaction } from '../../db/database.js';
import type { OrganisationReader } from './cart.service.js';
import { loadOrderData } from './order-data.js';
import { deriveOrderStatus, isOpenShipment } from './order-status.js';
import { assembleOrder, shipmentFigures, shipmentNumberOf } from './order-view.js';
import { type OrderRow, OrdersRepository, type ShipmentRow } from './orders.repository.js';
import { type BillsIssuer, type OrderNotifier, orderMovement, type StockLedger } from './shop-orders-deps.js';
import { addFigures, dayIn, plural, ZERO_FIGURES } from './shop-orders-views.js';

interface StepContext {
  tx: Transaction;
  repo: OrdersRepository;
  order: OrderRow;
  shipments: ShipmentRow[];
  now: Date;
  today: string;
}

interface StepResult {
  action: string;
  /** The timeline's sentence (audit `after.summary`) and the notification's body. */
  summary: string;
  message: string;
  after?: Record<string, unknown>;
  /** Marks the whole order cancelled. */
  cancelOrder?: { reason: string };
}

/** The notification's title after the order number. */
const STEP_TITLES: Record<string, string> = {
  'order.confirmed': 'confirmed',
  'order.cancelled': 'cancelled',
  'shipment.packed': 'shipment packed',
  'shipment.shipped': 'shipment shipped',
  'shipment.delivered': 'shipment delivered',
  'shipment.cancelled': 'shipment cancelled',
  'shipment.returned': 'return recorded',
};

const statusText: Record<ShipmentStatus, string> = {
  pending: 'waiting to be packed',
  packed: 'packed',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/**
 * An order's life after placing (docs/shop-orders.md, "Lifecycle"): confirm, pack, ship, deliver,
 * cancel (the order or a shipment) and returns. Each step locks the order's row first, so steps on
 * one order run one after another and a repeated step finds the new state (a second cancel is a
 * 409, never a second release). The stock moves through the ledger in the same transaction, bills
 * are issued through the bills module, the order's status is derived again, and the step is audited
 * and notified to the admins.
 */
export class OrderLifecycleService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: OrganisationReader,
    private readonly stock: StockLedger,
    private readonly bills: BillsIssuer,
    private readonly notifications: OrderNotifier,
  ) {}

  private async step(
    auth: AuthContext,
    orderId: number,
    ip: string,
    work: (step: StepContext) => Promise<StepResult>,
  ): Promise<OrderMutationResponse> {
    const { organisation } = await this.settings.organisation();
    const message = await this.db.transaction(async (tx) => {
      const repo = new OrdersRepository(tx);
      const order = await repo.order(orderId, true);
      if (!order) throw AppError.notFound('Order');
      const now = this.clock.now();
      const shipments = await repo.shipments(orderId);
      const result = await work({
        tx,
        repo,
        order,
        shipments,
        now,
        today: dayIn(organisation.timezone, now),
      });

      const after = await repo.shipments(orderId);
      const cancelled = !!result.cancelOrder || order.status === 'cancelled';
      const status = deriveOrderStatus({
        confirmed: order.confirmedAt !== null || result.action === 'order.confirmed',
        cancelled,
        shipments: after.map((s) => s.status),
      });
      // The order's figures follow its live shipments (a cancelled order keeps what it was).
      const lines = await repo.shipmentLines(orderId);
      const live = after.filter((s) => s.status !== 'cancelled');
      const figures = live.reduce(
        (sum, s) =>
          addFigures(
            sum,
            shipmentFigures(
              s,
              lines.filter((l) => l.shipmentId === s.id),
            ),
          ),
        ZERO_FIGURES,
      );
      await repo.updateOrder(orderId, {
        status,
        updatedAt: now,
        ...(result.action === 'order.confirmed' ? { confirmedAt: now } : {}),
        ...(status === 'cancelled' && !order.cancelledAt
          ? { cancelledAt: now, cancelReason: result.cancelOrder?.reason ?? order.cancelReason }
          : {}),
        ...(live.length
          ? { taxablePaise: figures.taxablePaise, taxPaise: figures.taxPaise, totalPaise: figures.totalPaise }
          : {}),
      });
      await recordAudit(tx, {
        actorId: auth.userId,
        action: result.action,
        entityType: 'shop_order',
        entityId: orderId,
        before: { status: order.status },
        after: { summary: result.summary, orderNumber: order.orderNumber, status, ...result.after },
        ipAddress: ip,
      });
      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx, [auth.userId]),
        type: 'order.changed',
        title: `Order ${order.orderNumber}: ${STEP_TITLES[result.action] ?? 'changed'}`,
        body: result.summary,
        link: `/dashboard/shop/orders/${orderId}`,
      });
      // The ordering client follows its parcels in the portal (issue 20).
      if (result.action === 'shipment.shipped') {
        // Where it goes (the address's label, usually the site): the notice also goes by e-mail.
        const shipped = after.find((s) => s.id === result.after?.shipmentId);
        const to = shipped ? (shipped.address as { label?: string; city?: string }) : null;
        const destination = to?.label ? ` to ${to.label}${to.city ? `, ${to.city}` : ''}` : '';
        await this.notifications.notify(tx, {
          recipients: [order.clientId],
          type: 'order.shipped',
          title: `Order ${order.orderNumber} shipped${destination}`,
          body: result.summary,
          link: `/portal/orders/${orderId}`,
        });
      }
      return result.message;
    });
    return { order: assembleOrder(await loadOrderData(this.db, orderId)), message };
  }

  private shipmentOf(step: StepContext, shipmentId: number): ShipmentRow {
    const shipment = step.shipments.find((s) => s.id === shipmentId);
    if (!shipment) throw AppError.notFound('Shipment');
    return shipment;
  }

  private static requireConfirmed(order: OrderRow, what: string): void {
    if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order is cancelled');
    if (!order.confirmedAt) throw new AppError('CONFLICT', `Confirm the order before ${what}`);
  }

  /** Releases the reservations of an unshipped shipment and marks it cancelled. */
  private async cancelShipmentIn(step: StepContext, shipment: ShipmentRow, reason: string, actorId: number) {
    const lines = (await step.repo.shipmentLines(step.order.id)).filter((l) => l.shipmentId === shipment.id);
    const label = shipmentNumberOf(step.order.orderNumber, shipment.sequence);
    for (const line of [...lines].sort((a, b) => a.productId - b.productId))
      await this.stock.applyMovement(
        step.tx,
        orderMovement(
          'release',
          line.productId,
          line.quantity,
          `Cancelled ${label}: ${reason}`,
          actorId,
          step.now,
        ),
      );
    await step.repo.updateShipment(shipment.id, {
      status: 'cancelled',
      cancelledAt: step.now,
      cancelReason: reason,
      updatedAt: step.now,
    });
    shipment.status = 'cancelled';
    return lines.reduce((n, l) => n + l.quantity, 0);
  }

  /**
   * Per-order billing: once no shipment is waiting any more, one bill covers every shipment that
   * left and is not billed yet. Answers the bill, or null when it is not time yet.
   */
  private async billWholeOrder(step: StepContext, issuedOn: string, actorId: number) {
    const shipments = await step.repo.shipments(step.order.id);
    if (shipments.some((s) => isOpenShipment(s.status))) return null;
    const billed = new Set(await step.repo.invoicedShipmentIds(step.order.id));
    const toBill = shipments
      .filter((s) => (s.status === 'shipped' || s.status === 'delivered') && !billed.has(s.id))
      .map((s) => s.id);
    if (!toBill.length) return null;
    return this.bills.issueForShipments(step.tx, {
      orderId: step.order.id,
      shipmentIds: toBill,
      issuedOn,
      actorId,
    });
  }

  confirm(auth: AuthContext, orderId: number, ip: string) {
    return this.step(auth, orderId, ip, async ({ order }) => {
      if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order is cancelled');
      if (order.confirmedAt) throw new AppError('CONFLICT', 'This order is already confirmed');
      return {
        action: 'order.confirmed',
        summary: `Order ${order.orderNumber} confirmed`,
        message: 'Order confirmed',
      };
    });
  }

  /** Cancels the whole order while nothing has left: every open shipment's stock is released. */
  cancel(auth: AuthContext, orderId: number, reason: string, ip: string) {
    return this.step(auth, orderId, ip, async (step) => {
      const { order, shipments } = step;
      if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order is already cancelled');
      if (shipments.some((s) => s.status === 'shipped' || s.status === 'delivered'))
        throw new AppError(
          'CONFLICT',
          'Part of this order has shipped, so it cannot be cancelled as a whole. Cancel the shipments that have not left.',
        );
      let units = 0;
      for (const shipment of shipments.filter((s) => isOpenShipment(s.status)))
        units += await this.cancelShipmentIn(step, shipment, reason, auth.userId);
      return {
        action: 'order.cancelled',
        summary: `Order ${order.orderNumber} cancelled (${plural(units, 'unit')} back in stock): ${reason}`,
        message: 'Order cancelled',
        after: { reason, releasedUnits: units },
        cancelOrder: { reason },
      };
    });
  }

  pack(auth: AuthContext, orderId: number, shipmentId: number, ip: string) {
    return this.step(auth, orderId, ip, async (step) => {
      const shipment = this.shipmentOf(step, shipmentId);
      OrderLifecycleService.requireConfirmed(step.order, 'packing it');
      if (shipment.status !== 'pending')
        throw new AppError(
          'CONFLICT',
          `This shipment is ${statusText[shipment.status]}; only one waiting can be packed`,
        );
      await step.repo.updateShipment(shipmentId, {
        status: 'packed',
        packedAt: step.now,
        updatedAt: step.now,
      });
      const label = shipmentNumberOf(step.order.orderNumber, shipment.sequence);
      return {
        action: 'shipment.packed',
        summary: `Shipment ${label} packed`,
        message: 'Shipment packed',
        after: { shipmentId },
      };
    });
  }

  ship(
    auth: AuthContext,
    orderId: number,
    shipmentId: number,
    body: { carrier: string; trackingNumber: string; shippedOn: string },
    ip: string,
  ) {
    return this.step(auth, orderId, ip, async (step) => {
      const { order, repo, tx } = step;
      const shipment = this.shipmentOf(step, shipmentId);
      OrderLifecycleService.requireConfirmed(order, 'shipping it');
      if (!isOpenShipment(shipment.status))
        throw new AppError('CONFLICT', `This shipment is already ${statusText[shipment.status]}`);
      if (body.shippedOn > step.today)
        throw AppError.validation([{ field: 'shippedOn', message: 'Shipped on cannot be in the future' }]);
      const label = shipmentNumberOf(order.orderNumber, shipment.sequence);
      const lines = (await repo.shipmentLines(orderId)).filter((l) => l.shipmentId === shipmentId);
      for (const line of [...lines].sort((a, b) => a.productId - b.productId))
        await this.stock.applyMovement(
          tx,
          orderMovement('ship', line.productId, line.quantity, `Shipped ${label}`, auth.userId),
        );
      await repo.updateShipment(shipmentId, {
        status: 'shipped',
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        shippedOn: body.shippedOn,
        updatedAt: step.now,
      });
      shipment.status = 'shipped';
      await repo.appendSearchText(orderId, body.trackingNumber);
      const bill =
        order.billingMode === 'per_shipment'
          ? await this.bills.issueForShipments(tx, {
              orderId,
              shipmentIds: [shipmentId],
              issuedOn: body.shippedOn,
              actorId: auth.userId,
            })
          : await this.billWholeOrder(step, body.shippedOn, auth.userId);
      const units = lines.reduce((n, l) => n + l.quantity, 0);
      return {
        action: 'shipment.shipped',
        summary: `Shipment ${label} shipped (${plural(units, 'unit')}) by ${body.carrier}, tracking ${body.trackingNumber}${bill ? `; bill ${bill.billNumber} issued` : ''}`,
        message: bill ? `Shipment shipped; bill ${bill.billNumber} issued` : 'Shipment shipped',
        after: { shipmentId, ...body, billId: bill?.id ?? null, billNumber: bill?.billNumber ?? null },
      };
    });
  }

  deliver(
    auth: AuthContext,
    orderId: number,
    shipmentId: number,
    deliveredOn: string | undefined,
    ip: string,
  ) {
    return this.step(auth, orderId, ip, async (step) => {
      const shipment = this.shipmentOf(step, shipmentId);
      if (shipment.status !== 'shipped')
        throw new AppError(
          'CONFLICT',
          shipment.status === 'delivered'
            ? 'This shipment is already delivered'
            : `This shipment is ${statusText[shipment.status]}; only a shipped one can be delivered`,
        );
      const day = deliveredOn ?? step.today;
      if (day > step.today)
        throw AppError.validation([
          { field: 'deliveredOn', message: 'Delivered on cannot be in the future' },
        ]);
      if (shipment.shippedOn && day < shipment.shippedOn)
        throw AppError.validation([
          {
            field: 'deliveredOn',
            message: `Delivered on cannot be before it shipped (${shipment.shippedOn})`,
          },
        ]);
      // A day in the past is recorded at noon UTC of that day; today is now.
      const at = day === step.today ? step.now : new Date(`${day}T12:00:00Z`);
      await step.repo.updateShipment(shipmentId, {
        status: 'delivered',
        deliveredAt: at,
        updatedAt: step.now,
      });
      const label = shipmentNumberOf(step.order.orderNumber, shipment.sequence);
      return {
        action: 'shipment.delivered',
        summary: `Shipment ${label} delivered on ${day}`,
        message: 'Shipment delivered',
        after: { shipmentId, deliveredOn: day },
      };
    });
  }

  /** Cancels one shipment that has not left; its stock is released. The last one cancels the order. */
  cancelShipment(auth: AuthContext, orderId: number, shipmentId: number, reason: string, ip: string) {
    return this.step(auth, orderId, ip, async (step) => {
      const shipment = this.shipmentOf(step, shipmentId);
      if (!isOpenShipment(shipment.status))
        throw new AppError(
          'CONFLICT',
          shipment.status === 'cancelled'
            ? 'This shipment is already cancelled'
            : `This shipment is already ${statusText[shipment.status]}; record a return instead`,
        );
      const units = await this.cancelShipmentIn(step, shipment, reason, auth.userId);
      const label = shipmentNumberOf(step.order.orderNumber, shipment.sequence);
      const bill =
        step.order.billingMode === 'per_order' && step.order.status !== 'cancelled'
          ? await this.billWholeOrder(step, step.today, auth.userId)
          : null;
      const allCancelled = step.shipments.every((s) => s.status === 'cancelled');
      return {
        action: 'shipment.cancelled',
        summary: `Shipment ${label} cancelled (${plural(units, 'unit')} back in stock): ${reason}${bill ? `; bill ${bill.billNumber} issued for the rest` : ''}`,
        message: allCancelled
          ? 'Shipment cancelled; nothing is left, so the order is cancelled'
          : 'Shipment cancelled',
        after: { shipmentId, reason, releasedUnits: units, billNumber: bill?.billNumber ?? null },
        ...(allCancelled ? { cancelOrder: { reason } } : {}),
      };
    });
  }

  /** Delivered units come back: stock in (`return`), and a credit note when the shipment was billed. */
  recordReturn(
    auth: AuthContext,
    orderId: number,
    shipmentId: number,
    body: ShipmentReturnValues,
    ip: string,
  ) {
    return this.step(auth, orderId, ip, async (step) => {
      const { repo, tx } = step;
      const shipment = this.shipmentOf(step, shipmentId);
      if (shipment.status !== 'delivered')
        throw new AppError(
          'CONFLICT',
          `Only delivered units can be returned; this shipment is ${statusText[shipment.status]}`,
        );
      const lines = (await repo.shipmentLines(orderId)).filter((l) => l.shipmentId === shipmentId);
      const label = shipmentNumberOf(step.order.orderNumber, shipment.sequence);
      const chosen = body.lines.map((wanted, i) => {
        const line = lines.find((l) => l.id === wanted.shipmentLineId);
        if (!line) throw AppError.notFound('Shipment line');
        return { line, quantity: wanted.quantity, index: i };
      });
      for (const { line, quantity, index } of chosen)
        if (!(await repo.addReturned(line.id, quantity))) {
          const left = line.quantity - line.returnedQuantity;
          throw AppError.conflict(
            `lines.${index}.quantity`,
            `${line.name}: ${plural(left, 'unit')} of this shipment can still be returned, not ${quantity}`,
          );
        }
      const returned = await repo.insertReturn(shipmentId, body.reason, auth.userId, step.now);
      await repo.insertReturnLines(
        returned.id,
        chosen.map((c) => ({ shipmentLineId: c.line.id, quantity: c.quantity })),
      );
      for (const { line, quantity } of [...chosen].sort((a, b) => a.line.productId - b.line.productId))
        await this.stock.applyMovement(
          tx,
          orderMovement(
            'return',
            line.productId,
            quantity,
            `Return on ${label}: ${body.reason}`,
            auth.userId,
            step.now,
          ),
        );
      const credit = await this.bills.issueCreditNote(tx, {
        returnId: returned.id,
        issuedOn: step.today,
        actorId: auth.userId,
      });
      const units = chosen.reduce((n, c) => n + c.quantity, 0);
      return {
        action: 'shipment.returned',
        summary: `${plural(units, 'unit')} returned on ${label}: ${body.reason}${credit ? `; credit note ${credit.billNumber} issued` : ''}`,
        message: credit ? `Return recorded; credit note ${credit.billNumber} issued` : 'Return recorded',
        after: {
          shipmentId,
          returnId: returned.id,
          reason: body.reason,
          lines: chosen.map((c) => ({
            shipmentLineId: c.line.id,
            productId: c.line.productId,
            quantity: c.quantity,
          })),
          creditNoteNumber: credit?.billNumber ?? null,
        },
      };
    });
  }
}
