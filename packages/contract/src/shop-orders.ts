import { z } from 'zod';
import { idSchema, idValueSchema, isoDateTimeSchema, paginationSchema, sortSchema } from './common.js';
import { isValidIsoDate } from './equipment.js';
import { blankToUndefined, listPaging, optionalText, requiredText, searchQuery } from './field-schemas.js';
import { gstinSchema, stateCodeOf, supplyTypeSchema } from './gst.js';
import { gstRateSchema, productUnitSchema, shopCurrencySchema, shopStatusSchema } from './shop-catalogue.js';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from './sites.js';

/*
 * The shop, part 2 (issue 18, docs/shop-orders.md): a client's addresses, the client's cart, orders
 * with split shipping and their lifecycle. Every path is under `/api/shop/` and admin only for now;
 * carts, addresses and orders are "the client's" (`/api/shop/clients/:clientId/...`), so the client
 * portal can later serve the same service with the signed-in client as `clientId`.
 *
 * Money is integer paise (see shop-catalogue.ts); tax follows gst.ts.
 */

// ---------------------------------------------------------------- limits

export const CART_LINES_MAX = 100;
/** Units of one product in one cart line. */
export const CART_LINE_QUANTITY_MAX = 10_000;
/** Shipping addresses one order may be split over. */
export const SHIPMENTS_PER_ORDER_MAX = 20;
export const ADDRESS_LABEL_MAX = 80;
export const ORDER_NOTE_MAX = 1000;
export const ORDER_REASON_MAX = 500;
export const CARRIER_MAX = 80;
export const TRACKING_NUMBER_MAX = 60;

const cartQuantitySchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be more than 0`)
    .max(
      CART_LINE_QUANTITY_MAX,
      `${label} must be at most ${CART_LINE_QUANTITY_MAX.toLocaleString('en-IN')}`,
    );

const reasonSchema = requiredText('Reason', ORDER_REASON_MAX);

const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isValidIsoDate, { message: `${label} must be a date (YYYY-MM-DD)` });

const optionalDateQuery = (label: string) => blankToUndefined(isoDateSchema(label).optional());

// ---------------------------------------------------------------- addresses

export const addressKinds = ['billing', 'shipping'] as const;
export const addressKindSchema = z.enum(addressKinds, { error: 'Kind must be billing or shipping' });
export type AddressKind = z.infer<typeof addressKindSchema>;

/** `GET/POST /api/shop/clients/:clientId/...` */
export const clientParamsSchema = z.object({ clientId: idSchema });
export const clientAddressParamsSchema = z.object({ clientId: idSchema, addressId: idSchema });

/** A client's address. Billing addresses may carry the client's GSTIN (its state code must match). */
export const shopAddressSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  kind: addressKindSchema,
  label: z.string().describe('What the admin calls it, e.g. "Head office" or the site name'),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  district: z.string().nullable(),
  state: z.string(),
  stateCode: z.string().nullable().describe('GST state code of `state` (null when not an Indian state)'),
  pincode: z.string(),
  country: z.string(),
  gstin: z.string().nullable().describe('Billing addresses only'),
  siteId: z.number().int().nullable().describe('The site this shipping address was made from'),
  siteCode: z.string().nullable(),
  isDefault: z.boolean().describe('The default of its kind for this client'),
  status: shopStatusSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ShopAddress = z.infer<typeof shopAddressSchema>;

/** A site of the client offered as a shipping address (made into one on first use, never retyped). */
export const addressSiteOptionSchema = z.object({
  siteId: z.number().int(),
  siteCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  addressId: z.number().int().nullable().describe('The shipping address already made from it, if any'),
  usable: z.boolean().describe('false when the site lacks a line 1, city, state or PIN code'),
});
export type AddressSiteOption = z.infer<typeof addressSiteOptionSchema>;

/** GET /api/shop/clients/:clientId/addresses */
export const addressListQuerySchema = z.object({
  kind: blankToUndefined(addressKindSchema.optional()),
  include_archived: blankToUndefined(
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  ),
});
export type AddressListQuery = z.output<typeof addressListQuerySchema>;
export type AddressListQueryInput = z.input<typeof addressListQuerySchema>;

export const addressListResponseSchema = z.object({
  addresses: z.array(shopAddressSchema).describe('Defaults first, then by label'),
  sites: z.array(addressSiteOptionSchema).describe("The client's active sites, by name"),
});
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

const addressFields = {
  label: requiredText('Label', ADDRESS_LABEL_MAX),
  contactName: optionalText('Contact name', 120),
  phone: optionalText('Phone', 20),
  addressLine1: requiredText('Address line 1', 200),
  addressLine2: optionalText('Address line 2', 200),
  city: requiredText('City', 100),
  district: optionalText('District', 100),
  state: requiredText('State', 100),
  pincode: z.string({ error: 'PIN code is required' }).trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE),
  country: z.string().trim().max(60).optional().describe('Default India'),
  gstin: z
    .union([gstinSchema, z.literal('').transform(() => null), z.null()])
    .optional()
    .describe('Billing addresses only; blank clears it'),
  isDefault: z.boolean({ error: 'Default must be true or false' }).optional(),
};

function gstinMatchesState(body: { gstin?: string | null; state?: string }, ctx: z.RefinementCtx) {
  if (!body.gstin || !body.state) return;
  const code = stateCodeOf(body.state);
  if (code && body.gstin.slice(0, 2) !== code) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: `This GSTIN is registered in another state: a GSTIN in ${body.state} starts with ${code}`,
    });
  }
}

/** POST /api/shop/clients/:clientId/addresses */
export const addressCreateBodySchema = z
  .object({ kind: addressKindSchema, ...addressFields })
  .superRefine((body, ctx) => {
    if (body.kind === 'shipping' && body.gstin) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'Only a billing address carries a GSTIN' });
    }
    gstinMatchesState(body, ctx);
  });
export type AddressCreateBody = z.input<typeof addressCreateBodySchema>;
export type AddressCreateValues = z.output<typeof addressCreateBodySchema>;

/** PATCH /api/shop/clients/:clientId/addresses/:addressId (the kind never changes). */
export const addressUpdateBodySchema = z
  .object(addressFields)
  .partial()
  .superRefine((body, ctx) => gstinMatchesState(body, ctx));
export type AddressUpdateBody = z.input<typeof addressUpdateBodySchema>;
export type AddressUpdateValues = z.output<typeof addressUpdateBodySchema>;

/** POST /api/shop/clients/:clientId/addresses/from-site: the site's shipping address (made once). */
export const addressFromSiteBodySchema = z.object({ siteId: idValueSchema });
export type AddressFromSiteBody = z.input<typeof addressFromSiteBodySchema>;

/** Answer of create, update, archive (DELETE), restore and from-site. */
export const addressMutationResponseSchema = z.object({
  address: shopAddressSchema,
  message: z.string(),
});
export type AddressMutationResponse = z.infer<typeof addressMutationResponseSchema>;

// ---------------------------------------------------------------- tax figures

export const taxFiguresSchema = z.object({
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int().describe('Taxable + tax, to the paisa (bills round it to the rupee)'),
});
export type TaxFigures = z.infer<typeof taxFiguresSchema>;

export const clientSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

// ---------------------------------------------------------------- cart

export const billingModes = ['per_shipment', 'per_order'] as const;
export const billingModeSchema = z.enum(billingModes, { error: 'Billing must be per_shipment or per_order' });
export type BillingMode = z.infer<typeof billingModeSchema>;
export const billingModeLabels: Record<BillingMode, string> = {
  per_shipment: 'One bill per shipment, when it ships',
  per_order: 'One bill for the order, when its last shipment ships',
};

/** What stops a cart line from being ordered as it is. */
export const cartLineProblemCodes = ['archived', 'short', 'unallocated'] as const;
export const cartLineProblemSchema = z.object({
  code: z.enum(cartLineProblemCodes),
  message: z.string(),
});
export type CartLineProblem = z.infer<typeof cartLineProblemSchema>;

export const cartAllocationSchema = z.object({
  addressId: z.number().int(),
  quantity: z.number().int(),
});
export type CartAllocation = z.infer<typeof cartAllocationSchema>;

export const cartLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unit: productUnitSchema,
  imageUrl: z.string().nullable(),
  hsnCode: z.string(),
  gstRate: gstRateSchema,
  unitPricePaise: z.number().int().describe("The product's price now (copied into the order when placed)"),
  quantity: z.number().int(),
  available: z.number().int().describe('Units available now (on hand − reserved)'),
  productStatus: shopStatusSchema,
  taxablePaise: z.number().int(),
  allocations: z
    .array(cartAllocationSchema)
    .describe('Units per shipping address; they add up to quantity when ready'),
  unallocated: z.number().int().describe('Units not yet given an address'),
  problems: z.array(cartLineProblemSchema),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** One shipment the order would make: the units going to one shipping address, with their tax. */
export const cartShipmentPreviewSchema = z.object({
  address: shopAddressSchema,
  supplyType: supplyTypeSchema,
  lines: z.array(
    z.object({
      cartLineId: z.number().int(),
      productId: z.number().int(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPricePaise: z.number().int(),
      gstRate: gstRateSchema,
      taxablePaise: z.number().int(),
      taxPaise: z.number().int(),
    }),
  ),
  totals: taxFiguresSchema,
});
export type CartShipmentPreview = z.infer<typeof cartShipmentPreviewSchema>;

export const cartSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  client: clientSummarySchema,
  billingAddressId: z.number().int().nullable(),
  billingMode: billingModeSchema,
  notes: z.string().nullable(),
  currency: shopCurrencySchema,
  lines: z.array(cartLineSchema).describe('In the order they were added'),
  shipments: z.array(cartShipmentPreviewSchema).describe('One per shipping address that has units'),
  totals: taxFiguresSchema.describe(
    'Every allocated shipment, plus unallocated units taxed as within the state',
  ),
  problems: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .describe('What stops placing the order (empty: ready to place)'),
  readyToPlace: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /api/shop/clients/:clientId/cart (made empty on first read) */
export const cartResponseSchema = z.object({ cart: cartSchema });
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** Answer of every cart change: the whole cart again. */
export const cartMutationResponseSchema = z.object({ cart: cartSchema, message: z.string() });
export type CartMutationResponse = z.infer<typeof cartMutationResponseSchema>;

/**
 * POST /api/shop/clients/:clientId/cart/lines: adds the product (an existing line grows). New units
 * go to `addressId` when given, else to the client's default shipping address when there is one.
 */
export const cartLineAddBodySchema = z.object({
  productId: idValueSchema,
  quantity: cartQuantitySchema('Quantity'),
  addressId: idValueSchema.optional().describe('A shipping address of this client'),
});
export type CartLineAddBody = z.input<typeof cartLineAddBodySchema>;
export type CartLineAddValues = z.output<typeof cartLineAddBodySchema>;

export const cartLineParamsSchema = z.object({ clientId: idSchema, lineId: idSchema });

/** PATCH /api/shop/clients/:clientId/cart/lines/:lineId: a new quantity (allocations shrink from the last). */
export const cartLineUpdateBodySchema = z.object({ quantity: cartQuantitySchema('Quantity') });
export type CartLineUpdateBody = z.input<typeof cartLineUpdateBodySchema>;

/**
 * PUT /api/shop/clients/:clientId/cart/lines/:lineId/allocations: the split of the line over shipping
 * addresses. Each address at most once; the quantities add up to at most the line's quantity (the
 * rest stays unallocated; placing needs every unit allocated).
 */
export const cartAllocationsBodySchema = z.object({
  allocations: z
    .array(
      z.object({
        addressId: idValueSchema,
        quantity: cartQuantitySchema('Quantity'),
      }),
      { error: 'Allocations must be a list' },
    )
    .max(SHIPMENTS_PER_ORDER_MAX, `At most ${SHIPMENTS_PER_ORDER_MAX} addresses`)
    .refine((list) => new Set(list.map((a) => a.addressId)).size === list.length, {
      message: 'Each address may appear once',
    }),
});
export type CartAllocationsBody = z.input<typeof cartAllocationsBodySchema>;
export type CartAllocationsValues = z.output<typeof cartAllocationsBodySchema>;

/** PATCH /api/shop/clients/:clientId/cart: billing address, billing mode, notes. */
export const cartUpdateBodySchema = z.object({
  billingAddressId: idValueSchema.nullish().describe('A billing address of this client; null clears it'),
  billingMode: billingModeSchema.optional(),
  notes: optionalText('Notes', ORDER_NOTE_MAX),
});
export type CartUpdateBody = z.input<typeof cartUpdateBodySchema>;
export type CartUpdateValues = z.output<typeof cartUpdateBodySchema>;

// ---------------------------------------------------------------- orders

/** An order's status, derived from its shipments once confirmed. */
export const orderStatuses = [
  'placed',
  'confirmed',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const orderStatusSchema = z.enum(orderStatuses, {
  error: `Status must be one of ${orderStatuses.join(', ')}`,
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const shipmentStatuses = ['pending', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export const shipmentStatusSchema = z.enum(shipmentStatuses);
export type ShipmentStatus = z.infer<typeof shipmentStatusSchema>;
export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  pending: 'To pack',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * POST /api/shop/clients/:clientId/orders: places the client's cart. Every line is reserved in one
 * transaction (all or none; 409 CONFLICT whose `details` name each short line as `lines.<productId>`).
 * `expectedTotalPaise` (the total the admin reviewed) guards against a price change in between: a
 * different total is a 409 and nothing is placed.
 */
export const orderPlaceBodySchema = z.object({
  expectedTotalPaise: z.number().int().min(0).optional(),
});
export type OrderPlaceBody = z.input<typeof orderPlaceBodySchema>;

/** The address as it was when the order was placed (later edits of the address never change it). */
export const addressSnapshotSchema = z.object({
  addressId: z.number().int().nullable(),
  label: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  district: z.string().nullable(),
  state: z.string(),
  stateCode: z.string().nullable(),
  pincode: z.string(),
  country: z.string(),
  gstin: z.string().nullable(),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unit: productUnitSchema,
  hsnCode: z.string(),
  gstRate: gstRateSchema,
  unitPricePaise: z.number().int().describe('Copied when placed'),
  quantity: z.number().int(),
  shippedQuantity: z.number().int(),
  cancelledQuantity: z.number().int(),
  returnedQuantity: z.number().int(),
  taxablePaise: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const shipmentLineSchema = z.object({
  id: z.number().int(),
  orderLineId: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unit: productUnitSchema,
  quantity: z.number().int(),
  returnedQuantity: z.number().int(),
  unitPricePaise: z.number().int(),
  gstRate: gstRateSchema,
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const shipmentSchema = z.object({
  id: z.number().int(),
  shipmentNumber: z.string().describe('The order number and the shipment, e.g. SO-000123/2'),
  status: shipmentStatusSchema,
  address: addressSnapshotSchema,
  supplyType: supplyTypeSchema,
  lines: z.array(shipmentLineSchema),
  totals: taxFiguresSchema,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedOn: z.string().nullable().describe('YYYY-MM-DD'),
  packedAt: isoDateTimeSchema.nullable(),
  deliveredAt: isoDateTimeSchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
  cancelReason: z.string().nullable(),
  bills: z
    .array(
      z.object({
        id: z.number().int(),
        billNumber: z.string(),
        kind: z.enum(['invoice', 'credit_note']),
        status: z.enum(['issued', 'cancelled']),
      }),
    )
    .describe('Bills and credit notes covering this shipment'),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderEventSchema = z.object({
  at: isoDateTimeSchema,
  action: z.string().describe('e.g. order.placed, shipment.shipped'),
  text: z.string().describe('What happened, in a sentence'),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string().describe('SO-000123'),
  clientId: z.number().int(),
  client: clientSummarySchema,
  status: orderStatusSchema,
  billingMode: billingModeSchema,
  billingAddress: addressSnapshotSchema,
  notes: z.string().nullable(),
  currency: shopCurrencySchema,
  lines: z.array(orderLineSchema),
  shipments: z.array(shipmentSchema),
  totals: taxFiguresSchema,
  timeline: z.array(orderEventSchema).describe('Oldest first'),
  placedAt: isoDateTimeSchema,
  placedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  confirmedAt: isoDateTimeSchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
  cancelReason: z.string().nullable(),
  updatedAt: isoDateTimeSchema,
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;
/** Answer of place and of every lifecycle action: the whole order again. */
export const orderMutationResponseSchema = z.object({ order: orderSchema, message: z.string() });
export type OrderMutationResponse = z.infer<typeof orderMutationResponseSchema>;

export const orderListItemSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  client: z.object({ id: z.number().int(), name: z.string(), company: z.string().nullable() }),
  status: orderStatusSchema,
  placedAt: isoDateTimeSchema,
  lineCount: z.number().int(),
  unitCount: z.number().int(),
  shipmentCount: z.number().int().describe('Shipments not cancelled'),
  shippedCount: z.number().int().describe('Of those, shipped or delivered'),
  totalPaise: z.number().int(),
  currency: shopCurrencySchema,
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderSortFields = ['placedAt', 'orderNumber', 'totalPaise'] as const;

/**
 * GET /api/shop/orders: `search` matches the order number, the client (name, company), a product
 * (SKU, name) or a tracking number; `from`/`to` are inclusive days of `placedAt` (the organisation's
 * time zone). Default order: newest first.
 */
export const orderListQuerySchema = z
  .object({
    search: searchQuery,
    status: blankToUndefined(orderStatusSchema.optional()),
    client_id: blankToUndefined(idSchema.optional()),
    from: optionalDateQuery('From'),
    to: optionalDateQuery('To'),
    sort: blankToUndefined(sortSchema(orderSortFields)),
    ...listPaging,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;

export const orderTotalsSchema = z.object({
  count: z.number().int().describe('Orders matching every filter'),
  countIsCapped: z.boolean().describe('true: more match than were counted (show "10,000+")'),
  totalPaise: z
    .number()
    .int()
    .nullable()
    .describe(
      'Σ order totals of the matching orders (not cancelled); null when more than 10,000 orders match a ' +
        'search or a client: the sums are not read then (narrow the filter to see them). Without a search ' +
        'or a client the sums are exact at any size (read from the per-day summary).',
    ),
  taxPaise: z.number().int().nullable().describe('Σ tax, null exactly when `totalPaise` is'),
  byStatus: z
    .record(orderStatusSchema, z.number().int())
    .describe('Matching orders per status, ignoring the status filter (for the tabs); each at most 10,000'),
  byStatusCapped: z
    .array(orderStatusSchema)
    .describe(
      'The statuses whose `byStatus` figure is a lower bound (show it with "+"): over 10,000 of that ' +
        'status, or, when more than 10,000 orders match a search or a client, every status (then ' +
        'counted among the first 10,001 matches)',
    ),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** SPEC.md 3: the orders list comes from `response`. */
export const orderListResponseSchema = z.object({
  response: z.array(orderListItemSchema),
  pagination: paginationSchema,
  totals: orderTotalsSchema,
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderShipmentParamsSchema = z.object({ id: idSchema, shipmentId: idSchema });

/** POST /api/shop/orders/:id/cancel (nothing shipped yet): every reservation is released. */
export const orderCancelBodySchema = z.object({ reason: reasonSchema });
export type OrderCancelBody = z.input<typeof orderCancelBodySchema>;

/** POST /api/shop/orders/:id/shipments/:shipmentId/ship */
export const shipmentShipBodySchema = z.object({
  carrier: requiredText('Carrier', CARRIER_MAX),
  trackingNumber: requiredText('Tracking number', TRACKING_NUMBER_MAX),
  shippedOn: isoDateSchema('Shipped on').describe('YYYY-MM-DD; not in the future'),
});
export type ShipmentShipBody = z.input<typeof shipmentShipBodySchema>;

/** POST /api/shop/orders/:id/shipments/:shipmentId/deliver */
export const shipmentDeliverBodySchema = z.object({
  deliveredOn: isoDateSchema('Delivered on').optional().describe('Default today; not before shipped on'),
});
export type ShipmentDeliverBody = z.input<typeof shipmentDeliverBodySchema>;

/** POST /api/shop/orders/:id/shipments/:shipmentId/cancel (not shipped yet): its stock is released. */
export const shipmentCancelBodySchema = z.object({ reason: reasonSchema });
export type ShipmentCancelBody = z.input<typeof shipmentCancelBodySchema>;

/**
 * POST /api/shop/orders/:id/shipments/:shipmentId/returns: delivered units come back (stock in with
 * a `return` ledger entry; a credit note answers it when the shipment was billed).
 */
export const shipmentReturnBodySchema = z.object({
  reason: reasonSchema,
  lines: z
    .array(
      z.object({
        shipmentLineId: idValueSchema,
        quantity: cartQuantitySchema('Quantity'),
      }),
      { error: 'Lines must be a list' },
    )
    .min(1, 'Return at least one unit')
    .max(CART_LINES_MAX)
    .refine((list) => new Set(list.map((l) => l.shipmentLineId)).size === list.length, {
      message: 'Each line may appear once',
    }),
});
export type ShipmentReturnBody = z.input<typeof shipmentReturnBodySchema>;
export type ShipmentReturnValues = z.output<typeof shipmentReturnBodySchema>;

/** GET /api/shop/orders/export: the list's filters plus `format`, one row per order. */
export const orderExportQuerySchema = z.object({
  search: searchQuery,
  status: blankToUndefined(orderStatusSchema.optional()),
  client_id: blankToUndefined(idSchema.optional()),
  from: optionalDateQuery('From'),
  to: optionalDateQuery('To'),
  format: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['xlsx', 'csv']).default('xlsx'),
  ),
});
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;
