import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { SitesList } from './sites-list';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const site = {
  id: 42,
  siteCode: 'BN-000042',
  name: 'Andheri East Warehouse 42',
  status: 'active',
  clientId: null,
  client: null,
  addressLine1: '10, Main Road',
  addressLine2: null,
  city: 'Mumbai',
  district: null,
  state: 'Maharashtra',
  pincode: '400001',
  country: 'India',
  latitude: null,
  longitude: null,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  otherContacts: [],
  notes: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  equipmentCount: 3,
};

function serve(list: { pagination: unknown; counts: unknown }) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/get/all/sites?')) return json(200, { sites: [site], ...list });
    if (url.includes('/sites/cities')) return json(200, { cities: ['Mumbai'] });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query of the last site list request. */
function lastListQuery(fetchMock: ReturnType<typeof serve>) {
  const calls = fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname.endsWith('/get/all/sites'));
  return Object.fromEntries(calls.at(-1)!.searchParams);
}

describe('SitesList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "10,000+" when the server stopped counting, and leaves the order to it while searching', async () => {
    storage.setToken('t');
    const fetchMock = serve({
      pagination: { page: 1, limit: 20, total: 10000, totalIsCapped: true },
      counts: { all: 10000, draft: 512, active: 8900, inactive: 589, capped: true },
    });
    renderWithProviders(<SitesList />, { url: '/dashboard/site-management?search=warehouse' });
    await screen.findByText('Andheri East Warehouse 42');
    expect(screen.getByTestId('sites-range').textContent).toBe('Showing 1–20 of 10,000+ sites');
    expect(screen.getByTestId('status-tab-all').textContent).toBe('All10,000+');
    expect(screen.getByTestId('status-tab-draft').textContent).toBe('Drafts512+');
    // No sort in the request: the server puts the best matches first.
    expect(lastListQuery(fetchMock)).toEqual({ page: '1', limit: '20', search: 'warehouse' });
    expect(screen.getByRole('textbox', { name: 'Sort by' })).toHaveProperty('value', 'Best match');
  });

  it('shows exact counts as they are', async () => {
    storage.setToken('t');
    serve({
      pagination: { page: 1, limit: 20, total: 1 },
      counts: { all: 1, draft: 0, active: 1, inactive: 0 },
    });
    renderWithProviders(<SitesList />, { url: '/dashboard/site-management' });
    await screen.findByText('Andheri East Warehouse 42');
    expect(screen.getByTestId('sites-range').textContent).toBe('Showing 1–1 of 1 site');
    expect(screen.getByTestId('status-tab-all').textContent).toBe('All1');
  });
});
