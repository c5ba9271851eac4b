import { z } from 'zod';
import { idSchema, idValueSchema, isoDateTimeSchema, paginationSchema, sortSchema } from './common.js';
import { isValidIsoDate } from './equipment.js';
import { exportQuerySchema } from './exports.js';
import { blankToUndefined, listPaging, optionalText, requiredText, searchQuery } from './field-schemas.js';

/*
 * The shop, part 1 (issue 17, docs/shop.md): product categories (a tree of at most two levels),
 * products, and inventory kept by an append-only stock ledger. Every path is under `/api/shop/`
 * and admin only.
 *
 * Money is integer minor units (paise) with a currency code, never floating point: the API takes
 * and answers paise; the screens show and take rupees (`paiseToRupees` / `rupeesToPaise`).
 * Quantities are whole units of the product's unit (piece, kg, litre, set).
 */

// ---------------------------------------------------------------- shared values

export const SHOP_CURRENCY = 'INR';
export const shopCurrencySchema = z.literal(SHOP_CURRENCY, { error: 'Currency must be INR' });
export type ShopCurrency = z.infer<typeof shopCurrencySchema>;

export const shopStatuses = ['active', 'archived'] as const;
export const shopStatusSchema = z.enum(shopStatuses, { error: 'Status must be active or archived' });
export type ShopStatus = z.infer<typeof shopStatusSchema>;

export const productUnits = ['piece', 'kg', 'litre', 'set'] as const;
export const productUnitSchema = z.enum(productUnits, { error: 'Unit must be piece, kg, litre or set' });
export type ProductUnit = z.infer<typeof productUnitSchema>;
export const productUnitLabels: Record<ProductUnit, string> = {
  piece: 'Piece',
  kg: 'Kilogram',
  litre: 'Litre',
  set: 'Set',
};

/** The GST slabs (percent) a product can carry. */
export const gstRates = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof gstRates)[number];
export const gstRateSchema = z.literal(gstRates, { error: 'GST rate must be 0, 5, 12, 18 or 28 %' });

/** Stock state: `out` when nothing is available, `low` at or below the reorder level, else `ok`. */
export const stockStates = ['ok', 'low', 'out'] as const;
export const stockStateSchema = z.enum(stockStates, { error: 'Stock must be ok, low or out' });
export type StockState = z.infer<typeof stockStateSchema>;

/** The rule behind `stockState` (the server applies the same one in SQL for the `stock` filter). */
export function stockStateOf(available: number, reorderLevel: number): StockState {
  if (available <= 0) return 'out';
  return available <= reorderLevel ? 'low' : 'ok';
}

/** Largest price of one unit: ₹1,00,00,000 (one crore) in paise. */
export const PRICE_MAX_PAISE = 1_000_000_000;
/** Largest quantity one movement (or a reorder level) may carry. */
export const QUANTITY_MAX = 1_000_000;
export const SKU_MAX = 40;
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CATEGORY_NAME_MAX = 80;
export const STOCK_REASON_MAX = 500;

/** Rupees as typed in a form ("1,250.5", "99") to paise; null when it is not an amount of money. */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[\u20B9,\s]/g, '').replace(/^rs\.?/i, '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Paise to rupees text with two decimals and no grouping ("1250.50"), for form fields and sheets. */
export function paiseToRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const paiseSchema = (label: string) =>
  z
    .number({ error: `${label} must be an amount in paise` })
    .int(`${label} must be a whole number of paise`)
    .min(0, `${label} cannot be negative`)
    .max(PRICE_MAX_PAISE, `${label} must be at most ₹1,00,00,000`);

const quantitySchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be more than 0`)
    .max(QUANTITY_MAX, `${label} must be at most ${QUANTITY_MAX.toLocaleString('en-IN')}`);

const reasonSchema = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(STOCK_REASON_MAX, `Reason must be at most ${STOCK_REASON_MAX} characters`);

/** SKU: letters, digits and - _ . / (no spaces), unique in any letter case. Kept as typed, trimmed. */
export const skuSchema = z
  .string({ error: 'SKU is required' })
  .trim()
  .min(1, 'SKU is required')
  .max(SKU_MAX, `SKU must be at most ${SKU_MAX} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-_./]*$/, 'SKU may hold letters, digits and - _ . / only (no spaces)');

/** HSN code (India): 4, 6 or 8 digits. */
export const hsnCodeSchema = z
  .string({ error: 'HSN code is required' })
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})$/, 'HSN code must be 4, 6 or 8 digits');

const optionalDateQuery = (label: string) =>
  blankToUndefined(
    z
      .string()
      .trim()
      .refine(isValidIsoDate, { message: `${label} must be a date (YYYY-MM-DD)` })
      .optional(),
  );

// ---------------------------------------------------------------- categories

/** A category as listed: `parentId` null for a top-level category (the tree has two levels at most). */
export const productCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  status: shopStatusSchema,
  productCount: z.number().int().describe('Products in this category itself (any status)'),
  childCount: z.number().int().describe('Subcategories (any status); always 0 for a subcategory'),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** A top-level category with its subcategories, for the tree. */
export const productCategoryTreeNodeSchema = productCategorySchema.extend({
  children: z.array(productCategorySchema).describe('Subcategories, by name'),
  totalProductCount: z.number().int().describe('Products in this category and its subcategories'),
});
export type ProductCategoryTreeNode = z.infer<typeof productCategoryTreeNodeSchema>;

export const categorySortFields = ['name', 'productCount', 'createdAt'] as const;

/** GET /api/shop/categories */
export const categoryListQuerySchema = z.object({
  search: searchQuery.describe('Part of the name (or of the parent name)'),
  status: blankToUndefined(shopStatusSchema.optional()),
  parent_id: blankToUndefined(idSchema.optional()).describe('Only the subcategories of this category'),
  top_level: blankToUndefined(
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  ).describe('true: only top-level categories (the parent picker)'),
  sort: blankToUndefined(sortSchema(categorySortFields)).describe('Default: parent name, then name'),
  ...listPaging,
});
export type CategoryListQuery = z.output<typeof categoryListQuerySchema>;
export type CategoryListQueryInput = z.input<typeof categoryListQuerySchema>;

export const categoryListResponseSchema = z.object({
  categories: z.array(productCategorySchema),
  pagination: paginationSchema,
});
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

/** GET /api/shop/categories/tree */
export const categoryTreeQuerySchema = z.object({
  include_archived: blankToUndefined(
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  ).describe('true: archived categories too (default: active only)'),
});
export type CategoryTreeQuery = z.output<typeof categoryTreeQuerySchema>;

export const categoryTreeResponseSchema = z.object({
  categories: z.array(productCategoryTreeNodeSchema).describe('Top-level categories by name'),
});
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponseSchema>;

/**
 * POST /api/shop/categories. `parentId` must be an active top-level category (two levels at most);
 * names are unique among siblings in any letter case.
 */
export const categoryCreateBodySchema = z.object({
  name: requiredText('Name', CATEGORY_NAME_MAX),
  parentId: idValueSchema.nullish().describe('The parent (a top-level category); null or absent: top level'),
});
export type CategoryCreateBody = z.input<typeof categoryCreateBodySchema>;
export type CategoryCreateValues = z.output<typeof categoryCreateBodySchema>;

/**
 * PATCH /api/shop/categories/:id: rename and/or move (`parentId` null moves it to the top level).
 * A category with subcategories cannot move under another one.
 */
export const categoryUpdateBodySchema = categoryCreateBodySchema
  .partial()
  .refine((body) => body.name !== undefined || body.parentId !== undefined, {
    message: 'Change the name or the parent',
  });
export type CategoryUpdateBody = z.input<typeof categoryUpdateBodySchema>;
export type CategoryUpdateValues = z.output<typeof categoryUpdateBodySchema>;

/** Answer of create, update, archive and restore. */
export const categoryMutationResponseSchema = z.object({
  category: productCategorySchema,
  message: z.string(),
});
export type CategoryMutationResponse = z.infer<typeof categoryMutationResponseSchema>;

// ---------------------------------------------------------------- products

export const productImageSchema = z.object({
  id: z.number().int(),
  url: z.string().describe('Relative URL of the re-encoded image'),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productStockSchema = z.object({
  onHand: z.number().int().describe('Units in the store: the sum of the ledger'),
  reserved: z.number().int().describe('Units promised to open orders'),
  available: z.number().int().describe('onHand − reserved; never below zero'),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string().describe('"Parent › Child" for a subcategory'),
  description: z.string().nullable(),
  unit: productUnitSchema,
  pricePaise: z.number().int().describe('Price of one unit before GST, in paise'),
  currency: shopCurrencySchema,
  hsnCode: z.string(),
  gstRate: gstRateSchema,
  reorderLevel: z
    .number()
    .int()
    .describe('At or below this many available units the product is low on stock'),
  averageCostPaise: z
    .number()
    .int()
    .describe('Weighted average cost of a unit received, in paise (0 before any)'),
  images: z.array(productImageSchema).describe('In upload order; the first is the main image'),
  status: shopStatusSchema,
  equipmentTypeIds: z.array(z.number().int()).describe('Equipment types this product fits'),
  equipmentTypeNames: z.array(z.string()).describe('Their names, in the order of equipmentTypeIds'),
  stock: productStockSchema,
  stockState: stockStateSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productSortFields = [
  'name',
  'sku',
  'pricePaise',
  'available',
  'createdAt',
  'updatedAt',
] as const;

/** GET /api/shop/products */
export const productListQuerySchema = z.object({
  search: searchQuery.describe('Part of the SKU or name (an exact SKU ranks first)'),
  category_id: blankToUndefined(idSchema.optional()).describe(
    'This category; a top-level category includes its subcategories',
  ),
  status: blankToUndefined(shopStatusSchema.optional()),
  stock: blankToUndefined(stockStateSchema.optional()).describe(
    'ok, low (at or below the reorder level) or out',
  ),
  sort: blankToUndefined(sortSchema(productSortFields)).describe('Default: name'),
  ...listPaging,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  pagination: paginationSchema,
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

const equipmentTypeIdsSchema = z
  .array(idValueSchema, { error: 'Equipment types must be a list of ids' })
  .max(50, 'At most 50 equipment types')
  .transform((ids) => [...new Set(ids)]);

/** POST /api/shop/products. Stock starts at 0: receive it with a stock movement. */
export const productCreateBodySchema = z.object({
  sku: skuSchema,
  name: requiredText('Name', 160),
  categoryId: idValueSchema.describe('An active category'),
  description: optionalText('Description', 4000),
  unit: productUnitSchema,
  pricePaise: paiseSchema('Price'),
  currency: shopCurrencySchema.optional().describe('INR (the only currency for now)'),
  hsnCode: hsnCodeSchema,
  gstRate: gstRateSchema,
  reorderLevel: z
    .number({ error: 'Reorder level must be a number' })
    .int('Reorder level must be a whole number')
    .min(0, 'Reorder level cannot be negative')
    .max(QUANTITY_MAX, `Reorder level must be at most ${QUANTITY_MAX.toLocaleString('en-IN')}`)
    .optional()
    .describe('Default 0'),
  equipmentTypeIds: equipmentTypeIdsSchema.optional(),
});
export type ProductCreateBody = z.input<typeof productCreateBodySchema>;
export type ProductCreateValues = z.output<typeof productCreateBodySchema>;

/** PATCH /api/shop/products/:id: any subset of the fields (status through archive/restore). */
export const productUpdateBodySchema = productCreateBodySchema.partial();
export type ProductUpdateBody = z.input<typeof productUpdateBodySchema>;
export type ProductUpdateValues = z.output<typeof productUpdateBodySchema>;

/** Answer of create, update, archive, restore and the image routes. */
export const productMutationResponseSchema = z.object({
  product: productSchema,
  message: z.string(),
});
export type ProductMutationResponse = z.infer<typeof productMutationResponseSchema>;

/** Path of `DELETE /api/shop/products/:id/images/:imageId`. */
export const productImageParamsSchema = z.object({ id: idSchema, imageId: idSchema });

// ---------------------------------------------------------------- stock ledger

/**
 * Every kind of ledger movement. Part 1 exposes receive, adjust and write_off as actions; reserve,
 * release, ship and return come with orders (part 2). On hand is the sum of `quantityDelta`,
 * reserved the sum of `reservedDelta` (reserve +, release −, ship −).
 */
export const stockMovementKinds = [
  'receive',
  'adjust',
  'write_off',
  'reserve',
  'release',
  'ship',
  'return',
] as const;
export const stockMovementKindSchema = z.enum(stockMovementKinds);
export type StockMovementKind = z.infer<typeof stockMovementKindSchema>;
export const stockMovementKindLabels: Record<StockMovementKind, string> = {
  receive: 'Received',
  adjust: 'Adjusted',
  write_off: 'Written off',
  reserve: 'Reserved',
  release: 'Released',
  ship: 'Shipped',
  return: 'Returned',
};

/**
 * POST /api/shop/products/:id/stock-movements, discriminated on `kind`:
 * - receive: `quantity` units arrive at `unitCostPaise` each (updates the average cost);
 * - adjust: `quantityDelta` (signed, not 0) corrects the count after a stock-take, with a reason.
 *   A delta, not a counted quantity: two concurrent corrections both apply, none silently
 *   overwrites the other, and the ledger says exactly what changed;
 * - write_off: `quantity` units are gone (damaged, expired), with a reason.
 * A movement that would take available stock (on hand − reserved) below zero is a 409 CONFLICT.
 */
export const stockMovementBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('receive'),
      quantity: quantitySchema('Quantity'),
      unitCostPaise: paiseSchema('Unit cost'),
      supplierReference: optionalText('Supplier reference', 120),
      note: optionalText('Note', STOCK_REASON_MAX),
    }),
    z.object({
      kind: z.literal('adjust'),
      quantityDelta: z
        .number({ error: 'Change must be a number' })
        .int('Change must be a whole number')
        .min(-QUANTITY_MAX, `Change must be at least -${QUANTITY_MAX.toLocaleString('en-IN')}`)
        .max(QUANTITY_MAX, `Change must be at most ${QUANTITY_MAX.toLocaleString('en-IN')}`)
        .refine((value) => value !== 0, 'Change cannot be 0'),
      reason: reasonSchema,
    }),
    z.object({
      kind: z.literal('write_off'),
      quantity: quantitySchema('Quantity'),
      reason: reasonSchema,
    }),
  ],
  { error: 'Kind must be receive, adjust or write_off' },
);
export type StockMovementBody = z.input<typeof stockMovementBodySchema>;
export type StockMovementValues = z.output<typeof stockMovementBodySchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  kind: stockMovementKindSchema,
  quantityDelta: z.number().int().describe('Change of on hand (+ in, − out)'),
  reservedDelta: z.number().int().describe('Change of reserved (0 for receive, adjust, write_off)'),
  onHandBefore: z.number().int(),
  onHandAfter: z.number().int(),
  unitCostPaise: z.number().int().nullable().describe('receive only'),
  supplierReference: z.string().nullable(),
  reason: z.string().nullable().describe('Reason (adjust, write_off) or note (receive)'),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('null: the system'),
  createdAt: isoDateTimeSchema,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** Answer of a stock movement: the product with its new stock, and the movement. */
export const stockMovementResponseSchema = z.object({
  product: productSchema,
  movement: stockMovementSchema,
  message: z.string(),
});
export type StockMovementResponse = z.infer<typeof stockMovementResponseSchema>;

/** GET /api/shop/products/:id: the product and its latest movements. */
export const productDetailsSchema = productSchema.extend({
  recentMovements: z.array(stockMovementSchema).describe('The 10 latest movements, newest first'),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
export const productDetailsResponseSchema = z.object({ product: productDetailsSchema });
export type ProductDetailsResponse = z.infer<typeof productDetailsResponseSchema>;

/** GET /api/shop/products/:id/log-history: `from`/`to` are inclusive UTC days. Newest first. */
export const logHistoryQuerySchema = z
  .object({
    from: optionalDateQuery('From'),
    to: optionalDateQuery('To'),
    kind: blankToUndefined(stockMovementKindSchema.optional()),
    ...listPaging,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type LogHistoryQuery = z.output<typeof logHistoryQuerySchema>;
export type LogHistoryQueryInput = z.input<typeof logHistoryQuerySchema>;

export const logHistoryResponseSchema = z.object({
  data: z.array(stockMovementSchema),
  pagination: paginationSchema,
});
export type LogHistoryResponse = z.infer<typeof logHistoryResponseSchema>;

// ---------------------------------------------------------------- inventory summary

export const INVENTORY_SERIES_DAYS = 90;
export const LOW_STOCK_LIST_MAX = 10;

export const inventoryTotalsSchema = z.object({
  productsTotal: z.number().int().describe('Products of any status'),
  productsActive: z.number().int(),
  lowStock: z.number().int().describe('Active products at or below their reorder level, not out'),
  outOfStock: z.number().int().describe('Active products with nothing available'),
  unitsOnHand: z.number().int(),
  stockValueAtCostPaise: z.number().int().describe('Σ on hand × average cost'),
  stockValueAtPricePaise: z.number().int().describe('Σ on hand × price (before GST)'),
  currency: shopCurrencySchema,
});
export type InventoryTotals = z.infer<typeof inventoryTotalsSchema>;

export const inventorySeriesPointSchema = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  received: z.number().int().describe('Units in: receive, return and positive adjustments'),
  issued: z.number().int().describe('Units out: ship, write-off and negative adjustments'),
});
export type InventorySeriesPoint = z.infer<typeof inventorySeriesPointSchema>;

export const lowStockProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unit: productUnitSchema,
  available: z.number().int(),
  reorderLevel: z.number().int(),
  stockState: stockStateSchema,
  imageUrl: z.string().nullable(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

/** GET /api/shop/inventory/summary */
export const inventorySummaryResponseSchema = z.object({
  totals: inventoryTotalsSchema,
  series: z
    .array(inventorySeriesPointSchema)
    .describe(`One point per day of the last ${INVENTORY_SERIES_DAYS} days (today included), oldest first`),
  lowStock: z
    .array(lowStockProductSchema)
    .describe(`Up to ${LOW_STOCK_LIST_MAX} active products low or out of stock, emptiest first`),
});
export type InventorySummaryResponse = z.infer<typeof inventorySummaryResponseSchema>;

// ---------------------------------------------------------------- import and export

export const PRODUCT_IMPORT_MAX_ROWS = 2000;
export const PRODUCT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The columns of the product import sheet (CSV or .xlsx), in order. Prices and costs in rupees
 * ("1250.50"); Category is "Parent › Child" or "Parent > Child" or a unique name; opening stock
 * is received at the unit cost.
 */
export const productImportColumns = [
  { key: 'sku', heading: 'SKU', required: true },
  { key: 'name', heading: 'Name', required: true },
  { key: 'category', heading: 'Category', required: true },
  { key: 'unit', heading: 'Unit', required: true },
  { key: 'price', heading: 'Price (₹)', required: true },
  { key: 'hsnCode', heading: 'HSN code', required: true },
  { key: 'gstRate', heading: 'GST rate (%)', required: true },
  { key: 'reorderLevel', heading: 'Reorder level', required: false },
  { key: 'description', heading: 'Description', required: false },
  { key: 'openingStock', heading: 'Opening stock', required: false },
  { key: 'unitCost', heading: 'Unit cost (₹)', required: false },
] as const;
export type ProductImportColumnKey = (typeof productImportColumns)[number]['key'];

export const productImportRowSchema = z.object({
  rowNumber: z.number().int().describe('Row number in the sheet (the heading row is 1)'),
  values: z.object({
    sku: z.string(),
    name: z.string(),
    category: z.string(),
    unit: z.string(),
    price: z.string(),
    hsnCode: z.string(),
    gstRate: z.string(),
    reorderLevel: z.string(),
    description: z.string(),
    openingStock: z.string(),
    unitCost: z.string(),
  }),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .describe('Empty when the row is valid'),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

/** POST /api/shop/products/import/preview (multipart `file`): checks, writes nothing. */
export const productImportPreviewResponseSchema = z.object({
  fileName: z.string(),
  rows: z.array(productImportRowSchema),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type ProductImportPreviewResponse = z.infer<typeof productImportPreviewResponseSchema>;

/**
 * POST /api/shop/products/import (multipart `file`, the same file): all or nothing. When any row
 * has an error nothing is imported and the answer is a 400 VALIDATION_FAILED whose `details` name
 * the rows (`field` "row 3: SKU"); run the preview to see them all.
 */
export const productImportResponseSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
});
export type ProductImportResponse = z.infer<typeof productImportResponseSchema>;

/** GET /api/shop/products/export: the list's filters (no paging or sorting) plus `format`. */
export const productExportQuerySchema = exportQuerySchema(
  productListQuerySchema.omit({ page: true, limit: true, sort: true }),
);
export type ProductExportQuery = z.output<typeof productExportQuerySchema>;

/** GET /api/shop/inventory/valuation-export: every product with stock, at cost and at price. */
export const valuationExportQuerySchema = exportQuerySchema(
  z.object({
    category_id: blankToUndefined(idSchema.optional()).describe('This category (and its subcategories)'),
    status: blankToUndefined(shopStatusSchema.optional()),
  }),
);
export type ValuationExportQuery = z.output<typeof valuationExportQuerySchema>;
