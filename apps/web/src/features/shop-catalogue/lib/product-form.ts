import {
  type GstRate,
  gstRates,
  type Product,
  type ProductCreateBody,
  type ProductUnit,
  paiseToRupees,
  productCreateBodySchema,
  rupeesToPaise,
} from '@inspecta/contract';
import { zod4Resolver } from 'mantine-form-zod-resolver';

/** The product drawer's fields as the inputs hold them: money as typed rupees, ids as select values. */
export interface ProductFormValues {
  sku: string;
  name: string;
  categoryId: string;
  unit: ProductUnit;
  /** Rupees, as typed ("1250.50"). */
  price: string;
  hsnCode: string;
  gstRate: string;
  reorderLevel: number | string;
  description: string;
  equipmentTypeIds: string[];
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  sku: '',
  name: '',
  categoryId: '',
  unit: 'piece',
  price: '',
  hsnCode: '',
  gstRate: '18',
  reorderLevel: 0,
  description: '',
  equipmentTypeIds: [],
};

export function productFormValues(product: Product): ProductFormValues {
  return {
    sku: product.sku,
    name: product.name,
    categoryId: String(product.categoryId),
    unit: product.unit,
    price: paiseToRupees(product.pricePaise),
    hsnCode: product.hsnCode,
    gstRate: String(product.gstRate),
    reorderLevel: product.reorderLevel,
    description: product.description ?? '',
    equipmentTypeIds: product.equipmentTypeIds.map(String),
  };
}

const PRICE_HINT = 'Enter the price in rupees, e.g. 1250.50';

/**
 * The body the API takes: rupees become paise here, and only here. A price that is not an amount
 * of rupees (letters, three decimals) is sent as NaN, which the schema refuses; the form says why.
 */
export function productBody(values: ProductFormValues): ProductCreateBody {
  const paise = values.price.trim() === '' ? undefined : (rupeesToPaise(values.price) ?? Number.NaN);
  const gst = Number(values.gstRate);
  return {
    sku: values.sku,
    name: values.name,
    categoryId: values.categoryId === '' ? (undefined as unknown as number) : Number(values.categoryId),
    unit: values.unit,
    pricePaise: paise as number,
    hsnCode: values.hsnCode,
    gstRate: (gstRates as readonly number[]).includes(gst) ? (gst as GstRate) : (Number.NaN as GstRate),
    reorderLevel: values.reorderLevel === '' ? 0 : Number(values.reorderLevel),
    description: values.description,
    equipmentTypeIds: values.equipmentTypeIds.map(Number),
  };
}

const validateBody = zod4Resolver(productCreateBodySchema);

/** Body field → the form field that shows its message. */
const FORM_FIELD: Record<string, keyof ProductFormValues> = {
  pricePaise: 'price',
  categoryId: 'categoryId',
  gstRate: 'gstRate',
};

/** The shared schema's messages, on the drawer's fields (money checked as typed first). */
export function validateProductForm(values: ProductFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(validateBody(productBody(values) as never))) {
    const field = FORM_FIELD[path] ?? path.split('.')[0] ?? path;
    errors[field] ??= String(message);
  }
  if (values.price.trim() === '') errors.price = 'Price is required';
  else if (rupeesToPaise(values.price) === null) errors.price = PRICE_HINT;
  if (values.categoryId === '') errors.categoryId = 'Category is required';
  return errors;
}
