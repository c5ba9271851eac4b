import { stateCodeOf } from '@inspecta/contract';
import { dateCell, type ExportColumn, type ExtraSheet } from '../../core/tabular-export.js';
import type { BillExportRow, TaxByRateRow } from './shop-bills.repository.js';

/** Paise as rupees for a sheet (people read sheets in rupees, docs/shop.md). */
const rupees = (paise: number) => paise / 100;

const KIND = { invoice: 'Tax invoice', credit_note: 'Credit note' } as const;
const STATUS = { issued: 'Issued', cancelled: 'Cancelled' } as const;

/** The "Bills" sheet (and the CSV): one row per bill, amounts in rupees as the bill prints them. */
export const BILL_EXPORT_COLUMNS: readonly ExportColumn<BillExportRow>[] = [
  { heading: 'Number', width: 18, value: (b) => b.billNumber },
  { heading: 'Kind', width: 12, value: (b) => KIND[b.kind] },
  { heading: 'Status', width: 10, value: (b) => STATUS[b.status] },
  { heading: 'Date', kind: 'date', width: 12, value: (b) => dateCell(b.issuedOn) },
  { heading: 'Client', width: 28, value: (b) => `${b.clientFirstName} ${b.clientLastName}`.trim() },
  { heading: 'Company', width: 28, value: (b) => b.clientCompany },
  { heading: 'GSTIN', width: 17, value: (b) => b.buyerGstin },
  { heading: 'Order', width: 12, value: (b) => b.orderNumber },
  {
    heading: 'Place of supply',
    width: 20,
    value: (b) => {
      const code = stateCodeOf(b.placeOfSupply);
      return code ? `${b.placeOfSupply} (${code})` : b.placeOfSupply;
    },
  },
  { heading: 'Taxable (INR)', width: 14, value: (b) => rupees(b.taxablePaise) },
  { heading: 'CGST (INR)', width: 12, value: (b) => rupees(b.cgstPaise) },
  { heading: 'SGST (INR)', width: 12, value: (b) => rupees(b.sgstPaise) },
  { heading: 'IGST (INR)', width: 12, value: (b) => rupees(b.igstPaise) },
  { heading: 'Round-off (INR)', width: 14, value: (b) => rupees(b.roundOffPaise) },
  { heading: 'Total (INR)', width: 14, value: (b) => rupees(b.totalPaise) },
];

const TAX_BY_RATE_COLUMNS: readonly ExportColumn<TaxByRateRow>[] = [
  { heading: 'GST rate (%)', width: 12, value: (r) => r.gstRate },
  { heading: 'Taxable (INR)', width: 16, value: (r) => rupees(r.taxablePaise) },
  { heading: 'CGST (INR)', width: 14, value: (r) => rupees(r.cgstPaise) },
  { heading: 'SGST (INR)', width: 14, value: (r) => rupees(r.sgstPaise) },
  { heading: 'IGST (INR)', width: 14, value: (r) => rupees(r.igstPaise) },
  { heading: 'Tax (INR)', width: 14, value: (r) => rupees(r.cgstPaise + r.sgstPaise + r.igstPaise) },
];

/** The "Tax by rate" sheet: per GST rate over the exported bills (credit notes subtract, cancelled left out). */
export function taxByRateSheet(rows: () => Promise<TaxByRateRow[]>): ExtraSheet<TaxByRateRow> {
  return { sheetName: 'Tax by rate', columns: TAX_BY_RATE_COLUMNS, rows };
}
