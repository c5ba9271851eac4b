import { z } from 'zod';
import { idSchema, paginationSchema } from './common.js';
import { blankToUndefined, listPaging, searchQuery } from './field-schemas.js';
import { billKindSchema } from './gst.js';
import { billListItemSchema, billStatusSchema } from './shop-bills.js';
import { gstRateSchema, productUnitSchema, shopCurrencySchema } from './shop-catalogue.js';
import { orderListItemSchema, orderStatusSchema } from './shop-orders.js';

/*
 * The client portal's shop (issue 20, docs/portal.md): the signed-in client buys from the catalogue
 * for its own addresses. Cart, addresses and orders are the shop's own (docs/shop-orders.md) with
 * the client as `clientId`, so the bodies and answers are the existing ones:
 *
 *   GET    /api/portal/addresses                        addressListResponseSchema
 *   GET    /api/portal/cart                             cartResponseSchema
 *   PATCH  /api/portal/cart                             cartUpdateBodySchema → cartMutationResponseSchema
 *   DELETE /api/portal/cart                             cartMutationResponseSchema
 *   POST   /api/portal/cart/lines                       cartLineAddBodySchema → cartMutationResponseSchema
 *   PUT    /api/portal/cart/lines/:lineId               cartLineUpdateBodySchema → cartMutationResponseSchema
 *   DELETE /api/portal/cart/lines/:lineId               cartMutationResponseSchema
 *   PUT    /api/portal/cart/lines/:lineId/allocations   cartAllocationsBodySchema → cartMutationResponseSchema
 *   POST   /api/portal/orders                           orderPlaceBodySchema → 201 orderMutationResponseSchema
 *   GET    /api/portal/orders/:id                       orderResponseSchema (404 for another client's)
 *   GET    /api/portal/bills/:id/pdf                    application/pdf (404 for another client's)
 *
 * Only the product list and the two lists below have portal shapes of their own.
 */

/** What a client sees of a product: no cost, reorder level or stock figures, only "in stock". */
export const portalProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  description: z.string().nullable(),
  unit: productUnitSchema,
  pricePaise: z.number().int().describe('Price of one unit before GST, in paise'),
  currency: shopCurrencySchema,
  hsnCode: z.string(),
  gstRate: gstRateSchema,
  imageUrl: z.string().nullable().describe('The main image'),
  inStock: z.boolean().describe('At least one unit available now'),
});
export type PortalProduct = z.infer<typeof portalProductSchema>;

/** GET /api/portal/shop/products (active products, by name) */
export const portalProductListQuerySchema = z.object({
  search: searchQuery.describe('Part of the SKU or name'),
  categoryId: blankToUndefined(idSchema.optional()).describe(
    'This category; a top-level category includes its subcategories',
  ),
  ...listPaging,
});
export type PortalProductListQuery = Partial<z.input<typeof portalProductListQuerySchema>>;
export type PortalProductListQueryValues = z.output<typeof portalProductListQuerySchema>;

export const portalProductListResponseSchema = z.object({
  products: z.array(portalProductSchema),
  pagination: paginationSchema,
});
export type PortalProductListResponse = z.infer<typeof portalProductListResponseSchema>;

/** GET /api/portal/orders (your orders, newest first) */
export const portalOrderListQuerySchema = z.object({
  status: blankToUndefined(orderStatusSchema.optional()),
  ...listPaging,
});
export type PortalOrderListQuery = Partial<z.input<typeof portalOrderListQuerySchema>>;
export type PortalOrderListQueryValues = z.output<typeof portalOrderListQuerySchema>;

export const portalOrderListResponseSchema = z.object({
  orders: z.array(orderListItemSchema),
  pagination: paginationSchema,
});
export type PortalOrderListResponse = z.infer<typeof portalOrderListResponseSchema>;

/** GET /api/portal/bills (your bills and credit notes, newest first) */
export const portalBillListQuerySchema = z.object({
  kind: blankToUndefined(billKindSchema.optional()),
  status: blankToUndefined(billStatusSchema.optional()),
  ...listPaging,
});
export type PortalBillListQuery = Partial<z.input<typeof portalBillListQuerySchema>>;
export type PortalBillListQueryValues = z.output<typeof portalBillListQuerySchema>;

export const portalBillListResponseSchema = z.object({
  bills: z.array(billListItemSchema),
  pagination: paginationSchema,
});
export type PortalBillListResponse = z.infer<typeof portalBillListResponseSchema>;

/** Path parameters of the portal cart's line routes. */
export const portalCartLineParamsSchema = z.object({ lineId: idSchema });
