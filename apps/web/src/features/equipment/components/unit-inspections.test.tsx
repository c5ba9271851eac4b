import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { UnitInspections } from './unit-inspections';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function summary(id: number, result: 'pass' | 'fail', completedAt: string, inspector: string) {
  return {
    id,
    result,
    completedAt,
    failedItems: result === 'fail' ? 1 : 0,
    totalItems: 5,
    unitCount: 1,
    site: { id: 1, name: 'Orion Mall', siteCode: 'BN-000001', city: 'Mumbai', clientName: null },
    inspector: { id: 7, name: inspector },
    category: { id: 1, name: 'Routine' },
    template: { id: 1, name: 'Extinguisher', version: 1 },
    equipment: null,
  };
}

describe('UnitInspections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the unit's own inspections, lists them with a link each, and pages", async () => {
    storage.setToken('t');
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (!url.pathname.endsWith('/auth/inspections')) return json(404, {});
      const page = Number(url.searchParams.get('page'));
      const data =
        page === 1
          ? [summary(31, 'fail', '2026-06-10T12:00:00.000Z', 'Meera Iyer')]
          : [summary(12, 'pass', '2026-05-01T09:30:00.000Z', 'Ravi Kumar')];
      return json(200, { data, pagination: { page, limit: 10, total: 11 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UnitInspections unitId={5} />);

    const table = await screen.findByRole('table', { name: 'Inspection history of this unit' });
    expect(within(table).getByText('Meera Iyer')).toBeTruthy();
    expect(within(table).getByText(/fail/i)).toBeTruthy();
    expect(within(table).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/inspection-management/inspections/31',
    );
    const first = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x').searchParams;
    expect(Object.fromEntries(first)).toMatchObject({ equipment_id: '5', page: '1', limit: '10' });
    expect(screen.getByText('11 completed inspections')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy();
  });

  it('says so when no inspection covered the unit', async () => {
    storage.setToken('t');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(200, { data: [], pagination: { page: 1, limit: 10, total: 0 } })),
    );
    renderWithProviders(<UnitInspections unitId={5} />);
    expect(await screen.findByText('No completed inspection has covered this unit yet.')).toBeTruthy();
  });
});
