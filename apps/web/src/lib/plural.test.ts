import { describe, expect, it } from 'vitest';
import { plural, pluralNoun } from './plural';

describe('plural', () => {
  it('says "1 item" and "0 items", "2 items"', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(0, 'item')).toBe('0 items');
    expect(plural(2, 'item')).toBe('2 items');
  });

  it('takes an irregular plural and groups large counts the Indian way, as the lists do', () => {
    expect(plural(1, 'inspection is', 'inspections are')).toBe('1 inspection is');
    expect(plural(3, 'inspection is', 'inspections are')).toBe('3 inspections are');
    expect(plural(120000, 'unit')).toBe('1,20,000 units');
  });

  it('gives the noun alone for sentences that place the count themselves', () => {
    expect(pluralNoun(1, 'unit')).toBe('unit');
    expect(pluralNoun(5, 'unit')).toBe('units');
  });
});
