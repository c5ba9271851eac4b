import {
  billCancelBodySchema,
  billExportQuerySchema,
  billListQuerySchema,
  billListResponseSchema,
  billMutationResponseSchema,
  billParamsSchema,
  billResponseSchema,
  orderShipmentParamsSchema,
} from '@inspecta/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { attachment, EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import { BILL_EXPORT_COLUMNS, taxByRateSheet } from './bill-exports.js';
import type { ShopBillsService } from './shop-bills.service.js';

const tags = ['shop bills'];
const config = { access: access.admin };

export interface ShopBillsRoutesOptions {
  bills: ShopBillsService;
}

/** Bills (GST tax invoices) and credit notes: list, one, PDF, export, cancel, re-issue (docs/shop-bills.md). Admin only. */
export const shopBillsRoutes: FastifyPluginAsyncZod<ShopBillsRoutesOptions> = async (app, { bills }) => {
  app.get(
    '/shop/bills',
    {
      config,
      schema: {
        tags,
        summary:
          'Bills and credit notes: by date range, id or number, client, kind, status; paged, with totals',
        description:
          '`id` is a bill id (digits) or a bill number (INV/26-27/000123). Default order: newest first; with a search, the exact number first, then numbers starting with it. `totals` cover the whole filtered set: issued invoices minus issued credit notes (cancelled ones left out); the count is exact up to 10,000, then countIsCapped.',
        querystring: billListQuerySchema,
        response: { 200: billListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => bills.list(request.query),
  );

  app.get(
    '/shop/bills/export',
    {
      config,
      schema: {
        tags,
        summary: 'The filtered bills as Excel or CSV, streamed',
        description:
          'xlsx: a "Bills" sheet (one row per bill, amounts in rupees) and a "Tax by rate" sheet (per GST rate: taxable, CGST, SGST, IGST; credit notes subtract, cancelled bills left out); csv: the bills only. x-export-row-count carries the number of bills.',
        querystring: billExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const prepared = await bills.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format,
        fileName: 'bills',
        sheetName: 'Bills',
        columns: BILL_EXPORT_COLUMNS,
        batches: prepared.batches,
        rowCount: prepared.rowCount,
        date: prepared.date,
        ...(format === 'xlsx' ? { extraSheets: [taxByRateSheet(prepared.taxByRate)] } : {}),
      });
    },
  );

  app.get(
    '/shop/bills/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One bill or credit note: seller, buyer, ship-to, lines, totals per rate',
        params: billParamsSchema,
        response: { 200: billResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ bill: await bills.get(request.params.id) }),
  );

  app.get(
    '/shop/bills/:id/pdf',
    {
      config,
      schema: {
        tags,
        summary: 'The PDF of a bill or credit note, streamed',
        description:
          'Text-searchable A4: logo and seller (Settings, organisation), TAX INVOICE or CREDIT NOTE, number and date, buyer with GSTIN, ship-to and place of supply with its state code, lines with HSN and CGST/SGST or IGST, totals per rate, round-off, total, amount in words, "Page N of M"; CANCELLED on a cancelled bill. Named like INV-26-27-000123.pdf.',
        params: billParamsSchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await bills.pdf(request.params.id);
      // A stream, not a JSON body: the plain reply type (the route's schema types only the errors).
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'no-store')
        .header('Access-Control-Expose-Headers', 'Content-Disposition')
        .send(pdf);
    },
  );

  app.post(
    '/shop/bills/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary: 'Cancel a bill or credit note (it stays, marked cancelled; its number is never reused)',
        description:
          '409 when it is already cancelled, when an issued credit note answers the bill (cancel that first), or when its financial year has ended (a credit note corrects it then). Notifies the other administrators (bill.cancelled).',
        params: billParamsSchema,
        body: billCancelBodySchema,
        response: { 200: billMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bills.cancel(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.post(
    '/shop/orders/:id/shipments/:shipmentId/bill',
    {
      config,
      schema: {
        tags,
        summary: 'Issue a new bill for a shipped shipment whose bill was cancelled',
        description:
          'Per-order billing: one bill for every shipped shipment of the order without an issued bill. 409 when the shipment has not shipped or already has an issued bill.',
        params: orderShipmentParamsSchema,
        response: { 201: billMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await bills.reissue(
            requireAuth(request),
            request.params.id,
            request.params.shipmentId,
            originOf(request),
          ),
        ),
  );
};
