import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { CartProblems, CartStep } from './cart-step';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const at = '2026-06-01T10:00:00.000Z';

function line(id: number, name: string, extra: Record<string, unknown>) {
  return {
    id,
    productId: id * 10,
    sku: `SKU-${id}`,
    name,
    unit: 'piece',
    imageUrl: null,
    hsnCode: '8424',
    gstRate: 18,
    unitPricePaise: 125050,
    quantity: 4,
    available: 20,
    productStatus: 'active',
    taxablePaise: 500200,
    allocations: [{ addressId: 1, quantity: 4 }],
    unallocated: 0,
    problems: [],
    ...extra,
  };
}

const cart = {
  id: 3,
  clientId: 7,
  client: { id: 7, name: 'Asha Rao', company: 'Rao Foods', email: 'asha@example.com', phone: null },
  billingAddressId: 5,
  billingMode: 'per_shipment',
  notes: null,
  currency: 'INR',
  lines: [
    line(1, 'ABC refill 6 kg', {}),
    line(2, 'Old hose reel', {
      productStatus: 'archived',
      problems: [{ code: 'archived', message: 'Old hose reel is archived: remove it from the cart' }],
    }),
    line(3, 'CO2 refill 4.5 kg', {
      quantity: 9,
      available: 3,
      problems: [{ code: 'short', message: 'Only 3 of 9 available' }],
    }),
  ],
  shipments: [],
  totals: {
    taxablePaise: 1500600,
    cgstPaise: 135054,
    sgstPaise: 135054,
    igstPaise: 0,
    taxPaise: 270108,
    totalPaise: 1770708,
  },
  problems: [
    { field: 'lines.20', message: 'Old hose reel is archived: remove it from the cart' },
    { field: 'lines.30', message: 'CO2 refill 4.5 kg: only 3 of 9 available' },
  ],
  readyToPlace: false,
  updatedAt: at,
} as never;

describe('the cart step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('flags archived and short lines, with the price and tax from the cart', async () => {
    storage.setToken('t');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input).includes('/shop/products')
          ? json(200, { products: [], pagination: { page: 1, limit: 15, total: 0 } })
          : json(404, {}),
      ),
    );
    renderWithProviders(<CartStep cart={cart} />);
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).queryByTestId('line-problems')).toBeNull();
    expect(within(lines[0]!).getByTestId('line-taxable').textContent).toBe('₹5,002.00');

    const archived = within(lines[1]!).getByTestId('line-problem');
    expect(archived.textContent).toBe('Archived');
    expect(within(lines[1]!).getByText('Old hose reel is archived: remove it from the cart')).toBeTruthy();

    const short = within(lines[2]!).getByTestId('line-problem');
    expect(short.textContent).toBe('Short of stock');
    expect(within(lines[2]!).getByText('Only 3 of 9 available')).toBeTruthy();
    expect(within(lines[2]!).getByTestId('line-available').textContent).toBe('3 available');

    expect(screen.getByTestId('cart-total').textContent).toBe('₹17,707.08');
  });

  it("offers a corrective action's suggested parts, each added with one click, one already in the cart marked", async () => {
    storage.setToken('t');
    const product = (id: number, name: string) => ({
      product: {
        id,
        sku: `P-${id}`,
        name,
        pricePaise: 45000,
        currency: 'INR',
        status: 'active',
        stock: { onHand: 12, reserved: 0, available: 12 },
      },
    });
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.includes('/shop/products/10')) return json(200, product(10, 'ABC refill 6 kg'));
      if (url.includes('/shop/products/77')) return json(200, product(77, 'Valve seal kit'));
      if (url.includes('/cart/lines') && init?.method === 'POST')
        return json(200, { cart, message: 'Valve seal kit added to the cart' });
      if (url.includes('/shop/products'))
        return json(200, { products: [], pagination: { page: 1, limit: 15, total: 0 } });
      return json(404, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CartStep cart={cart} suggestedProductIds={[10, 77]} />);
    const panel = await screen.findByTestId('suggested-products');
    await waitFor(() => expect(within(panel).getAllByTestId('suggested-product')).toHaveLength(2));
    // Product 10 is line 1 of the cart already.
    expect(within(panel).getByText('In the cart')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add Valve seal kit' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/shop/clients/7/cart/lines') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: 77, quantity: 1 });
  });

  it('lists what stops the order from being placed, and nothing when the cart is ready', () => {
    const { unmount } = renderWithProviders(<CartProblems cart={cart} />);
    const alert = screen.getByTestId('cart-problems');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Old hose reel is archived: remove it from the cart',
      'CO2 refill 4.5 kg: only 3 of 9 available',
    ]);
    unmount();
    renderWithProviders(
      <CartProblems cart={{ ...(cart as object), problems: [], readyToPlace: true } as never} />,
    );
    expect(screen.queryByTestId('cart-problems')).toBeNull();
  });
});
