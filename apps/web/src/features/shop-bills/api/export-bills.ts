import type { BillExportQuery } from '@inspecta/contract';
import { downloadExport, type ExportOptions } from '@/lib/download';

export type BillExportFilters = Partial<Omit<BillExportQuery, 'format'>>;

/**
 * GET /api/shop/bills/export?format=xlsx|csv with the list's filters, as a download: Excel has a
 * "Bills" sheet and a "Tax by rate" sheet; CSV the bills only.
 */
export function exportBills(format: 'xlsx' | 'csv', filters: BillExportFilters, options?: ExportOptions) {
  return downloadExport('/shop/bills/export', format, { ...filters }, 'bills', options);
}
