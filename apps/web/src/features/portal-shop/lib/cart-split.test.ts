import { cartAllocationsBodySchema } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import { allocationsBody, sameSplit, splitOf, splitTotal } from './cart-split';

describe("a cart line's split over shipping addresses", () => {
  it("starts from the server's allocations", () => {
    expect(
      splitOf({
        allocations: [
          { addressId: 4, quantity: 2 },
          { addressId: 9, quantity: 1 },
        ],
      }),
    ).toEqual({ 4: 2, 9: 1 });
  });

  it('counts the typed units, a blank field as none', () => {
    expect(splitTotal({ 4: 2, 9: '1', 11: '' })).toBe(3);
  });

  it('sends each address with units once, and the body passes the contract', () => {
    const body = allocationsBody({ 4: 2, 9: 0, 11: '', 12: '3' });
    expect(body).toEqual({
      allocations: [
        { addressId: 4, quantity: 2 },
        { addressId: 12, quantity: 3 },
      ],
    });
    expect(cartAllocationsBodySchema.safeParse(body).success).toBe(true);
  });

  it('sees no change when only zeros or blanks differ', () => {
    expect(sameSplit({ 4: 2, 9: 0 }, { 4: 2 })).toBe(true);
    expect(sameSplit({ 4: 2, 9: '' }, { 4: 2 })).toBe(true);
    expect(sameSplit({ 4: 1, 9: 1 }, { 4: 2 })).toBe(false);
  });
});
