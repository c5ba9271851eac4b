import { randomBytes } from 'node:crypto';
import { type AddressSnapshot, type GstRate, stateCodeOf, supplyTypeOf } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../src/db/database.js';
import {
  shopCategories,
  shopOrderLines,
  shopOrders,
  shopProducts,
  shopReturnLines,
  shopReturns,
  shopShipmentLines,
  shopShipments,
} from '../../src/db/schema.js';
import { insertUser } from './test-app.js';

/*
 * Shop part 2 rows written straight with Drizzle (a client, products, an order with its lines and
 * shipments, returns), so tests of bills need not go through the cart and the order lifecycle.
 * The rows are what placing and shipping an order write: prices and addresses copied in, one
 * shipment per address, the supply type from the company's state and the address's state.
 */

const hex = (n: number) => randomBytes(n).toString('hex');

/** The seller the fixtures assume (save it through PUT /api/settings/organisation): Maharashtra, a valid GSTIN. */
export const SELLER = {
  companyName: 'Sahyadri Fire Safety Pvt Ltd',
  gstin: '27AAPFU0939F1ZV',
  addressLine1: 'Unit 4, Kalpataru Industrial Estate',
  addressLine2: 'Andheri East',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400093',
  phone: '+912240001234',
  email: 'billing@sahyadri.example',
};

export async function insertClient(db: Database, values: { company?: string; firstName?: string } = {}) {
  return insertUser(db, {
    userType: 'client',
    firstName: values.firstName ?? 'Priya',
    lastName: `Client ${hex(2)}`,
    company: values.company ?? `Acme Facilities ${hex(2)}`,
  });
}

export interface ProductFixture {
  id: number;
  sku: string;
  name: string;
  unit: 'piece' | 'kg' | 'litre' | 'set';
  hsnCode: string;
  gstRate: GstRate;
  pricePaise: number;
}

export async function insertProduct(
  db: Database,
  values: Partial<Omit<ProductFixture, 'id'>> & { onHand?: number } = {},
): Promise<ProductFixture> {
  const [category] = await db
    .insert(shopCategories)
    .values({ name: `Refills ${hex(4)}` })
    .returning({ id: shopCategories.id });
  const [row] = await db
    .insert(shopProducts)
    .values({
      sku: values.sku ?? `SKU-${hex(4).toUpperCase()}`,
      name: values.name ?? `ABC dry powder refill ${hex(2)}`,
      categoryId: category!.id,
      unit: values.unit ?? 'piece',
      pricePaise: values.pricePaise ?? 45_000,
      hsnCode: values.hsnCode ?? '38130000',
      gstRate: values.gstRate ?? 18,
      onHand: values.onHand ?? 0,
    })
    .returning();
  return {
    id: row!.id,
    sku: row!.sku,
    name: row!.name,
    unit: row!.unit,
    hsnCode: row!.hsnCode,
    gstRate: row!.gstRate as GstRate,
    pricePaise: row!.pricePaise,
  };
}

/** An address as an order copies it in. */
export function addressSnapshot(values: Partial<AddressSnapshot> = {}): AddressSnapshot {
  const state = values.state ?? 'Maharashtra';
  return {
    addressId: null,
    label: 'Head office',
    contactName: 'Ravi Kulkarni',
    phone: '+919820012345',
    addressLine1: '12, MIDC Road',
    addressLine2: null,
    city: 'Pune',
    district: 'Pune',
    pincode: '411019',
    country: 'India',
    gstin: null,
    ...values,
    state,
    stateCode: values.stateCode ?? stateCodeOf(state),
  };
}

export interface OrderFixtureLine {
  product: ProductFixture;
  /** Default: the product's price (copied into the order). */
  unitPricePaise?: number;
}

export interface OrderFixtureShipment {
  address?: Partial<AddressSnapshot>;
  /** Default shipped. */
  status?: 'pending' | 'packed' | 'shipped' | 'delivered' | 'cancelled';
  shippedOn?: string;
  /** Units of each order line (by index into `lines`) in this shipment. */
  quantities: Array<[lineIndex: number, quantity: number]>;
}

export interface OrderFixture {
  id: number;
  orderNumber: string;
  clientId: number;
  lines: Array<{ id: number; productId: number; quantity: number }>;
  shipments: Array<{
    id: number;
    sequence: number;
    lines: Array<{ id: number; orderLineId: number; quantity: number }>;
  }>;
}

/**
 * An order with its lines and shipments, as placing (and shipping) it writes them. The company's
 * state decides each shipment's supply type (CGST + SGST within it, IGST otherwise).
 */
export async function insertOrder(
  db: Database,
  spec: {
    clientId: number;
    lines: OrderFixtureLine[];
    shipments: OrderFixtureShipment[];
    billingAddress?: Partial<AddressSnapshot>;
    billingMode?: 'per_shipment' | 'per_order';
    companyState?: string;
    placedAt?: Date;
  },
): Promise<OrderFixture> {
  const companyState = spec.companyState ?? SELLER.state;
  const quantityOf = (index: number) =>
    spec.shipments.reduce(
      (n, s) => n + s.quantities.filter(([i]) => i === index).reduce((m, [, q]) => m + q, 0),
      0,
    );
  const taxable = spec.lines.reduce(
    (n, line, i) => n + (line.unitPricePaise ?? line.product.pricePaise) * quantityOf(i),
    0,
  );
  const [order] = await db
    .insert(shopOrders)
    .values({
      orderNumber: `SO-T${hex(4).toUpperCase()}`,
      clientId: spec.clientId,
      status: 'confirmed',
      billingMode: spec.billingMode ?? 'per_shipment',
      billingAddress: addressSnapshot({ label: 'Billing', ...spec.billingAddress }),
      taxablePaise: taxable,
      taxPaise: 0,
      totalPaise: taxable,
      lineCount: spec.lines.length,
      unitCount: spec.lines.reduce((n, _, i) => n + quantityOf(i), 0),
      placedAt: spec.placedAt ?? new Date(),
      confirmedAt: new Date(),
    })
    .returning();
  const lines = await db
    .insert(shopOrderLines)
    .values(
      spec.lines.map((line, i) => ({
        orderId: order!.id,
        productId: line.product.id,
        sku: line.product.sku,
        name: line.product.name,
        unit: line.product.unit,
        hsnCode: line.product.hsnCode,
        gstRate: line.product.gstRate,
        unitPricePaise: line.unitPricePaise ?? line.product.pricePaise,
        quantity: quantityOf(i),
      })),
    )
    .returning();
  const shipments: OrderFixture['shipments'] = [];
  for (const [index, shipment] of spec.shipments.entries()) {
    const address = addressSnapshot({ label: `Site ${index + 1}`, ...shipment.address });
    const status = shipment.status ?? 'shipped';
    const [row] = await db
      .insert(shopShipments)
      .values({
        orderId: order!.id,
        sequence: index + 1,
        status,
        address,
        supplyType: supplyTypeOf(companyState, address.state),
        ...(status === 'shipped' || status === 'delivered'
          ? {
              carrier: 'Blue Dart',
              trackingNumber: `BD${hex(4)}`,
              shippedOn: shipment.shippedOn ?? '2026-06-15',
            }
          : {}),
      })
      .returning();
    const shipmentLines = await db
      .insert(shopShipmentLines)
      .values(
        shipment.quantities.map(([lineIndex, quantity]) => ({
          shipmentId: row!.id,
          orderLineId: lines[lineIndex]!.id,
          quantity,
        })),
      )
      .returning();
    shipments.push({
      id: row!.id,
      sequence: row!.sequence,
      lines: shipmentLines.map((l) => ({ id: l.id, orderLineId: l.orderLineId, quantity: l.quantity })),
    });
  }
  return {
    id: order!.id,
    orderNumber: order!.orderNumber,
    clientId: spec.clientId,
    lines: lines.map((l) => ({ id: l.id, productId: l.productId, quantity: l.quantity })),
    shipments,
  };
}

/** A return of units of one shipment (what the orders module writes before asking for a credit note). */
export async function insertReturn(
  db: Executor,
  shipmentId: number,
  lines: Array<{ shipmentLineId: number; quantity: number }>,
  reason = 'Damaged in transit',
): Promise<number> {
  const [row] = await db.insert(shopReturns).values({ shipmentId, reason }).returning({ id: shopReturns.id });
  await db.insert(shopReturnLines).values(lines.map((l) => ({ ...l, returnId: row!.id })));
  for (const line of lines)
    await db
      .update(shopShipmentLines)
      .set({ returnedQuantity: sql`${shopShipmentLines.returnedQuantity} + ${line.quantity}` })
      .where(sql`${shopShipmentLines.id} = ${line.shipmentLineId}`);
  return row!.id;
}
