import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { useCart } from '../api/get-cart';
import { SplitStep } from './split-step';

/** The step as the wizard shows it: the cart from the server's cache, replaced by each change's answer. */
function Harness() {
  const cart = useCart(7).data?.cart;
  return cart ? <SplitStep cart={cart} /> : null;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const at = '2026-06-01T10:00:00.000Z';
const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 };

function address(id: number, label: string, state: string) {
  return {
    id,
    clientId: 7,
    kind: 'shipping',
    label,
    contactName: null,
    phone: null,
    addressLine1: `${id} Main Road`,
    addressLine2: null,
    city: 'Pune',
    district: null,
    state,
    stateCode: '27',
    pincode: '411001',
    country: 'India',
    gstin: null,
    siteId: null,
    siteCode: null,
    isDefault: id === 1,
    status: 'active',
    createdAt: at,
    updatedAt: at,
  };
}

function line(
  id: number,
  name: string,
  quantity: number,
  allocations: Array<{ addressId: number; quantity: number }>,
) {
  const allocated = allocations.reduce((sum, a) => sum + a.quantity, 0);
  return {
    id,
    productId: id * 10,
    sku: `SKU-${id}`,
    name,
    unit: 'piece',
    imageUrl: null,
    hsnCode: '8424',
    gstRate: 18,
    unitPricePaise: 10000,
    quantity,
    available: 50,
    productStatus: 'active',
    taxablePaise: 10000 * quantity,
    allocations,
    unallocated: quantity - allocated,
    problems:
      quantity > allocated
        ? [{ code: 'unallocated', message: `${quantity - allocated} units have no address` }]
        : [],
  };
}

function cartWith(lines: ReturnType<typeof line>[]) {
  return {
    id: 3,
    clientId: 7,
    client: { id: 7, name: 'Asha Rao', company: 'Rao Foods', email: 'asha@example.com', phone: null },
    billingAddressId: null,
    billingMode: 'per_shipment',
    notes: null,
    currency: 'INR',
    lines,
    shipments: [],
    totals,
    problems: [],
    readyToPlace: false,
    updatedAt: at,
  } as never;
}

function serve(cart: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/shop/clients/7/cart')) return json(200, { cart });
    if (url.includes('/shop/clients/7/addresses'))
      return json(200, {
        addresses: [address(1, 'Site A', 'Maharashtra'), address(2, 'Site B', 'Maharashtra')],
        sites: [],
      });
    if (url.includes('/allocations') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as {
        allocations: Array<{ addressId: number; quantity: number }>;
      };
      return json(200, {
        cart: cartWith([line(11, 'ABC refill 6 kg', 10, body.allocations)]),
        message: 'Saved',
      });
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SplitStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows how many units of each line still need an address, and warns before the order can be placed', async () => {
    storage.setToken('t');
    serve(
      cartWith([
        line(11, 'ABC refill 6 kg', 10, [{ addressId: 1, quantity: 6 }]),
        line(12, 'Hose 15 m', 2, [{ addressId: 2, quantity: 2 }]),
      ]),
    );
    renderWithProviders(<Harness />);
    const rows = await screen.findAllByTestId('split-line');
    expect(within(rows[0]!).getByTestId('split-status').textContent).toBe(
      '4 of 10 units have no address yet',
    );
    expect(within(rows[0]!).getByTestId('split-status').getAttribute('data-state')).toBe('unallocated');
    expect(within(rows[1]!).getByTestId('split-status').textContent).toBe('All 2 units have an address');
    expect(screen.getByTestId('unallocated-warning').textContent).toContain(
      '4 units have no shipping address yet',
    );
    // Every shipping address is a column of each line, with what the server holds.
    expect(
      (
        within(rows[0]!).getByRole('textbox', {
          name: 'Units of ABC refill 6 kg to Site A',
        }) as HTMLInputElement
      ).value,
    ).toBe('6');
  });

  it('sends the split when the units add up, and refuses one that gives more than the line holds', async () => {
    storage.setToken('t');
    const fetchMock = serve(cartWith([line(11, 'ABC refill 6 kg', 10, [{ addressId: 1, quantity: 6 }])]));
    renderWithProviders(<Harness />);
    await screen.findByTestId('unallocated-warning');
    const row = await screen.findByTestId('split-line');
    const toB = within(row).getByRole('textbox', { name: 'Units of ABC refill 6 kg to Site B' });

    // 6 + 7 = 13 > 10: said at once, nothing sent.
    fireEvent.change(toB, { target: { value: '7' } });
    fireEvent.blur(toB);
    expect(within(row).getByTestId('split-status').textContent).toBe(
      "3 units more than the line's 10: lower a quantity",
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(toB, { target: { value: '4' } });
    fireEvent.blur(toB);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('/shop/clients/7/cart/lines/11/allocations');
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      allocations: [
        { addressId: 1, quantity: 6 },
        { addressId: 2, quantity: 4 },
      ],
    });
    await waitFor(() =>
      expect(within(row).getByTestId('split-status').textContent).toBe('All 10 units have an address'),
    );
    expect(screen.queryByTestId('unallocated-warning')).toBeNull();
  });
});
