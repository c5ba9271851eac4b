import {
  addressListResponseSchema,
  cartAllocationsBodySchema,
  cartLineAddBodySchema,
  cartLineUpdateBodySchema,
  cartMutationResponseSchema,
  cartResponseSchema,
  cartUpdateBodySchema,
  categoryTreeResponseSchema,
  idParamsSchema,
  orderMutationResponseSchema,
  orderPlaceBodySchema,
  orderResponseSchema,
  portalBillListQuerySchema,
  portalBillListResponseSchema,
  portalCartLineParamsSchema,
  portalOrderListQuerySchema,
  portalOrderListResponseSchema,
  portalProductListQuerySchema,
  portalProductListResponseSchema,
} from '@inspecta/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, ownObject } from '../../core/access.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import { attachment } from '../../core/tabular-export.js';
import { withFields } from '../../core/with-fields.js';
import type { PortalShopService } from './portal-shop.service.js';

const tags = ['portal'];
const config = { access: access.roles('client') };

/** The client portal's shop: the signed-in client's catalogue, cart, orders and bills (docs/portal.md). */
export const portalShopRoutes: FastifyPluginAsyncZod<{ portalShopService: PortalShopService }> = async (
  app,
  { portalShopService: shop },
) => {
  // ------------------------------------------------------------ catalogue

  app.get(
    '/portal/shop/products',
    {
      config,
      schema: {
        tags,
        summary: 'Products for sale (active), by name, with the price, the GST rate and whether in stock',
        querystring: portalProductListQuerySchema,
        response: { 200: portalProductListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => shop.products(request.query),
  );

  app.get(
    '/portal/shop/categories',
    {
      config,
      schema: {
        tags,
        summary: 'The active product categories (two levels), for the filter',
        response: { 200: categoryTreeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => shop.categories(),
  );

  // ------------------------------------------------------------ addresses and cart

  app.get(
    '/portal/addresses',
    {
      config,
      schema: {
        tags,
        summary: 'Your billing and shipping addresses (and your active sites)',
        response: { 200: addressListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => shop.addresses(requireAuth(request)),
  );

  app.get(
    '/portal/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Your cart with live prices, tax, the split per address and its problems',
        response: { 200: cartResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => shop.cart(requireAuth(request)),
  );

  app.patch(
    '/portal/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Set the billing address, the billing mode or the notes',
        body: cartUpdateBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => shop.updateCart(requireAuth(request), request.body, request.ip),
  );

  app.delete(
    '/portal/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Empty your cart',
        response: { 200: cartMutationResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => shop.clearCart(requireAuth(request), request.ip),
  );

  app.post(
    '/portal/cart/lines',
    {
      config,
      schema: {
        tags,
        summary: 'Add a product (new units go to the address given or your default shipping address)',
        body: cartLineAddBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => shop.addLine(requireAuth(request), request.body, request.ip),
  );

  app.put(
    '/portal/cart/lines/:lineId',
    {
      config,
      schema: {
        tags,
        summary: "Change a line's quantity",
        params: portalCartLineParamsSchema,
        body: cartLineUpdateBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      shop.updateLine(requireAuth(request), request.params.lineId, request.body.quantity, request.ip),
  );

  app.delete(
    '/portal/cart/lines/:lineId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a line from your cart',
        params: portalCartLineParamsSchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => shop.removeLine(requireAuth(request), request.params.lineId, request.ip),
  );

  app.put(
    '/portal/cart/lines/:lineId/allocations',
    {
      config,
      schema: {
        tags,
        summary: 'Split a line over your shipping addresses',
        params: portalCartLineParamsSchema,
        body: cartAllocationsBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      shop.setAllocations(requireAuth(request), request.params.lineId, request.body, request.ip),
  );

  // ------------------------------------------------------------ orders and bills

  app.post(
    '/portal/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Place your cart as an order (every line reserved, or none)',
        description:
          '400 when the cart is not complete (no billing address, units without an address); 409 naming each short line as `lines.<productId>`, or `expectedTotalPaise` when the total changed.',
        body: orderPlaceBodySchema,
        response: { 201: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await shop.placeOrder(requireAuth(request), request.body, request.ip)),
  );

  app.get(
    '/portal/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Your orders, newest first',
        querystring: portalOrderListQuerySchema,
        response: { 200: portalOrderListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => shop.orders(requireAuth(request), request.query),
  );

  app.get(
    '/portal/orders/:id',
    {
      config: withFields(config, { ownObject: ownObject('client-order', 404) }),
      schema: {
        tags,
        summary: 'One of your orders: lines, shipments with tracking, bills, totals, timeline',
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => shop.order(requireAuth(request), request.params.id),
  );

  app.get(
    '/portal/bills',
    {
      config,
      schema: {
        tags,
        summary: 'Your bills and credit notes, newest first',
        querystring: portalBillListQuerySchema,
        response: { 200: portalBillListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => shop.billList(requireAuth(request), request.query),
  );

  app.get(
    '/portal/bills/:id/pdf',
    {
      config: withFields(config, { ownObject: ownObject('client-bill', 404) }),
      schema: {
        tags,
        summary: 'The PDF of one of your bills or credit notes',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await shop.billPdf(requireAuth(request), request.params.id);
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(pdf);
    },
  );
};
