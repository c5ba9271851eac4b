import type { SiteDetails } from '@inspecta/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { SiteDetailsView } from './site-details';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function siteWith(status: SiteDetails['status']): SiteDetails {
  return {
    id: 42,
    siteCode: 'BN-000042',
    name: 'Andheri East Warehouse 42',
    status,
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
    createdBy: null,
    equipmentSummary: {
      total: 0,
      byStatus: { in_service: 0, out_of_service: 0, retired: 0 },
      byDueState: { overdue: 0, dueSoon: 0, upToDate: 0, notScheduled: 0 },
      nextDueOn: null,
    },
    assignedInspectors: [],
    latestInspections: [],
  };
}

function serve(site: SiteDetails) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input).includes('/auth/sites/full-details/42') ? json(200, { site }) : json(404, {}),
    ),
  );
}

describe('SiteDetailsView: Assign inspector', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers "Assign inspector" on an active site and hands the site to the app', async () => {
    storage.setToken('t');
    serve(siteWith('active'));
    const onAssign = vi.fn();
    renderWithProviders(<SiteDetailsView siteId={42} onAssignInspector={onAssign} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign inspector' }));
    expect(onAssign).toHaveBeenCalledWith(expect.objectContaining({ id: 42, siteCode: 'BN-000042' }));
  });

  it('does not offer it on an inactive site, nor without the app composing the drawer', async () => {
    storage.setToken('t');
    serve(siteWith('inactive'));
    const first = renderWithProviders(<SiteDetailsView siteId={42} onAssignInspector={vi.fn()} />);
    await screen.findByRole('button', { name: 'Reactivate' });
    expect(screen.queryByRole('button', { name: 'Assign inspector' })).toBeNull();
    first.unmount();

    serve(siteWith('active'));
    renderWithProviders(<SiteDetailsView siteId={42} />);
    await screen.findByRole('button', { name: 'Deactivate' });
    expect(screen.queryByRole('button', { name: 'Assign inspector' })).toBeNull();
  });
});
