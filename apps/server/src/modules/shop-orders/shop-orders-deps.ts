import type { AppServices } from '../../core/app-module.js';
import type { Transaction } from '../../db/database.js';

/** The stock ledger of the catalogue (part 1): every reservation, shipment and return goes through it. */
export type StockLedger = Pick<AppServices['shopCatalogue']['stock'], 'applyMovement'>;
export type StockChange = Parameters<StockLedger['applyMovement']>[1];

/** What orders need from the bills module (modules/shop-bills), inside the caller's transaction. */
export interface BillsIssuer {
  issueForShipments(
    tx: Transaction,
    input: { orderId: number; shipmentIds: number[]; issuedOn: string; actorId: number | null },
  ): Promise<{ id: number; billNumber: string }>;
  issueCreditNote(
    tx: Transaction,
    input: { returnId: number; issuedOn: string; actorId: number | null },
  ): Promise<{ id: number; billNumber: string } | null>;
}

/** Who hears about orders: the notifications module's `notify` and its admin list. */
export type OrderNotifier = Pick<AppServices['notifications'], 'notify' | 'adminRecipients'>;

/** A stock movement of an order (no cost, no supplier; the order number as the reason). */
export function orderMovement(
  kind: 'reserve' | 'release' | 'ship' | 'return',
  productId: number,
  quantity: number,
  reason: string,
  actorId: number | null,
  at?: Date,
): StockChange {
  const deltas = {
    reserve: { quantityDelta: 0, reservedDelta: quantity },
    release: { quantityDelta: 0, reservedDelta: -quantity },
    ship: { quantityDelta: -quantity, reservedDelta: -quantity },
    return: { quantityDelta: quantity, reservedDelta: 0 },
  }[kind];
  return {
    productId,
    kind,
    ...deltas,
    unitCostPaise: null,
    supplierReference: null,
    reason,
    actorId,
    ...(at ? { at } : {}),
  };
}
