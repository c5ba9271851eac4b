import type {
  OrderExportQuery,
  OrderListQuery,
  OrderListResponse,
  OrderMutationResponse,
  OrderResponse,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { FileStorage } from '../../core/files/file-storage.js';
import { paginationOf } from '../../core/paging.js';
import { loadPdfLogo } from '../../core/pdf.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import type { Database } from '../../db/database.js';
import { todayOf } from '../../db/query-helpers.js';
import { CartRepository } from './cart.repository.js';
import { loadCartState, type OrganisationReader } from './cart.service.js';
import { assembleCart } from './cart-view.js';
import { loadOrderData } from './order-data.js';
import { orderPdfFileName, renderOrderPdf } from './order-pdf.js';
import { assembleOrder, toOrderListItem } from './order-view.js';
import {
  type OrderFilter,
  type OrderListRow,
  type OrderListSearch,
  OrdersRepository,
} from './orders.repository.js';
import { type OrderNotifier, orderMovement, type StockLedger } from './shop-orders-deps.js';
import { clientName, plural, rupeesText, snapshotOf } from './shop-orders-views.js';

/** Problems of a cart that make it incomplete (400) rather than in conflict with the stock (409). */
const INCOMPLETE_FIELDS = ['lines', 'billingAddressId', 'billingMode', 'allocations'];

/**
 * Placing orders and reading them (docs/shop-orders.md): the list with its totals, one order, the
 * export. The lifecycle after placing is OrderLifecycleService.
 */
export class OrdersService {
  /** The order list's search state, kept across requests (`OrdersRepository.listSearch`). */
  private listSearch: OrderListSearch | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: OrganisationReader,
    private readonly stock: StockLedger,
    private readonly notifications: OrderNotifier,
    private readonly fileStorage: FileStorage,
  ) {}

  async get(orderId: number): Promise<OrderResponse> {
    return { order: assembleOrder(await loadOrderData(this.db, orderId)) };
  }

  /**
   * Places the client's cart in one transaction: the cart's row is locked (one placing per cart),
   * then its products' rows in id order (concurrent orders queue on them and never deadlock), the
   * cart is read again under those locks and checked; every line is reserved or none (409 naming
   * each short line `lines.<productId>`). Prices, tax rates and addresses are copied into the order,
   * one shipment per shipping address, and the cart is emptied.
   */
  async place(
    auth: AuthContext,
    clientId: number,
    body: { expectedTotalPaise?: number | undefined },
    ip: string,
  ): Promise<OrderMutationResponse> {
    const { organisation } = await this.settings.organisation();
    const orderId = await this.db.transaction(async (tx) => {
      const cartRepo = new CartRepository(tx);
      const first = await loadCartState(tx, clientId, organisation.state, true);
      const stock = await cartRepo.lockProducts(first.lines.map((l) => l.productId));
      const state = await loadCartState(tx, clientId, organisation.state);
      const cart = assembleCart(state);

      const incomplete = cart.problems.filter((p) => INCOMPLETE_FIELDS.includes(p.field));
      const unallocated = cart.lines.filter((l) => l.unallocated > 0);
      if (incomplete.length || unallocated.length) {
        const details = [
          ...incomplete,
          ...unallocated.map((l) => ({
            field: `lines.${l.productId}`,
            message: l.problems.find((p) => p.code === 'unallocated')!.message,
          })),
        ];
        throw AppError.validation(details, `The order cannot be placed yet: ${details[0]!.message}`);
      }
      const stockOf = new Map(stock.map((s) => [s.id, s]));
      const conflicts = cart.lines.flatMap((line) => {
        const product = stockOf.get(line.productId);
        if (product?.status !== 'active')
          return [
            {
              field: `lines.${line.productId}`,
              message: `${line.name} is archived and can no longer be ordered`,
            },
          ];
        const available = product.onHand - product.reserved;
        return available < line.quantity
          ? [
              {
                field: `lines.${line.productId}`,
                message: `${line.name}: ${plural(Math.max(available, 0), 'unit')} available, ${line.quantity} ordered`,
              },
            ]
          : [];
      });
      if (conflicts.length)
        throw new AppError(
          'CONFLICT',
          `Not enough stock for ${plural(conflicts.length, 'line')}. Nothing was reserved: ${conflicts.map((c) => c.message).join('; ')}`,
          { details: conflicts },
        );
      if (body.expectedTotalPaise !== undefined && body.expectedTotalPaise !== cart.totals.totalPaise)
        throw AppError.conflict(
          'expectedTotalPaise',
          `The total changed to ${rupeesText(cart.totals.totalPaise)} (prices or tax changed since you reviewed it). Review the cart and place it again.`,
        );

      const repo = new OrdersRepository(tx);
      const now = this.clock.now();
      const orderNumber = await repo.nextOrderNumber();
      const billing = state.addresses.get(cart.billingAddressId!)!;
      const units = cart.lines.reduce((n, l) => n + l.quantity, 0);
      const searchText = [
        orderNumber,
        clientName(state.client),
        state.client.company ?? '',
        ...cart.lines.flatMap((l) => [l.sku, l.name]),
      ]
        .join(' ')
        .toLowerCase();
      const order = await repo.insertOrder({
        orderNumber,
        clientId,
        status: 'placed',
        billingMode: cart.billingMode,
        billingAddress: snapshotOf(billing),
        notes: cart.notes,
        taxablePaise: cart.totals.taxablePaise,
        taxPaise: cart.totals.taxPaise,
        totalPaise: cart.totals.totalPaise,
        lineCount: cart.lines.length,
        unitCount: units,
        searchText,
        placedAt: now,
        placedBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      });
      const lines = await repo.insertLines(
        cart.lines.map((l) => ({
          orderId: order.id,
          productId: l.productId,
          sku: l.sku,
          name: l.name,
          unit: l.unit,
          hsnCode: l.hsnCode,
          gstRate: l.gstRate,
          unitPricePaise: l.unitPricePaise,
          quantity: l.quantity,
        })),
      );
      const lineOfCartLine = new Map(cart.lines.map((l, i) => [l.id, lines[i]!.id]));
      for (const [i, shipment] of cart.shipments.entries()) {
        const row = await repo.insertShipment({
          orderId: order.id,
          sequence: i + 1,
          status: 'pending',
          address: snapshotOf(state.addresses.get(shipment.address.id)!),
          supplyType: shipment.supplyType,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertShipmentLines(
          shipment.lines.map((l) => ({
            shipmentId: row.id,
            orderLineId: lineOfCartLine.get(l.cartLineId)!,
            quantity: l.quantity,
          })),
        );
      }
      for (const line of [...cart.lines].sort((a, b) => a.productId - b.productId))
        await this.stock.applyMovement(
          tx,
          orderMovement('reserve', line.productId, line.quantity, `Order ${orderNumber}`, auth.userId),
        );
      await cartRepo.deleteLines(cart.id);
      await cartRepo.updateCart(cart.id, { notes: null }, now);

      const who = state.client.company ?? clientName(state.client);
      const summary = `Order ${orderNumber} placed for ${who}: ${plural(units, 'unit')} in ${plural(cart.shipments.length, 'shipment')}, ${rupeesText(cart.totals.totalPaise)}`;
      await recordAudit(tx, {
        actorId: auth.userId,
        action: 'order.placed',
        entityType: 'shop_order',
        entityId: order.id,
        after: {
          summary,
          orderNumber,
          clientId,
          billingMode: cart.billingMode,
          totals: cart.totals,
          lines: cart.lines.map((l) => ({
            productId: l.productId,
            quantity: l.quantity,
            unitPricePaise: l.unitPricePaise,
          })),
          shipments: cart.shipments.map((s) => ({
            addressId: s.address.id,
            units: s.lines.reduce((n, l) => n + l.quantity, 0),
          })),
        },
        ipAddress: ip,
      });
      await this.notifications.notify(tx, {
        recipients: await this.notifications.adminRecipients(tx, [auth.userId]),
        type: 'order.placed',
        title: `New order ${orderNumber}: ${who}`,
        body: summary,
        link: `/dashboard/shop/orders/${order.id}`,
      });
      return order.id;
    });
    const { order } = await this.get(orderId);
    return { order, message: `Order ${order.orderNumber} placed` };
  }

  private async filterOf(
    query: Pick<OrderListQuery, 'search' | 'status' | 'client_id' | 'from' | 'to'>,
  ): Promise<OrderFilter> {
    // The time zone only places a date range's ends: without a range there is nothing to read.
    const timezone =
      query.from || query.to ? (await this.settings.organisation()).organisation.timezone : undefined;
    return {
      search: query.search,
      status: query.status,
      clientId: query.client_id,
      from: query.from,
      to: query.to,
      timezone,
    };
  }

  async list(query: OrderListQuery): Promise<OrderListResponse> {
    const filter = await this.filterOf(query);
    const repo = new OrdersRepository(this.db);
    if (query.search && !query.sort) {
      this.listSearch ??= OrdersRepository.listSearch(this.db);
      const few = await repo.fewMatchesList(filter, query.page, query.limit, this.listSearch);
      if (few)
        return {
          response: few.rows.map(toOrderListItem),
          pagination: paginationOf(query, few.totals.count, few.totals.countIsCapped),
          totals: few.totals,
        };
    }
    const [rows, totals] = await Promise.all([
      repo.page(filter, query.sort, query.page, query.limit),
      repo.totals(filter),
    ]);
    return {
      response: rows.map(toOrderListItem),
      pagination: paginationOf(query, totals.count, totals.countIsCapped),
      totals,
    };
  }

  /** The filtered list as a sheet, one row per order in id order, audited as an export. */
  async startExport(
    auth: AuthContext,
    { format, ...query }: OrderExportQuery,
    ip: string,
  ): Promise<PreparedExport<OrderListRow>> {
    const filter = await this.filterOf(query);
    const repo = new OrdersRepository(this.db);
    const rowCount = await repo.countForExport(filter);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'shop_order',
      format,
      filters: query,
      rowCount,
    });
    return {
      rowCount,
      date: todayOf(this.clock),
      batches: keysetBatches(
        (afterId, size) => repo.batchAfter(filter, afterId, size),
        (r) => r.id,
      ),
    };
  }

  /** The order's PDF (company and logo from Settings), ready to stream, and its file name. */
  async pdf(orderId: number) {
    const order = assembleOrder(await loadOrderData(this.db, orderId));
    const { organisation } = await this.settings.organisation();
    const logo = await loadPdfLogo(this.fileStorage, organisation.logoUrl);
    return {
      pdf: await renderOrderPdf(order, organisation, logo, this.clock.now()),
      fileName: orderPdfFileName(order),
    };
  }

  /** The home screen's order figures. */
  async homeFigures() {
    return new OrdersRepository(this.db).homeFigures();
  }
}
