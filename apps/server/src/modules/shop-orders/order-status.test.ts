import { describe, expect, it } from 'vitest';
import { deriveOrderStatus } from './order-status.js';

describe('deriveOrderStatus', () => {
  const confirmed = { confirmed: true, cancelled: false };

  it('is placed until confirmed, whatever the shipments', () => {
    expect(deriveOrderStatus({ confirmed: false, cancelled: false, shipments: ['pending', 'pending'] })).toBe(
      'placed',
    );
    expect(
      deriveOrderStatus({ confirmed: false, cancelled: false, shipments: ['cancelled', 'pending'] }),
    ).toBe('placed');
  });

  it('is confirmed while nothing has left', () => {
    expect(deriveOrderStatus({ ...confirmed, shipments: ['pending', 'packed'] })).toBe('confirmed');
    expect(deriveOrderStatus({ ...confirmed, shipments: ['packed', 'cancelled'] })).toBe('confirmed');
  });

  it('follows the shipments that are not cancelled', () => {
    expect(deriveOrderStatus({ ...confirmed, shipments: ['shipped', 'pending'] })).toBe('partially_shipped');
    expect(deriveOrderStatus({ ...confirmed, shipments: ['delivered', 'packed'] })).toBe('partially_shipped');
    expect(deriveOrderStatus({ ...confirmed, shipments: ['shipped', 'delivered'] })).toBe('shipped');
    expect(deriveOrderStatus({ ...confirmed, shipments: ['shipped', 'cancelled'] })).toBe('shipped');
    expect(deriveOrderStatus({ ...confirmed, shipments: ['delivered', 'delivered'] })).toBe('delivered');
    expect(deriveOrderStatus({ ...confirmed, shipments: ['delivered', 'cancelled'] })).toBe('delivered');
  });

  it('is cancelled when the order or every shipment is', () => {
    expect(deriveOrderStatus({ confirmed: true, cancelled: true, shipments: ['cancelled'] })).toBe(
      'cancelled',
    );
    expect(deriveOrderStatus({ confirmed: false, cancelled: true, shipments: ['pending'] })).toBe(
      'cancelled',
    );
    expect(deriveOrderStatus({ ...confirmed, shipments: ['cancelled', 'cancelled'] })).toBe('cancelled');
    expect(deriveOrderStatus({ ...confirmed, shipments: [] })).toBe('cancelled');
  });
});
