import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { InspectorFilterSelect, SiteFilterSelect } from './work-filters';

const site = (id: number, siteCode: string, name: string) => ({ id, siteCode, name, status: 'active' });

/** Site options as the server answers them: by search text, or the one site asked for by id. */
function serveSites() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.pathname === '/api/auth/equipments/site-options') {
        if (url.searchParams.get('site_id') === '77')
          return json({ sites: [site(77, 'ST-000077', 'Orion Mall')] });
        const search = url.searchParams.get('search') ?? '';
        searches.push(search);
        return json({
          sites:
            search === 'phoenix'
              ? [site(5, 'ST-000005', 'Phoenix Marketcity')]
              : [site(1, 'ST-000001', 'Alpha Tower')],
        });
      }
      if (url.pathname === '/api/auth/inspectors') {
        return json({
          inspectors: [{ id: 9, name: 'Lakshmi Rao', email: 'l@example.test', openAssignments: 2 }],
        });
      }
      return json({});
    }),
  );
  return searches;
}

function SiteHarness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SiteFilterSelect value={value} onChange={setValue} />
      <output data-testid="picked">{value}</output>
    </>
  );
}

describe('work filters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds a site beyond the first page by asking the server, and picks it', async () => {
    storage.setToken('t');
    const searches = serveSites();
    renderWithProviders(<SiteHarness />, { url: '/x' });
    const input = screen.getByRole('textbox', { name: 'Site' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'phoenix' } });
    await waitFor(() => expect(searches).toContain('phoenix'));
    fireEvent.click(
      await screen.findByRole('option', { name: 'ST-000005 · Phoenix Marketcity', hidden: true }),
    );
    expect(screen.getByTestId('picked').textContent).toBe('5');
  });

  it('labels a picked site that is not among the matches (a link from another screen)', async () => {
    storage.setToken('t');
    serveSites();
    renderWithProviders(<SiteHarness initial="77" />, { url: '/x' });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Site' }) as HTMLInputElement).value).toBe(
        'ST-000077 · Orion Mall',
      ),
    );
  });

  it('names a picked inspector who is no longer active by the fallback label', async () => {
    storage.setToken('t');
    serveSites();
    renderWithProviders(
      <InspectorFilterSelect value="12" onChange={() => {}} fallbackLabel="Former Inspector" />,
      {
        url: '/x',
      },
    );
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Inspector' }) as HTMLInputElement).value).toBe(
        'Former Inspector',
      ),
    );
  });
});
