import {
  addressCreateBodySchema,
  addressFromSiteBodySchema,
  addressListQuerySchema,
  addressListResponseSchema,
  addressMutationResponseSchema,
  addressUpdateBodySchema,
  cartAllocationsBodySchema,
  cartLineAddBodySchema,
  cartLineParamsSchema,
  cartLineUpdateBodySchema,
  cartMutationResponseSchema,
  cartResponseSchema,
  cartUpdateBodySchema,
  clientAddressParamsSchema,
  clientParamsSchema,
  idParamsSchema,
  orderCancelBodySchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderMutationResponseSchema,
  orderPlaceBodySchema,
  orderResponseSchema,
  orderShipmentParamsSchema,
  shipmentCancelBodySchema,
  shipmentDeliverBodySchema,
  shipmentReturnBodySchema,
  shipmentShipBodySchema,
} from '@inspecta/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, requireAuth } from '../../core/http.js';
import { attachment, EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { AddressesService } from './addresses.service.js';
import type { CartService } from './cart.service.js';
import { ORDER_EXPORT_COLUMNS } from './order-exports.js';
import type { OrderLifecycleService } from './order-lifecycle.service.js';
import type { OrdersService } from './orders.service.js';

const tags = ['shop'];
const config = { access: access.admin };

export interface ShopOrdersRoutesOptions {
  addresses: AddressesService;
  cart: CartService;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
}

/** The shop, part 2: a client's addresses and cart, orders and their lifecycle (docs/shop-orders.md). Admin only. */
export const shopOrdersRoutes: FastifyPluginAsyncZod<ShopOrdersRoutesOptions> = async (
  app,
  { addresses, cart, orders, lifecycle },
) => {
  // ------------------------------------------------------------ addresses

  app.get(
    '/shop/clients/:clientId/addresses',
    {
      config,
      schema: {
        tags,
        summary: "A client's billing and shipping addresses, and the sites offered as shipping addresses",
        params: clientParamsSchema,
        querystring: addressListQuerySchema,
        response: { 200: addressListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => addresses.list(request.params.clientId, request.query),
  );

  app.post(
    '/shop/clients/:clientId/addresses',
    {
      config,
      schema: {
        tags,
        summary: 'Add a billing or shipping address (a billing address may carry the GSTIN)',
        params: clientParamsSchema,
        body: addressCreateBodySchema,
        response: { 201: addressMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addresses.create(requireAuth(request), request.params.clientId, request.body, request.ip),
        ),
  );

  app.post(
    '/shop/clients/:clientId/addresses/from-site',
    {
      config,
      schema: {
        tags,
        summary: "Make one of the client's active sites a shipping address (once per site)",
        params: clientParamsSchema,
        body: addressFromSiteBodySchema,
        response: { 201: addressMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addresses.fromSite(
            requireAuth(request),
            request.params.clientId,
            request.body.siteId,
            request.ip,
          ),
        ),
  );

  app.patch(
    '/shop/clients/:clientId/addresses/:addressId',
    {
      config,
      schema: {
        tags,
        summary: 'Change an address (placed orders keep their copy)',
        params: clientAddressParamsSchema,
        body: addressUpdateBodySchema,
        response: { 200: addressMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      addresses.update(
        requireAuth(request),
        request.params.clientId,
        request.params.addressId,
        request.body,
        request.ip,
      ),
  );

  app.delete(
    '/shop/clients/:clientId/addresses/:addressId',
    {
      config,
      schema: {
        tags,
        summary: 'Archive an address (it leaves the cart; placed orders keep their copy)',
        params: clientAddressParamsSchema,
        response: { 200: addressMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      addresses.setStatus(
        requireAuth(request),
        request.params.clientId,
        request.params.addressId,
        'archived',
        request.ip,
      ),
  );

  app.post(
    '/shop/clients/:clientId/addresses/:addressId/restore',
    {
      config,
      schema: {
        tags,
        summary: 'Restore an archived address',
        params: clientAddressParamsSchema,
        response: { 200: addressMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      addresses.setStatus(
        requireAuth(request),
        request.params.clientId,
        request.params.addressId,
        'active',
        request.ip,
      ),
  );

  // ------------------------------------------------------------ cart

  app.get(
    '/shop/clients/:clientId/cart',
    {
      config,
      schema: {
        tags,
        summary: "The client's open cart with live prices, tax, the split per address and its problems",
        params: clientParamsSchema,
        response: { 200: cartResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cart.get(request.params.clientId),
  );

  app.patch(
    '/shop/clients/:clientId/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Set the billing address, the billing mode or the notes',
        params: clientParamsSchema,
        body: cartUpdateBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cart.update(requireAuth(request), request.params.clientId, request.body, request.ip),
  );

  app.delete(
    '/shop/clients/:clientId/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Empty the cart (the billing address and mode stay)',
        params: clientParamsSchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cart.clear(requireAuth(request), request.params.clientId, request.ip),
  );

  app.post(
    '/shop/clients/:clientId/cart/lines',
    {
      config,
      schema: {
        tags,
        summary: 'Add a product (an existing line grows; new units go to the address given or the default)',
        params: clientParamsSchema,
        body: cartLineAddBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cart.addLine(requireAuth(request), request.params.clientId, request.body, request.ip),
  );

  app.patch(
    '/shop/clients/:clientId/cart/lines/:lineId',
    {
      config,
      schema: {
        tags,
        summary: "Change a line's quantity (its split shrinks from the last address)",
        params: cartLineParamsSchema,
        body: cartLineUpdateBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      cart.updateLine(
        requireAuth(request),
        request.params.clientId,
        request.params.lineId,
        request.body.quantity,
        request.ip,
      ),
  );

  app.delete(
    '/shop/clients/:clientId/cart/lines/:lineId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a line from the cart',
        params: cartLineParamsSchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      cart.removeLine(requireAuth(request), request.params.clientId, request.params.lineId, request.ip),
  );

  app.put(
    '/shop/clients/:clientId/cart/lines/:lineId/allocations',
    {
      config,
      schema: {
        tags,
        summary: 'Split a line over shipping addresses (at most its quantity; the rest stays unallocated)',
        params: cartLineParamsSchema,
        body: cartAllocationsBodySchema,
        response: { 200: cartMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cart.setAllocations(
        requireAuth(request),
        request.params.clientId,
        request.params.lineId,
        request.body,
        request.ip,
      ),
  );

  // ------------------------------------------------------------ orders

  app.post(
    '/shop/clients/:clientId/orders',
    {
      config,
      schema: {
        tags,
        summary: "Place the client's cart as an order (every line reserved, or none)",
        description:
          '400 when the cart is not complete (no billing address, units without an address, per-order billing over several states); 409 naming each short or archived line as `lines.<productId>`, or `expectedTotalPaise` when the total changed.',
        params: clientParamsSchema,
        body: orderPlaceBodySchema,
        response: { 201: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await orders.place(requireAuth(request), request.params.clientId, request.body, request.ip)),
  );

  app.get(
    '/shop/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Orders: search, status, client, date range, paged, with the totals of the filtered set',
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => orders.list(request.query),
  );

  app.get(
    '/shop/orders/export',
    {
      config,
      schema: {
        tags,
        summary: 'Download the filtered orders as Excel or CSV (one row per order)',
        querystring: orderExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await orders.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'orders',
        sheetName: 'Orders',
        columns: ORDER_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );

  app.get(
    '/shop/orders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One order: lines, shipments with their addresses and bills, totals, timeline',
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => orders.get(request.params.id),
  );

  app.get(
    '/shop/orders/:id/pdf',
    {
      config,
      schema: {
        tags,
        summary: "The order's PDF",
        description:
          'Company (name, logo, address from Settings), order number, client, billing address, lines, shipments with their addresses, totals, page numbers. Streamed as order-<number>.pdf.',
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await orders.pdf(request.params.id);
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(pdf);
    },
  );

  app.post(
    '/shop/orders/:id/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm a placed order',
        params: idParamsSchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => lifecycle.confirm(requireAuth(request), request.params.id, request.ip),
  );

  app.post(
    '/shop/orders/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a whole order before anything shipped (its stock is released)',
        params: idParamsSchema,
        body: orderCancelBodySchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      lifecycle.cancel(requireAuth(request), request.params.id, request.body.reason, request.ip),
  );

  app.post(
    '/shop/orders/:id/shipments/:shipmentId/pack',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a shipment packed (the order must be confirmed)',
        params: orderShipmentParamsSchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      lifecycle.pack(requireAuth(request), request.params.id, request.params.shipmentId, request.ip),
  );

  app.post(
    '/shop/orders/:id/shipments/:shipmentId/ship',
    {
      config,
      schema: {
        tags,
        summary: 'Ship a shipment (carrier, tracking number, date); its bill is issued per the billing mode',
        params: orderShipmentParamsSchema,
        body: shipmentShipBodySchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      lifecycle.ship(
        requireAuth(request),
        request.params.id,
        request.params.shipmentId,
        request.body,
        request.ip,
      ),
  );

  app.post(
    '/shop/orders/:id/shipments/:shipmentId/deliver',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a shipped shipment delivered',
        params: orderShipmentParamsSchema,
        body: shipmentDeliverBodySchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      lifecycle.deliver(
        requireAuth(request),
        request.params.id,
        request.params.shipmentId,
        request.body.deliveredOn,
        request.ip,
      ),
  );

  app.post(
    '/shop/orders/:id/shipments/:shipmentId/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a shipment that has not shipped (its stock is released)',
        params: orderShipmentParamsSchema,
        body: shipmentCancelBodySchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      lifecycle.cancelShipment(
        requireAuth(request),
        request.params.id,
        request.params.shipmentId,
        request.body.reason,
        request.ip,
      ),
  );

  app.post(
    '/shop/orders/:id/shipments/:shipmentId/returns',
    {
      config,
      schema: {
        tags,
        summary: 'Record a return of delivered units (stock back in; a credit note when billed)',
        params: orderShipmentParamsSchema,
        body: shipmentReturnBodySchema,
        response: { 200: orderMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      lifecycle.recordReturn(
        requireAuth(request),
        request.params.id,
        request.params.shipmentId,
        request.body,
        request.ip,
      ),
  );
};
