import type { ProductExportQuery, ValuationExportQuery } from '@inspecta/contract';
import { downloadExport, type ExportOptions } from '@/lib/download';

export type ProductExportFilters = Partial<Omit<ProductExportQuery, 'format'>>;
export type ValuationExportFilters = Partial<Omit<ValuationExportQuery, 'format'>>;

/** GET /api/shop/products/export?format=xlsx|csv with the list's filters, as a download. */
export function exportProducts(
  format: 'xlsx' | 'csv',
  filters: ProductExportFilters,
  options?: ExportOptions,
) {
  return downloadExport('/shop/products/export', format, { ...filters }, 'products', options);
}

/** GET /api/shop/inventory/valuation-export?format=xlsx|csv: every product's stock at cost and at price. */
export function exportStockValuation(
  format: 'xlsx' | 'csv',
  filters: ValuationExportFilters,
  options?: ExportOptions,
) {
  return downloadExport(
    '/shop/inventory/valuation-export',
    format,
    { ...filters },
    'stock-valuation',
    options,
  );
}
