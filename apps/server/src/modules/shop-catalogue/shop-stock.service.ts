import {
  INVENTORY_SERIES_DAYS,
  type InventorySummaryResponse,
  LOW_STOCK_LIST_MAX,
  type LogHistoryQuery,
  type LogHistoryResponse,
  SHOP_CURRENCY,
  type StockMovementResponse,
  type StockMovementValues,
  stockStateOf,
  type ValuationExportQuery,
} from '@inspecta/contract';
import type { AuthContext } from '../../core/access.js';
import { recordAudit } from '../../core/audit.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { paginationOf } from '../../core/paging.js';
import { keysetBatches, type PreparedExport, recordExport } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { Database, Executor } from '../../db/database.js';
import { todayOf } from '../../db/query-helpers.js';
import { type ProductView, ShopCatalogueRepository } from './shop-catalogue.repository.js';
import { productOf, toMovement } from './shop-views.js';
import { type MovementChange, type MovementRow, StockLedgerRepository } from './stock-ledger.repository.js';

const ACTIONS = {
  receive: 'shop_stock.received',
  adjust: 'shop_stock.adjusted',
  write_off: 'shop_stock.written_off',
  reserve: 'shop_stock.reserved',
  release: 'shop_stock.released',
  ship: 'shop_stock.shipped',
  return: 'shop_stock.returned',
} as const;

const MESSAGES: Record<StockMovementValues['kind'], string> = {
  receive: 'Stock received',
  adjust: 'Stock adjusted',
  write_off: 'Stock written off',
};

/** The ledger change a movement body asks for (on hand and reserved deltas). */
export function changeOf(
  productId: number,
  body: StockMovementValues,
  actorId: number | null,
): MovementChange {
  switch (body.kind) {
    case 'receive':
      return {
        productId,
        kind: 'receive',
        quantityDelta: body.quantity,
        reservedDelta: 0,
        unitCostPaise: body.unitCostPaise,
        supplierReference: body.supplierReference ?? null,
        reason: body.note ?? null,
        actorId,
      };
    case 'adjust':
      return {
        productId,
        kind: 'adjust',
        quantityDelta: body.quantityDelta,
        reservedDelta: 0,
        unitCostPaise: null,
        supplierReference: null,
        reason: body.reason,
        actorId,
      };
    case 'write_off':
      return {
        productId,
        kind: 'write_off',
        quantityDelta: -body.quantity,
        reservedDelta: 0,
        unitCostPaise: null,
        supplierReference: null,
        reason: body.reason,
        actorId,
      };
  }
}

/**
 * Inventory: the stock ledger and what is read from it. Every change of stock goes through
 * `applyMovement`, inside the caller's transaction (part 2's orders reserve, release and ship
 * through it too).
 */
export class ShopStockService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Applies one movement to a product's stock and appends it to the ledger, in `tx`. A movement that
   * would take available stock below zero is a 409 naming what is available; nothing is written.
   */
  async applyMovement(tx: Executor, change: MovementChange): Promise<MovementRow> {
    const ledger = new StockLedgerRepository(tx);
    const stock = await ledger.applyToStock(change);
    if (!stock) {
      const product = await new ShopCatalogueRepository(tx).findProduct(change.productId);
      if (!product) throw AppError.notFound('Product');
      const available = product.onHand - product.reserved;
      const asked = -(change.quantityDelta - change.reservedDelta);
      const message = `Not enough stock: ${available} available, this movement needs ${asked}. Nothing was changed.`;
      throw new AppError('CONFLICT', message, {
        details: [{ field: change.kind === 'adjust' ? 'quantityDelta' : 'quantity', message }],
      });
    }
    const row = await ledger.insertMovement(change, stock.onHand);
    return withFields(row, { actorName: null });
  }

  async move(
    auth: AuthContext,
    productId: number,
    body: StockMovementValues,
    ip: string,
  ): Promise<StockMovementResponse> {
    const movementId = await this.db.transaction(async (tx) => {
      const movement = await this.applyMovement(tx, changeOf(productId, body, auth.userId));
      await recordAudit(tx, {
        actorId: auth.userId,
        action: ACTIONS[movement.kind],
        entityType: 'shop_product',
        entityId: productId,
        before: { onHand: movement.onHandBefore },
        after: movement,
        ipAddress: ip,
      });
      return movement.id;
    });
    const [product, movement] = await Promise.all([
      productOf(new ShopCatalogueRepository(this.db), productId),
      new StockLedgerRepository(this.db).movementById(movementId),
    ]);
    return { product, movement: toMovement(movement!), message: MESSAGES[body.kind] };
  }

  async history(productId: number, query: LogHistoryQuery): Promise<LogHistoryResponse> {
    if (!(await new ShopCatalogueRepository(this.db).findProduct(productId)))
      throw AppError.notFound('Product');
    const { rows, total, capped } = await new StockLedgerRepository(this.db).history(productId, query);
    return {
      data: rows.map(toMovement),
      pagination: paginationOf(query, total, capped),
    };
  }

  async recentMovements(productId: number, limit: number) {
    return (await new StockLedgerRepository(this.db).recentMovements(productId, limit)).map(toMovement);
  }

  async summary(): Promise<InventorySummaryResponse> {
    const ledger = new StockLedgerRepository(this.db);
    const today = todayOf(this.clock);
    const first = new Date(`${today}T00:00:00Z`);
    first.setUTCDate(first.getUTCDate() - (INVENTORY_SERIES_DAYS - 1));
    const [totals, flows, low] = await Promise.all([
      ledger.totals(),
      ledger.dailyFlows(first),
      ledger.lowStock(LOW_STOCK_LIST_MAX),
    ]);
    const byDay = new Map(flows.map((f) => [f.day, f]));
    const series = Array.from({ length: INVENTORY_SERIES_DAYS }, (_, i) => {
      const day = new Date(first);
      day.setUTCDate(first.getUTCDate() + i);
      const date = day.toISOString().slice(0, 10);
      const flow = byDay.get(date);
      return { date, received: flow?.received ?? 0, issued: flow?.issued ?? 0 };
    });
    return {
      totals: withFields(totals, { currency: SHOP_CURRENCY } as const),
      series,
      lowStock: low.map((p) => {
        const available = p.onHand - p.reserved;
        return {
          id: p.id,
          sku: p.sku,
          name: p.name,
          unit: p.unit,
          available,
          reorderLevel: p.reorderLevel,
          stockState: stockStateOf(available, p.reorderLevel),
          imageUrl: p.imageUrl,
        };
      }),
    };
  }

  /** The home screen's shop figures. */
  async homeFigures() {
    const totals = await new StockLedgerRepository(this.db).totals();
    return {
      lowStock: totals.lowStock,
      outOfStock: totals.outOfStock,
      stockValueAtPricePaise: totals.stockValueAtPricePaise,
      currency: SHOP_CURRENCY as typeof SHOP_CURRENCY,
    };
  }

  /** The stock valuation sheet: every product of the filter in id order, audited as an export. */
  async startValuationExport(
    auth: AuthContext,
    { format, ...filters }: ValuationExportQuery,
    ip: string,
  ): Promise<PreparedExport<ProductView>> {
    const repo = new ShopCatalogueRepository(this.db);
    const rowCount = await repo.countProducts(filters);
    await recordExport(this.db, {
      actorId: auth.userId,
      ipAddress: ip,
      entityType: 'shop_valuation',
      format,
      filters,
      rowCount,
    });
    return {
      rowCount,
      date: todayOf(this.clock),
      batches: keysetBatches(
        (afterId, size) => repo.productBatchAfter(filters, afterId, size),
        (r) => r.id,
      ),
    };
  }
}
