import {
  type FieldError,
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductCreateValues,
  type ProductImportColumnKey,
  type ProductImportRow,
  productCreateBodySchema,
  productImportColumns,
  rupeesToPaise,
} from '@inspecta/contract';
import { AppError } from '../../core/errors.js';
import type { ParsedSheet } from '../../core/spreadsheet.js';
import { withFields } from '../../core/with-fields.js';

type ImportValues = ProductImportRow['values'];

export interface RawProductRow {
  rowNumber: number;
  values: ImportValues;
}

export interface ImportCategoryRef {
  id: number;
  name: string;
  parentName: string | null;
  status: 'active' | 'archived';
}

export interface ProductImportLookups {
  categories: ImportCategoryRef[];
  /** Lower-cased SKUs already in the catalogue. */
  takenSkus: Set<string>;
}

export interface CheckedProductRow extends ProductImportRow {
  /** The product to create and its opening stock, when the row has no errors. */
  product: (ProductCreateValues & { openingStock: number; unitCostPaise: number }) | null;
}

const fileError = (message: string) => AppError.validation([{ field: 'file', message }], message);

const normaliseHeading = (text: string) =>
  text
    .toLowerCase()
    .replace(/[*:]/g, '')
    .replace(/\((\u20B9|rs\.?|inr|%)\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const HEADING_ALIASES: Record<string, ProductImportColumnKey> = {
  sku: 'sku',
  'item code': 'sku',
  'product code': 'sku',
  name: 'name',
  'product name': 'name',
  category: 'category',
  unit: 'unit',
  uom: 'unit',
  price: 'price',
  'unit price': 'price',
  mrp: 'price',
  'hsn code': 'hsnCode',
  hsn: 'hsnCode',
  'gst rate': 'gstRate',
  gst: 'gstRate',
  'reorder level': 'reorderLevel',
  description: 'description',
  'opening stock': 'openingStock',
  stock: 'openingStock',
  'unit cost': 'unitCost',
  cost: 'unitCost',
};

const emptyValues = (): ImportValues => ({
  sku: '',
  name: '',
  category: '',
  unit: '',
  price: '',
  hsnCode: '',
  gstRate: '',
  reorderLevel: '',
  description: '',
  openingStock: '',
  unitCost: '',
});

/**
 * Finds the heading row (the first non-blank row), maps its columns by name (any order and case,
 * "(₹)", "(%)" and a trailing * ignored) and answers the data rows. Sheet-level problems refuse
 * the whole file, naming the `file` field.
 */
export function mapProductSheet(sheet: ParsedSheet): RawProductRow[] {
  const headingIndex = sheet.rows.findIndex((row) => row.some((cell) => cell !== ''));
  if (headingIndex < 0)
    throw fileError('The sheet is empty: it needs a heading row and at least one product');
  const heading = sheet.rows[headingIndex]!;
  const columns = new Map<ProductImportColumnKey, number>();
  heading.forEach((cell, index) => {
    const key = HEADING_ALIASES[normaliseHeading(cell)];
    if (key && !columns.has(key)) columns.set(key, index);
  });
  const missing = productImportColumns
    .filter((c) => c.required && !columns.has(c.key))
    .map((c) => `"${c.heading}"`);
  if (missing.length) {
    throw fileError(`The sheet has no ${missing.join(', ')} column. Its first row must name the columns.`);
  }
  const rows: RawProductRow[] = [];
  for (let index = headingIndex + 1; index < sheet.rows.length; index++) {
    const cells = sheet.rows[index]!;
    if (cells.every((cell) => cell === '')) continue;
    const values = emptyValues();
    for (const [key, column] of columns) values[key] = cells[column] ?? '';
    rows.push({ rowNumber: index + 1, values });
  }
  if (!rows.length) throw fileError('The sheet has a heading row but no products below it');
  if (rows.length > PRODUCT_IMPORT_MAX_ROWS) {
    throw fileError(
      `The sheet has ${rows.length} products; import at most ${PRODUCT_IMPORT_MAX_ROWS} at a time`,
    );
  }
  return rows;
}

const splitPath = (text: string) =>
  text
    .split(/\s*(?:\u203A|>|\/)\s*/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

/** "Parent › Child", "Parent > Child", "Parent / Child", or a name that only one category has. */
export function findCategory(
  text: string,
  categories: ImportCategoryRef[],
): ImportCategoryRef | 'ambiguous' | null {
  const parts = splitPath(text);
  if (parts.length === 2) {
    return (
      categories.find((c) => c.parentName?.toLowerCase() === parts[0] && c.name.toLowerCase() === parts[1]) ??
      null
    );
  }
  if (parts.length !== 1) return null;
  const matches = categories.filter((c) => c.name.toLowerCase() === parts[0]);
  if (matches.length > 1) {
    return matches.find((c) => c.parentName === null) ?? 'ambiguous';
  }
  return matches[0] ?? null;
}

const HEADING_OF = new Map<string, string>(productImportColumns.map((c) => [c.key, c.heading]));

/** A whole number as a sheet holds it ("12", "12.0", "1,200"); null when it is not one. */
function wholeNumber(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^-?\d+(\.0+)?$/.test(cleaned)) return null;
  return Number.parseInt(cleaned, 10);
}

/**
 * Checks every row with the create schema (the same rules as the API) and against the catalogue:
 * the category must exist and be active, the SKU must be new (in any letter case) and appear once
 * in the file. Pure: the lookups are read by the caller.
 */
export function checkProductRows(rows: RawProductRow[], lookups: ProductImportLookups): CheckedProductRow[] {
  const skuCount = new Map<string, number>();
  for (const row of rows) {
    const key = row.values.sku.trim().toLowerCase();
    if (key) skuCount.set(key, (skuCount.get(key) ?? 0) + 1);
  }
  return rows.map(({ rowNumber, values }) => {
    const errors: FieldError[] = [];
    const add = (field: string, message: string) => errors.push({ field, message });

    let categoryId: number | undefined;
    if (!values.category.trim()) add('category', 'Category is required');
    else {
      const category = findCategory(values.category, lookups.categories);
      if (category === 'ambiguous')
        add('category', `More than one category is called "${values.category}": write "Parent › Child"`);
      else if (!category) add('category', `There is no category "${values.category}"`);
      else if (category.status === 'archived')
        add('category', `The category "${values.category}" is archived`);
      else categoryId = category.id;
    }

    const price = values.price.trim() === '' ? null : rupeesToPaise(values.price);
    if (values.price.trim() === '') add('price', 'Price is required');
    else if (price === null) add('price', 'Price must be an amount in rupees, e.g. 1250.50 (not negative)');

    const gst = Number(values.gstRate.replace('%', '').trim());
    const reorder = values.reorderLevel.trim() === '' ? 0 : wholeNumber(values.reorderLevel);
    if (reorder === null) add('reorderLevel', 'Reorder level must be a whole number');

    const openingStock = values.openingStock.trim() === '' ? 0 : wholeNumber(values.openingStock);
    if (openingStock === null || openingStock < 0)
      add('openingStock', 'Opening stock must be a whole number, 0 or more');
    const unitCost = values.unitCost.trim() === '' ? 0 : rupeesToPaise(values.unitCost);
    if (unitCost === null) add('unitCost', 'Unit cost must be an amount in rupees, e.g. 800 (not negative)');

    const parsed = productCreateBodySchema.safeParse({
      sku: values.sku,
      name: values.name,
      categoryId: categoryId ?? 1,
      description: values.description,
      unit: values.unit
        .trim()
        .toLowerCase()
        .replace(/^(pc|pcs|nos|no)$/, 'piece')
        .replace(/^(l|ltr|liter)$/, 'litre'),
      pricePaise: price ?? 0,
      hsnCode: values.hsnCode.replace(/\s/g, ''),
      gstRate: values.gstRate.trim() === '' ? undefined : gst,
      reorderLevel: reorder ?? 0,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        const key = field === 'pricePaise' ? 'price' : field;
        if (!errors.some((e) => e.field === key)) add(key, issue.message);
      }
    }
    const skuKey = values.sku.trim().toLowerCase();
    if (skuKey && lookups.takenSkus.has(skuKey))
      add('sku', `A product with SKU "${values.sku.trim()}" already exists`);
    else if (skuKey && (skuCount.get(skuKey) ?? 0) > 1)
      add('sku', `SKU "${values.sku.trim()}" appears more than once in the file`);

    const ok = errors.length === 0 && parsed.success && categoryId !== undefined;
    return {
      rowNumber,
      values,
      errors,
      product: ok
        ? withFields(parsed.data, {
            categoryId: categoryId!,
            openingStock: openingStock ?? 0,
            unitCostPaise: unitCost ?? 0,
          })
        : null,
    };
  });
}

/** "row 3: SKU: A product with SKU … already exists" details for the all-or-nothing refusal. */
export function rowErrorDetails(rows: CheckedProductRow[]): FieldError[] {
  return rows.flatMap((row) =>
    row.errors.map((e) => ({
      field: `row ${row.rowNumber}: ${HEADING_OF.get(e.field) ?? e.field}`,
      message: e.message,
    })),
  );
}
