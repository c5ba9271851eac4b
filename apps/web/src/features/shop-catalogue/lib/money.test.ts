import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, formatRupees } from './money';

describe('shop money and quantities', () => {
  it('shows paise as rupees with Indian grouping', () => {
    expect(formatMoney(123450)).toBe('₹1,234.50');
    expect(formatMoney(1234567890)).toBe('₹1,23,45,678.90');
    expect(formatMoney(5)).toBe('₹0.05');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatRupees(1234567890)).toBe('₹1,23,45,679');
  });

  it('names the unit of a quantity', () => {
    expect(formatQuantity(1, 'piece')).toBe('1 piece');
    expect(formatQuantity(1200, 'piece')).toBe('1,200 pieces');
    expect(formatQuantity(3, 'kg')).toBe('3 kg');
    expect(formatQuantity(-2, 'litre')).toBe('-2 litres');
  });
});
