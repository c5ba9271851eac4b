import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { ProductsScreen } from './products-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const product = {
  id: 9,
  sku: 'FE-RF-6',
  name: 'ABC powder refill, 6 kg',
  categoryId: 4,
  categoryName: 'Fire extinguishers › Refills',
  description: null,
  unit: 'piece',
  pricePaise: 125050,
  currency: 'INR',
  hsnCode: '8424',
  gstRate: 18,
  reorderLevel: 5,
  averageCostPaise: 64000,
  images: [],
  status: 'active',
  equipmentTypeIds: [],
  equipmentTypeNames: [],
  stock: { onHand: 4, reserved: 1, available: 3 },
  stockState: 'low',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serve(products: unknown[]) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/shop/products?') || url.endsWith('/shop/products'))
      return json(200, { products, pagination: { page: 1, limit: 20, total: products.length } });
    if (url.includes('/shop/categories/tree')) return json(200, { categories: [] });
    if (url.includes('/options')) return json(200, { equipmentTypes: [] });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ProductsScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists products with the price in rupees, GST and a low-stock badge, filtered from the address', async () => {
    storage.setToken('t');
    const fetchMock = serve([product]);
    renderWithProviders(<ProductsScreen />, {
      url: '/dashboard/shop/products?search=refill&stock=low&category=4&sort=-pricePaise',
    });
    const row = await screen.findByTestId('product-row');
    expect(within(row).getByRole('link', { name: 'ABC powder refill, 6 kg' }).getAttribute('href')).toBe(
      '/dashboard/shop/products/9',
    );
    expect(within(row).getByTestId('product-price').textContent).toBe('₹1,250.50');
    expect(within(row).getByText('18 %')).toBeTruthy();
    expect(within(row).getByTestId('product-available').textContent).toBe('3');
    expect(within(row).getByTestId('stock-badge').textContent).toBe('Low');
    expect(screen.getByTestId('list-range').textContent).toBe('Showing 1–1 of 1 product');

    const list = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .find((u) => u.pathname.endsWith('/shop/products'));
    expect(Object.fromEntries(list!.searchParams)).toMatchObject({
      search: 'refill',
      stock: 'low',
      category_id: '4',
      sort: '-pricePaise',
      page: '1',
    });
  });

  it('says when no product matches the filters', async () => {
    storage.setToken('t');
    serve([]);
    renderWithProviders(<ProductsScreen />, { url: '/dashboard/shop/products?stock=out' });
    await waitFor(() =>
      expect(screen.getByTestId('products-empty').textContent).toContain('No products match these filters.'),
    );
  });
});
