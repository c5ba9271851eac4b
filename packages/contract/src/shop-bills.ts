import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paginationSchema, sortSchema } from './common.js';
import { isValidIsoDate } from './equipment.js';
import { exportQuerySchema } from './exports.js';
import { blankToUndefined, listPaging, requiredText, searchQuery } from './field-schemas.js';
import { billKindSchema, supplyTypeSchema } from './gst.js';
import { gstRateSchema, productUnitSchema, shopCurrencySchema } from './shop-catalogue.js';
import { addressSnapshotSchema, ORDER_REASON_MAX } from './shop-orders.js';

/*
 * Bills (GST tax invoices) and credit notes, issue 18, docs/shop-orders.md. A bill is issued per
 * shipment when it ships (or one per order, when the order's billing mode says so), numbered
 * without gaps per financial year (`INV/26-27/000123`, gst.ts); a cancelled bill keeps its number;
 * a return of billed units gets a credit note (`CN/26-27/000001`). Admin only.
 */

export const billStatuses = ['issued', 'cancelled'] as const;
export const billStatusSchema = z.enum(billStatuses);
export type BillStatus = z.infer<typeof billStatusSchema>;

/** The seller as printed on the bill (from Settings, organisation, when it was issued). */
export const billSellerSchema = z.object({
  companyName: z.string(),
  gstin: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  stateCode: z.string().nullable(),
  pincode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type BillSeller = z.infer<typeof billSellerSchema>;

export const billLineSchema = z.object({
  lineNumber: z.number().int(),
  productId: z.number().int().nullable(),
  sku: z.string(),
  description: z.string(),
  hsnCode: z.string(),
  unit: productUnitSchema,
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  gstRate: gstRateSchema,
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billRateTotalSchema = z.object({
  gstRate: gstRateSchema,
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  taxPaise: z.number().int(),
});
export type BillRateTotal = z.infer<typeof billRateTotalSchema>;

export const billListItemSchema = z.object({
  id: z.number().int(),
  billNumber: z.string(),
  kind: billKindSchema,
  status: billStatusSchema,
  issuedOn: z.string().describe('YYYY-MM-DD'),
  client: z.object({ id: z.number().int(), name: z.string(), company: z.string().nullable() }),
  buyerGstin: z.string().nullable(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  placeOfSupply: z.string(),
  supplyType: supplyTypeSchema,
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  roundOffPaise: z.number().int(),
  totalPaise: z.number().int().describe('Rounded to the rupee'),
  currency: shopCurrencySchema,
});
export type BillListItem = z.infer<typeof billListItemSchema>;

export const billSchema = billListItemSchema.extend({
  financialYear: z.string().describe('e.g. 26-27'),
  seller: billSellerSchema,
  buyer: addressSnapshotSchema.describe('The billing address (with the client GSTIN) when issued'),
  shipTo: addressSnapshotSchema.describe('The shipping address (the place of supply)'),
  shipmentIds: z.array(z.number().int()).describe('The shipments it covers'),
  creditNoteFor: z
    .object({ id: z.number().int(), billNumber: z.string() })
    .nullable()
    .describe('Credit notes: the bill they answer'),
  lines: z.array(billLineSchema),
  rateTotals: z.array(billRateTotalSchema).describe('Per GST rate, lowest first'),
  amountInWords: z.string(),
  cancelledAt: isoDateTimeSchema.nullable(),
  cancelReason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Bill = z.infer<typeof billSchema>;

export const billResponseSchema = z.object({ bill: billSchema });
export type BillResponse = z.infer<typeof billResponseSchema>;
export const billMutationResponseSchema = z.object({ bill: billSchema, message: z.string() });
export type BillMutationResponse = z.infer<typeof billMutationResponseSchema>;

const optionalDateQuery = (label: string) =>
  blankToUndefined(
    z
      .string()
      .trim()
      .refine(isValidIsoDate, { message: `${label} must be a date (YYYY-MM-DD)` })
      .optional(),
  );

export const billSortFields = ['issuedOn', 'billNumber', 'totalPaise'] as const;

const billFilters = {
  start_date: optionalDateQuery('Start date').describe('Issued on or after (YYYY-MM-DD)'),
  end_date: optionalDateQuery('End date').describe('Issued on or before (YYYY-MM-DD)'),
  id: blankToUndefined(z.string().trim().max(40, 'Id is too long').optional()).describe(
    'A bill id (digits) or a bill number (INV/26-27/000123)',
  ),
  client_id: blankToUndefined(idSchema.optional()),
  kind: blankToUndefined(billKindSchema.optional()),
  status: blankToUndefined(billStatusSchema.optional()),
  search: searchQuery.describe('Bill number, order number or client'),
};

const datesInOrder = (q: { start_date?: string; end_date?: string }) =>
  !q.start_date || !q.end_date || q.start_date <= q.end_date;

/** GET /api/shop/bills (SPEC.md 3 and 7: `start_date`, `end_date`, `id`; the list is `response`). */
export const billListQuerySchema = z
  .object({ ...billFilters, sort: blankToUndefined(sortSchema(billSortFields)), ...listPaging })
  .refine(datesInOrder, { message: 'Start date must be on or before End date', path: ['end_date'] });
export type BillListQuery = z.output<typeof billListQuerySchema>;
export type BillListQueryInput = z.input<typeof billListQuerySchema>;

/** Money of the filtered set, or null when more than 10,000 bills match: the sums are then not read. */
const cappedMoney = (what: string) =>
  z
    .number()
    .int()
    .nullable()
    .describe(`${what}; null when more than 10,000 bills match (narrow the filter to see the totals)`);

export const billTotalsSchema = z.object({
  count: z.number().int(),
  countIsCapped: z
    .boolean()
    .describe('true: more match than were counted (show "10,000+"); the money is then null'),
  taxablePaise: cappedMoney('Issued bills minus issued credit notes (cancelled ones left out)'),
  cgstPaise: cappedMoney('CGST, as taxablePaise'),
  sgstPaise: cappedMoney('SGST, as taxablePaise'),
  igstPaise: cappedMoney('IGST, as taxablePaise'),
  totalPaise: cappedMoney('Total, as taxablePaise'),
});
export type BillTotals = z.infer<typeof billTotalsSchema>;

export const billListResponseSchema = z.object({
  response: z.array(billListItemSchema),
  pagination: paginationSchema,
  totals: billTotalsSchema,
});
export type BillListResponse = z.infer<typeof billListResponseSchema>;

/** POST /api/shop/bills/:id/cancel: the bill stays, marked cancelled, its number never reused. */
export const billCancelBodySchema = z.object({ reason: requiredText('Reason', ORDER_REASON_MAX) });
export type BillCancelBody = z.input<typeof billCancelBodySchema>;

/**
 * GET /api/shop/bills/export: the list's filters plus `format`. xlsx: a "Bills" sheet (one row per
 * bill) and a "Tax by rate" sheet (per GST rate: taxable, CGST, SGST, IGST); csv: the bills only.
 */
export const billExportQuerySchema = exportQuerySchema(z.object(billFilters)).refine(datesInOrder, {
  message: 'Start date must be on or before End date',
  path: ['end_date'],
});
export type BillExportQuery = z.output<typeof billExportQuerySchema>;

export const billParamsSchema = z.object({ id: idSchema });
