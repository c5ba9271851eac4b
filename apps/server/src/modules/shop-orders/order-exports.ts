import { orderStatusLabels, paiseToRupees } from '@inspecta/contract';
import type { ExportColumn } from '../../core/tabular-export.js';
import type { OrderListRow } from './orders.repository.js';

const rupees = (paise: number) => Number(paiseToRupees(Number(paise)));

/** The orders export: one row per order (money in rupees with two decimals). */
export const ORDER_EXPORT_COLUMNS: ExportColumn<OrderListRow>[] = [
  { heading: 'Order', width: 14, value: (o) => o.orderNumber },
  { heading: 'Placed (UTC)', width: 18, kind: 'dateTime', value: (o) => o.placedAt },
  { heading: 'Client', width: 24, value: (o) => `${o.firstName} ${o.lastName}`.trim() },
  { heading: 'Company', width: 28, value: (o) => o.company },
  { heading: 'Status', width: 16, value: (o) => orderStatusLabels[o.status] },
  { heading: 'Lines', width: 8, value: (o) => o.lineCount },
  { heading: 'Units', width: 8, value: (o) => o.unitCount },
  { heading: 'Shipments', width: 10, value: (o) => o.shipmentCount },
  { heading: 'Shipped', width: 10, value: (o) => o.shippedCount },
  { heading: 'Taxable (₹)', width: 14, value: (o) => rupees(o.taxablePaise) },
  { heading: 'Tax (₹)', width: 12, value: (o) => rupees(o.taxPaise) },
  { heading: 'Total (₹)', width: 14, value: (o) => rupees(o.totalPaise) },
  { heading: 'Currency', width: 8, value: (o) => o.currency },
  { heading: 'Billing state', width: 16, value: (o) => o.billingState },
  { heading: 'Confirmed (UTC)', width: 18, kind: 'dateTime', value: (o) => o.confirmedAt },
  { heading: 'Cancelled (UTC)', width: 18, kind: 'dateTime', value: (o) => o.cancelledAt },
];
