import { describe, expect, it } from 'vitest';
import {
  hsnCodeSchema,
  paiseToRupees,
  productCreateBodySchema,
  rupeesToPaise,
  stockMovementBodySchema,
  stockStateOf,
} from './shop-catalogue.js';

describe('money in paise', () => {
  it('reads rupees as typed, exactly (no floating point)', () => {
    expect(rupeesToPaise('1250.5')).toBe(125_050);
    expect(rupeesToPaise('₹ 1,250.05')).toBe(125_005);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise('19.99')).toBe(1_999);
    expect(rupeesToPaise('Rs. 99')).toBe(9_900);
    for (const bad of ['', '-5', '1.234', 'abc', '1e3', '12.3.4']) expect(rupeesToPaise(bad)).toBeNull();
  });

  it('writes paise as rupees with two decimals', () => {
    expect(paiseToRupees(125_050)).toBe('1250.50');
    expect(paiseToRupees(5)).toBe('0.05');
    expect(paiseToRupees(-250)).toBe('-2.50');
  });
});

describe('stock state', () => {
  it('is out at nothing available, low at or below the reorder level, else ok', () => {
    expect(stockStateOf(0, 5)).toBe('out');
    expect(stockStateOf(-1, 0)).toBe('out');
    expect(stockStateOf(5, 5)).toBe('low');
    expect(stockStateOf(1, 5)).toBe('low');
    expect(stockStateOf(6, 5)).toBe('ok');
    expect(stockStateOf(1, 0)).toBe('ok');
  });
});

describe('product and movement schemas', () => {
  it('takes 4, 6 or 8 digit HSN codes only', () => {
    for (const ok of ['8424', '842410', '84241000']) expect(hsnCodeSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['842', '84241', '8424100', '842410000', '84 24'])
      expect(hsnCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('takes only the GST slabs', () => {
    const base = { sku: 'A-1', name: 'A', categoryId: 1, unit: 'piece', pricePaise: 1, hsnCode: '8424' };
    for (const gstRate of [0, 5, 12, 18, 28])
      expect(productCreateBodySchema.safeParse({ ...base, gstRate }).success).toBe(true);
    for (const gstRate of [3, 7, 18.5, '18'])
      expect(productCreateBodySchema.safeParse({ ...base, gstRate }).success).toBe(false);
  });

  it('discriminates movements on kind and refuses the kinds orders will use', () => {
    expect(
      stockMovementBodySchema.safeParse({ kind: 'receive', quantity: 2, unitCostPaise: 0 }).success,
    ).toBe(true);
    expect(
      stockMovementBodySchema.safeParse({ kind: 'adjust', quantityDelta: -3, reason: 'count' }).success,
    ).toBe(true);
    expect(stockMovementBodySchema.safeParse({ kind: 'ship', quantity: 1 }).success).toBe(false);
    expect(stockMovementBodySchema.safeParse({ kind: 'write_off', quantity: -1, reason: 'x' }).success).toBe(
      false,
    );
  });
});
