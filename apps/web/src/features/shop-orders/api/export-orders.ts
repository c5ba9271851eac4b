import type { OrderExportQuery } from '@inspecta/contract';
import { downloadExport, type ExportOptions } from '@/lib/download';

export type OrderExportFilters = Partial<Omit<OrderExportQuery, 'format'>>;

/** GET /api/shop/orders/export?format=xlsx|csv with the list's filters, one row per order. */
export function exportOrders(format: 'xlsx' | 'csv', filters: OrderExportFilters, options?: ExportOptions) {
  return downloadExport('/shop/orders/export', format, { ...filters }, 'orders', options);
}
