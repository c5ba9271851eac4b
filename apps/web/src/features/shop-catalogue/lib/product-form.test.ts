import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, type ProductFormValues, productBody, validateProductForm } from './product-form';

const valid: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  sku: 'FE-RF-6KG',
  name: 'ABC powder refill, 6 kg',
  categoryId: '3',
  price: '1,250.50',
  hsnCode: '8424',
  gstRate: '18',
  reorderLevel: 5,
};

describe('product form', () => {
  it('sends the price typed in rupees as whole paise', () => {
    expect(productBody(valid)).toMatchObject({
      sku: 'FE-RF-6KG',
      categoryId: 3,
      pricePaise: 125050,
      gstRate: 18,
      reorderLevel: 5,
      equipmentTypeIds: [],
    });
    expect(productBody({ ...valid, price: '0.1' }).pricePaise).toBe(10);
    expect(productBody({ ...valid, price: '₹ 99' }).pricePaise).toBe(9900);
    expect(validateProductForm(valid)).toEqual({});
  });

  it('refuses a price that is not rupees and paise', () => {
    expect(validateProductForm({ ...valid, price: '' }).price).toBe('Price is required');
    expect(validateProductForm({ ...valid, price: '12.345' }).price).toBe(
      'Enter the price in rupees, e.g. 1250.50',
    );
    expect(validateProductForm({ ...valid, price: '-5' }).price).toBe(
      'Enter the price in rupees, e.g. 1250.50',
    );
    expect(validateProductForm({ ...valid, price: 'ten' }).price).toBe(
      'Enter the price in rupees, e.g. 1250.50',
    );
    // Above one crore: the shared schema's limit, on the price field.
    expect(validateProductForm({ ...valid, price: '10000000.01' }).price).toBe(
      'Price must be at most ₹1,00,00,000',
    );
  });

  it("shows the shared schema's messages on the other fields", () => {
    const errors = validateProductForm({
      ...valid,
      sku: 'has space',
      name: ' ',
      categoryId: '',
      hsnCode: '12',
      gstRate: '7',
    });
    expect(errors.sku).toBe('SKU may hold letters, digits and - _ . / only (no spaces)');
    expect(errors.name).toBe('Name is required');
    expect(errors.categoryId).toBe('Category is required');
    expect(errors.hsnCode).toBe('HSN code must be 4, 6 or 8 digits');
    expect(errors.gstRate).toBe('GST rate must be 0, 5, 12, 18 or 28 %');
  });
});
