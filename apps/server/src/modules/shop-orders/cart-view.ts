import {
  type Cart,
  type CartLine,
  type CartLineProblem,
  type CartShipmentPreview,
  SHIPMENTS_PER_ORDER_MAX,
  stateCodeOf,
  supplyTypeOf,
} from '@inspecta/contract';
import { withFields } from '../../core/with-fields.js';
import type { AddressView, ClientRow } from './addresses.repository.js';
import type { AllocationRow, CartLineRow, CartRow } from './cart.repository.js';
import {
  addFigures,
  figuresOf,
  plural,
  toAddress,
  toClientSummary,
  ZERO_FIGURES,
} from './shop-orders-views.js';

/** Everything a cart's view is computed from (read in one place, or under locks when placing). */
export interface CartState {
  cart: CartRow;
  client: ClientRow;
  lines: CartLineRow[];
  allocations: AllocationRow[];
  /** The addresses the cart points at (billing and shipping), by id. */
  addresses: Map<number, AddressView>;
  /** The company's state (Settings, organisation): the place of supply decides the tax. */
  companyState: string | null;
}

/**
 * The cart with its live prices and tax, the split per shipping address, and every problem that
 * stops placing it (archived products, short stock, units without an address, no billing address,
 * per-order billing over several states). Nothing is dropped: a line with a problem stays and says so.
 */
export function assembleCart(state: CartState): Cart {
  const { cart, lines, addresses, companyState } = state;
  const byLine = new Map<number, AllocationRow[]>();
  for (const a of state.allocations) {
    const address = addresses.get(a.addressId);
    if (address?.status !== 'active' || address.kind !== 'shipping') continue;
    byLine.set(a.cartLineId, [...(byLine.get(a.cartLineId) ?? []), a]);
  }
  const problems: Array<{ field: string; message: string }> = [];
  const shipmentLines = new Map<number, CartShipmentPreview['lines']>();
  let unallocatedFigures = ZERO_FIGURES;

  const cartLines: CartLine[] = lines.map((line) => {
    const allocations = (byLine.get(line.id) ?? []).map((a) => ({
      addressId: a.addressId,
      quantity: a.quantity,
    }));
    const allocated = allocations.reduce((n, a) => n + a.quantity, 0);
    const unallocated = Math.max(0, line.quantity - allocated);
    const available = line.onHand - line.reserved;
    const lineProblems: CartLineProblem[] = [];
    if (line.productStatus === 'archived')
      lineProblems.push({
        code: 'archived',
        message: `${line.name} is archived and can no longer be ordered`,
      });
    if (line.quantity > available)
      lineProblems.push({
        code: 'short',
        message: `Only ${plural(Math.max(available, 0), 'unit')} of ${line.name} available, ${line.quantity} in the cart`,
      });
    if (unallocated > 0)
      lineProblems.push({
        code: 'unallocated',
        message: `${plural(unallocated, 'unit')} of ${line.name} ${unallocated === 1 ? 'has' : 'have'} no shipping address`,
      });
    for (const p of lineProblems) problems.push({ field: `lines.${line.productId}`, message: p.message });

    const price = { unitPricePaise: line.pricePaise, gstRate: line.gstRate };
    for (const a of allocations) {
      const address = addresses.get(a.addressId)!;
      const supply = supplyTypeOf(companyState, address.state);
      const figures = figuresOf([withFields(price, { quantity: a.quantity })], supply);
      shipmentLines.set(a.addressId, [
        ...(shipmentLines.get(a.addressId) ?? []),
        {
          cartLineId: line.id,
          productId: line.productId,
          sku: line.sku,
          name: line.name,
          quantity: a.quantity,
          unitPricePaise: line.pricePaise,
          gstRate: line.gstRate as CartLine['gstRate'],
          taxablePaise: figures.taxablePaise,
          taxPaise: figures.taxPaise,
        },
      ]);
    }
    if (unallocated > 0)
      unallocatedFigures = addFigures(
        unallocatedFigures,
        figuresOf([withFields(price, { quantity: unallocated })], 'intra_state'),
      );
    return {
      id: line.id,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      unit: line.unit,
      imageUrl: line.imageUrl,
      hsnCode: line.hsnCode,
      gstRate: line.gstRate as CartLine['gstRate'],
      unitPricePaise: line.pricePaise,
      quantity: line.quantity,
      available,
      productStatus: line.productStatus,
      taxablePaise: line.pricePaise * line.quantity,
      allocations,
      unallocated,
      problems: lineProblems,
    };
  });

  const shipments: CartShipmentPreview[] = [...shipmentLines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([addressId, shipLines]) => {
      const address = addresses.get(addressId)!;
      const supplyType = supplyTypeOf(companyState, address.state);
      return {
        address: toAddress(address),
        supplyType,
        lines: shipLines,
        totals: figuresOf(
          shipLines.map((l) => ({
            unitPricePaise: l.unitPricePaise,
            quantity: l.quantity,
            gstRate: l.gstRate,
          })),
          supplyType,
        ),
      };
    });
  const totals = shipments.reduce((sum, s) => addFigures(sum, s.totals), unallocatedFigures);

  if (!lines.length) problems.unshift({ field: 'lines', message: 'The cart is empty' });
  const billing = cart.billingAddressId === null ? undefined : addresses.get(cart.billingAddressId);
  if (billing?.status !== 'active' || billing.kind !== 'billing')
    problems.push({ field: 'billingAddressId', message: 'Choose a billing address' });
  if (shipments.length > SHIPMENTS_PER_ORDER_MAX)
    problems.push({
      field: 'allocations',
      message: `An order goes to at most ${SHIPMENTS_PER_ORDER_MAX} shipping addresses; this cart uses ${shipments.length}`,
    });
  const perOrderProblem = perOrderBillingProblem(
    cart.billingMode,
    shipments.map((s) => s.address.state),
  );
  if (perOrderProblem) problems.push({ field: 'billingMode', message: perOrderProblem });

  return {
    id: cart.id,
    clientId: cart.clientId,
    client: toClientSummary(state.client),
    billingAddressId: billing && billing.status === 'active' ? cart.billingAddressId : null,
    billingMode: cart.billingMode,
    notes: cart.notes,
    currency: 'INR',
    lines: cartLines,
    shipments,
    totals,
    problems,
    readyToPlace: problems.length === 0,
    updatedAt: cart.updatedAt.toISOString(),
  };
}

/** One bill for the order needs one place of supply: every shipping address in one state. */
export function perOrderBillingProblem(mode: Cart['billingMode'], states: string[]): string | null {
  if (mode !== 'per_order') return null;
  const distinct = new Set(states.map((s) => stateCodeOf(s) ?? s.trim().toLowerCase()));
  return distinct.size > 1
    ? 'One bill for the order needs every shipping address in one state; these are in several. Bill per shipment instead.'
    : null;
}
