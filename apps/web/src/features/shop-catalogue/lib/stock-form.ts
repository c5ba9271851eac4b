import {
  type ProductUnit,
  rupeesToPaise,
  type StockMovementBody,
  stockMovementBodySchema,
} from '@inspecta/contract';
import { zod4Resolver } from 'mantine-form-zod-resolver';

/** The three actions an administrator takes on stock (part 1). */
export type StockAction = 'receive' | 'adjust' | 'write_off';

/** What a stock dialog needs to know of the product. */
export interface StockTarget {
  id: number;
  name: string;
  sku: string;
  unit: ProductUnit;
  /** On hand and available now, for the "after" hint; unknown on the inventory's low-stock list. */
  onHand?: number;
  available: number;
}

/** The dialog's fields as the inputs hold them. */
export interface StockFormValues {
  quantity: number | string;
  /** Adjust: the signed change. */
  quantityDelta: number | string;
  /** Receive: rupees per unit, as typed. */
  unitCost: string;
  supplierReference: string;
  note: string;
  reason: string;
}

export const EMPTY_STOCK_FORM: StockFormValues = {
  quantity: '',
  quantityDelta: '',
  unitCost: '',
  supplierReference: '',
  note: '',
  reason: '',
};

const asNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The movement the API takes: the unit cost becomes paise here. */
export function stockBody(action: StockAction, values: StockFormValues): StockMovementBody {
  switch (action) {
    case 'receive':
      return {
        kind: 'receive',
        quantity: asNumber(values.quantity),
        unitCostPaise: rupeesToPaise(values.unitCost) ?? Number.NaN,
        supplierReference: values.supplierReference,
        note: values.note,
      };
    case 'adjust':
      return { kind: 'adjust', quantityDelta: asNumber(values.quantityDelta), reason: values.reason };
    case 'write_off':
      return { kind: 'write_off', quantity: asNumber(values.quantity), reason: values.reason };
  }
}

const validateBody = zod4Resolver(stockMovementBodySchema);

/** The shared schema's messages on the dialog's fields; blank numbers say "required" rather than "NaN". */
export function validateStockForm(action: StockAction, values: StockFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(validateBody(stockBody(action, values) as never))) {
    const field = path === 'unitCostPaise' ? 'unitCost' : path;
    errors[field] ??= String(message);
  }
  if (action === 'adjust' && values.quantityDelta === '') errors.quantityDelta = 'Change is required';
  if (action !== 'adjust' && values.quantity === '') errors.quantity = 'Quantity is required';
  if (action === 'receive') {
    if (values.unitCost.trim() === '') errors.unitCost = 'Unit cost is required';
    else if (rupeesToPaise(values.unitCost) === null)
      errors.unitCost = 'Enter the cost in rupees, e.g. 640.00';
  }
  return errors;
}
