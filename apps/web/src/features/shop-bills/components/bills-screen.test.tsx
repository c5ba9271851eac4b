import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { BillsScreen } from './bills-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const bill = {
  id: 31,
  billNumber: 'INV/26-27/000031',
  kind: 'invoice',
  status: 'issued',
  issuedOn: '2026-11-12',
  client: { id: 7, name: 'Asha Rao', company: 'Sunrise Towers' },
  buyerGstin: '27AAPFU0939F1ZV',
  orderId: 120,
  orderNumber: 'SO-000120',
  placeOfSupply: 'Maharashtra',
  supplyType: 'intra_state',
  taxablePaise: 1000000,
  cgstPaise: 90000,
  sgstPaise: 90000,
  igstPaise: 0,
  roundOffPaise: 0,
  totalPaise: 1180000,
  currency: 'INR',
};

const totals = {
  count: 9876,
  countIsCapped: false,
  taxablePaise: 123456789,
  cgstPaise: 5000050,
  sgstPaise: 5000050,
  igstPaise: 1234500,
  totalPaise: 134691389,
};

function serve() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/shop/bills?'))
      return json(200, {
        response: [bill],
        pagination: { page: 1, limit: 20, total: 9876 },
        totals,
      });
    if (url.includes('/client/list'))
      return json(200, { clients: [], pagination: { page: 1, limit: 100, total: 0 } });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query of the last bills list request. */
function lastListQuery(fetchMock: ReturnType<typeof serve>) {
  const calls = fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname.endsWith('/shop/bills'));
  return Object.fromEntries(calls.at(-1)!.searchParams);
}

describe('BillsScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for the filters in the address and shows the totals of the filtered set', async () => {
    storage.setToken('t');
    const fetchMock = serve();
    renderWithProviders(<BillsScreen />, {
      url: '/dashboard/shop/bills?start_date=2026-11-01&end_date=2026-11-30&id=INV%2F26-27&client=7&kind=invoice&status=issued&sort=-totalPaise&page=2',
    });
    const row = await screen.findByTestId('bill-row');
    expect(within(row).getByRole('link', { name: 'INV/26-27/000031' }).getAttribute('href')).toBe(
      '/dashboard/shop/bills/31',
    );
    expect(within(row).getByTestId('bill-total').textContent).toBe('₹11,800.00');
    expect(within(row).getByText('CGST + SGST')).toBeTruthy();

    expect(lastListQuery(fetchMock)).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      id: 'INV/26-27',
      client_id: '7',
      kind: 'invoice',
      status: 'issued',
      sort: '-totalPaise',
      page: '2',
      limit: '20',
    });

    const panel = screen.getByTestId('bill-totals');
    expect(within(panel).getByTestId('bill-totals-count').textContent).toBe('9,876');
    expect(within(panel).getByTestId('bill-totals-taxable').textContent).toBe('₹12,34,567.89');
    expect(within(panel).getByTestId('bill-totals-cgst').textContent).toBe('₹50,000.50');
    expect(within(panel).getByTestId('bill-totals-sgst').textContent).toBe('₹50,000.50');
    expect(within(panel).getByTestId('bill-totals-igst').textContent).toBe('₹12,345.00');
    expect(within(panel).getByTestId('bill-totals-total').textContent).toBe('₹13,46,913.89');
  });

  it('shows this month without dates in the address, and keeps a changed filter in the address', async () => {
    storage.setToken('t');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 12, 0, 0));
    const fetchMock = serve();
    renderWithProviders(<BillsScreen />, { url: '/dashboard/shop/bills' });
    await screen.findByTestId('bill-row');
    expect(lastListQuery(fetchMock)).toMatchObject({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      sort: '-issuedOn',
    });
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('1 Nov 2026');

    // Moving the start keeps the end the screen showed; both go into the address.
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-10-15' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/dashboard/shop/bills?start_date=2026-10-15&end_date=2026-11-30',
      ),
    );
    await waitFor(() =>
      expect(lastListQuery(fetchMock)).toMatchObject({ start_date: '2026-10-15', end_date: '2026-11-30' }),
    );

    // An emptied date means no bound on that side.
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/dashboard/shop/bills?start_date=2026-10-15&end_date=any',
      ),
    );
    await waitFor(() => expect(lastListQuery(fetchMock).end_date).toBeUndefined());
    vi.useRealTimers();
  });
});
