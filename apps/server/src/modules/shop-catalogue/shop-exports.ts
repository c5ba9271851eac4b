import { paiseToRupees, productUnitLabels } from '@inspecta/contract';
import type { ExportColumn } from '../../core/tabular-export.js';
import type { ProductView } from './shop-catalogue.repository.js';

const rupees = (paise: number) => Number(paiseToRupees(paise));
const status = (p: ProductView) => (p.status === 'active' ? 'Active' : 'Archived');

/** The product list export (money in rupees with two decimals, as a person reads it). */
export const PRODUCT_EXPORT_COLUMNS: ExportColumn<ProductView>[] = [
  { heading: 'Id', width: 8, value: (p) => p.id },
  { heading: 'SKU', width: 18, value: (p) => p.sku },
  { heading: 'Name', width: 40, value: (p) => p.name },
  { heading: 'Category', width: 32, value: (p) => p.categoryName },
  { heading: 'Unit', width: 10, value: (p) => productUnitLabels[p.unit] },
  { heading: 'Price (₹)', width: 12, value: (p) => rupees(p.pricePaise) },
  { heading: 'Currency', width: 8, value: () => 'INR' },
  { heading: 'HSN code', width: 10, value: (p) => p.hsnCode },
  { heading: 'GST rate (%)', width: 8, value: (p) => p.gstRate },
  { heading: 'Reorder level', width: 10, value: (p) => p.reorderLevel },
  { heading: 'On hand', width: 10, value: (p) => p.onHand },
  { heading: 'Reserved', width: 10, value: (p) => p.reserved },
  { heading: 'Available', width: 10, value: (p) => p.onHand - p.reserved },
  { heading: 'Status', width: 10, value: status },
  { heading: 'Description', width: 40, value: (p) => p.description },
  { heading: 'Created (UTC)', width: 18, kind: 'dateTime', value: (p) => p.createdAt },
];

/** The stock valuation sheet: on hand at average cost and at price. */
export const VALUATION_EXPORT_COLUMNS: ExportColumn<ProductView>[] = [
  { heading: 'SKU', width: 18, value: (p) => p.sku },
  { heading: 'Name', width: 40, value: (p) => p.name },
  { heading: 'Category', width: 32, value: (p) => p.categoryName },
  { heading: 'Unit', width: 10, value: (p) => productUnitLabels[p.unit] },
  { heading: 'On hand', width: 10, value: (p) => p.onHand },
  { heading: 'Reserved', width: 10, value: (p) => p.reserved },
  { heading: 'Average cost (₹)', width: 14, value: (p) => rupees(p.averageCostPaise) },
  { heading: 'Value at cost (₹)', width: 16, value: (p) => rupees(p.onHand * p.averageCostPaise) },
  { heading: 'Price (₹)', width: 12, value: (p) => rupees(p.pricePaise) },
  { heading: 'Value at price (₹)', width: 16, value: (p) => rupees(p.onHand * p.pricePaise) },
  { heading: 'GST rate (%)', width: 8, value: (p) => p.gstRate },
  { heading: 'Status', width: 10, value: status },
];
