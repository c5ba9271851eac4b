import type { InspectionHistoryResponse, InspectionSummary } from '@inspecta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { InspectionHistory } from './inspection-history';

const row: InspectionSummary = {
  id: 42,
  assignmentId: 7,
  result: 'fail',
  failedItems: 1,
  totalItems: 12,
  unitCount: 3,
  site: { id: 3, name: 'Orion Mall', siteCode: 'ST-000003', city: 'Pune', clientName: 'Orion Retail' },
  inspector: { id: 9, name: 'Lakshmi Rao' },
  category: { id: 1, name: 'Routine', colour: '#1971c2' },
  template: { id: 5, name: 'Fire extinguisher monthly inspection', version: 2 },
  startedAt: '2026-06-15T04:30:00.000Z',
  completedAt: '2026-06-15T06:10:00.000Z',
};

function history(rows: InspectionSummary[], total = rows.length): InspectionHistoryResponse {
  return { data: rows, pagination: { page: 1, limit: 20, total } };
}

/** Answers the history (or `historyStatus`) and empty option lists; records the history calls. */
function serve(historyStatus = 200) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.pathname === '/api/auth/inspections') {
        calls.push(url);
        if (historyStatus !== 200) return json({ message: 'Boom' }, historyStatus);
        const result = url.searchParams.get('result');
        if (url.searchParams.get('limit') === '1') return json(history([], result === 'fail' ? 4 : 10));
        return json(history([row], 4));
      }
      if (url.pathname === '/api/auth/inspectors') return json({ inspectors: [] });
      if (url.pathname === '/api/auth/equipments/site-options') return json({ sites: [] });
      return json({ categories: [], pagination: { page: 1, limit: 100, total: 0 } });
    }),
  );
  return calls;
}

describe('InspectionHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the filters in the URL and lists the records with their result', async () => {
    storage.setToken('t');
    const calls = serve();
    renderWithProviders(<InspectionHistory />, {
      url: '/dashboard/inspection-management?tab=history&search=orion&result=fail&site=3&inspector=9&category=1&from=2026-06-01&to=2026-06-30&sort=site&page=2',
    });
    const link = await screen.findByTestId('inspection-link');
    expect(link.getAttribute('href')).toBe('/dashboard/inspection-management/inspections/42');
    expect(screen.getByTestId('result-badge').textContent).toBe('Fail');
    expect(screen.getByText('1 failed item')).toBeTruthy();

    const list = calls.find((c) => c.searchParams.get('limit') === '20')!;
    expect(Object.fromEntries(list.searchParams)).toEqual({
      search: 'orion',
      result: 'fail',
      site_id: '3',
      inspector_id: '9',
      category_id: '1',
      from: '2026-06-01',
      to: '2026-06-30',
      sort: 'site',
      page: '2',
      limit: '20',
    });
    // The counts on the result switch are for the same filters, whatever the result filter.
    await screen.findByText('All (14)');
    expect(screen.getByText('Fail (4)')).toBeTruthy();
    expect(screen.getByText('Pass (10)')).toBeTruthy();
  });

  it('leaves the order to the server ("Best match") while searching, and offers it only then', async () => {
    storage.setToken('t');
    const calls = serve();
    const { unmount } = renderWithProviders(<InspectionHistory />, {
      url: '/dashboard/inspection-management?tab=history&search=orion',
    });
    await screen.findByTestId('inspection-link');
    const list = calls.find((c) => c.searchParams.get('limit') === '20')!;
    expect(list.searchParams.has('sort')).toBe(false);
    expect(list.searchParams.get('search')).toBe('orion');
    // The test's narrow window folds the filters behind a button.
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(screen.getByRole('textbox', { name: 'Sort by' })).toHaveProperty('value', 'Best match');
    unmount();

    // Without a term: newest first, and no "Best match" to choose.
    const again = serve();
    renderWithProviders(<InspectionHistory />, {
      url: '/dashboard/inspection-management?tab=history&sort=relevance',
    });
    await screen.findByTestId('inspection-link');
    expect(again.find((c) => c.searchParams.get('limit') === '20')!.searchParams.get('sort')).toBe(
      '-completedAt',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const select = screen.getByRole('textbox', { name: 'Sort by' });
    expect(select).toHaveProperty('value', 'Newest first');
    fireEvent.click(select);
    expect(await screen.findByRole('option', { name: 'Oldest first' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Best match' })).toBeNull();
  });

  it('shows a count the server stopped at as "10,000+", on the switch and under the list', async () => {
    storage.setToken('t');
    const capped = { page: 1, limit: 20, total: 10_000, totalIsCapped: true };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), 'http://localhost');
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.pathname === '/api/auth/inspections') {
          if (url.searchParams.get('result') === 'fail') return json(history([], 1_234));
          return json({ data: [row], pagination: capped });
        }
        if (url.pathname === '/api/auth/inspectors') return json({ inspectors: [] });
        if (url.pathname === '/api/auth/equipments/site-options') return json({ sites: [] });
        return json({ categories: [], pagination: { page: 1, limit: 100, total: 0 } });
      }),
    );
    renderWithProviders(<InspectionHistory />, { url: '/x' });
    expect((await screen.findByTestId('list-range')).textContent).toBe('Showing 1–20 of 10,000+ inspections');
    await screen.findByText('All (11,234+)');
    expect(screen.getByText('Pass (10,000+)')).toBeTruthy();
    expect(screen.getByText('Fail (1,234)')).toBeTruthy();
  });

  it('does not send a date range the wrong way round, and says why', async () => {
    storage.setToken('t');
    const calls = serve();
    renderWithProviders(<InspectionHistory />, { url: '/x?from=2026-06-30&to=2026-06-01' });
    // jsdom is narrow: the filters are folded under a button that counts the ones in use.
    fireEvent.click(await screen.findByRole('button', { name: 'Filters (2)' }));
    await screen.findByText('Must not be before the From date');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls.every((c) => c.searchParams.get('to') === null)).toBe(true);
  });

  it('shows an empty list with a way to reload when the fetch fails (SPEC.md 8)', async () => {
    storage.setToken('t');
    const calls = serve(500);
    renderWithProviders(<InspectionHistory />, { url: '/x' });
    await screen.findByTestId('inspections-empty');
    const before = calls.length;
    fireEvent.click(await screen.findByTestId('list-retry'));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});
