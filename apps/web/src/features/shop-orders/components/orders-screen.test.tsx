import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { OrdersScreen } from './orders-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const order = {
  id: 42,
  orderNumber: 'SO-000042',
  client: { id: 5, name: 'Asha Rao', company: 'Rao Foods' },
  status: 'placed',
  placedAt: '2026-06-03T09:30:00.000Z',
  lineCount: 2,
  unitCount: 12,
  shipmentCount: 2,
  shippedCount: 0,
  totalPaise: 1770708,
  currency: 'INR',
};

const summedTotals = {
  count: 10_000,
  countIsCapped: true,
  totalPaise: 1770708,
  taxPaise: 270108,
  byStatus: { placed: 3, confirmed: 2, partially_shipped: 0, shipped: 1, delivered: 4, cancelled: 1 },
  byStatusCapped: [],
};

function serve(totals: object = summedTotals) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/shop/orders?'))
      return json(200, {
        response: [order],
        pagination: { page: 1, limit: 20, total: 1 },
        totals,
      });
    if (url.includes('/auth/get/client/list'))
      return json(200, { clients: [], pagination: { page: 1, limit: 100, total: 0 } });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const orderCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname.endsWith('/shop/orders'))
    .map((u) => Object.fromEntries(u.searchParams));

describe('OrdersScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads its filters from the address, so a link opens a filtered list', async () => {
    storage.setToken('t');
    const fetchMock = serve();
    renderWithProviders(<OrdersScreen />, {
      url: '/dashboard/shop/orders?status=placed&search=AWB123&client=5&from=2026-06-01&to=2026-06-30&page=2',
    });
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByRole('link', { name: 'SO-000042' }).getAttribute('href')).toBe(
      '/dashboard/shop/orders/42',
    );
    expect(orderCalls(fetchMock)[0]).toEqual({
      page: '2',
      limit: '20',
      search: 'AWB123',
      client_id: '5',
      from: '2026-06-01',
      to: '2026-06-30',
      status: 'placed',
    });
    // The tab of the status filter is pressed; each tab counts its orders, All counts them all.
    const tabs = screen.getByTestId('order-status-tabs');
    expect(
      within(tabs)
        .getByRole('button', { name: /Placed/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByTestId('status-count-placed').textContent).toBe('3');
    expect(screen.getByTestId('status-count-all').textContent).toBe('11');
    // Totals of the filtered set; a capped count says so.
    expect(screen.getByTestId('orders-count').textContent).toBe('10,000+');
    expect(screen.getByTestId('orders-amount').textContent).toBe('₹17,707.08');
    expect(screen.getByTestId('orders-tax').textContent).toBe('₹2,701.08');
  });

  it('writes a new filter into the address and goes back to page 1; a reversed range is not sent', async () => {
    storage.setToken('t');
    const fetchMock = serve();
    renderWithProviders(<OrdersScreen />, {
      url: '/dashboard/shop/orders?page=3&from=2026-06-30&to=2026-06-01',
    });
    await screen.findByTestId('order-row');
    expect(orderCalls(fetchMock)[0]).toEqual({ page: '3', limit: '20' });

    fireEvent.click(
      within(screen.getByTestId('order-status-tabs')).getByRole('button', { name: /Delivered/ }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/dashboard/shop/orders?from=2026-06-30&to=2026-06-01&status=delivered',
      ),
    );
    await waitFor(() =>
      expect(orderCalls(fetchMock).at(-1)).toEqual({ page: '1', limit: '20', status: 'delivered' }),
    );
  });

  it('past 10,000 matches shows no amount but says why, and the tabs as lower bounds', async () => {
    storage.setToken('t');
    serve({
      count: 10_000,
      countIsCapped: true,
      totalPaise: null,
      taxPaise: null,
      byStatus: {
        placed: 8000,
        confirmed: 0,
        partially_shipped: 0,
        shipped: 0,
        delivered: 0,
        cancelled: 2001,
      },
      byStatusCapped: ['placed', 'confirmed', 'partially_shipped', 'shipped', 'delivered', 'cancelled'],
    });
    renderWithProviders(<OrdersScreen />, { url: '/dashboard/shop/orders?search=hospitals' });
    await screen.findByTestId('order-row');
    expect(screen.getByTestId('orders-count').textContent).toBe('10,000+');
    expect(screen.getByTestId('orders-unsummed').textContent).toBe(
      'Totals shown for up to 10,000 orders: narrow the search or pick a status to see the amount.',
    );
    expect(screen.queryByTestId('orders-amount')).toBeNull();
    expect(screen.queryByTestId('orders-tax')).toBeNull();
    expect(screen.getByTestId('status-count-placed').textContent).toBe('8,000+');
    expect(screen.getByTestId('status-count-all').textContent).toBe('10,000+');
  });
});
