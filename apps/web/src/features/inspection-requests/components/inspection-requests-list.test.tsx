import type { InspectionRequest } from '@inspecta/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { InspectionRequestsList } from './inspection-requests-list';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function requestWith(patch: Partial<InspectionRequest>): InspectionRequest {
  return {
    id: 7,
    status: 'open',
    site: { id: 3, name: 'Orion Mall', siteCode: 'ST-000003' },
    equipment: [{ id: 12, name: 'Extinguisher, lobby', assetTag: 'FE-0012' }],
    category: { id: 2, name: 'Fire safety' },
    preferredDate: '2026-07-01',
    message: 'Please check before the audit.',
    declineReason: null,
    assignmentId: null,
    requestedBy: { id: 8, name: 'Chandra Client' },
    createdAt: '2026-06-20T10:00:00.000Z',
    updatedAt: '2026-06-20T10:00:00.000Z',
    ...patch,
  };
}

function serve(requests: InspectionRequest[]) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes('/inspection-requests/7/decline') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { reason: string };
      return json(200, {
        request: requestWith({ status: 'declined', declineReason: body.reason }),
        message: 'Request declined',
      });
    }
    if (url.includes('/inspection-requests'))
      return json(200, { requests, pagination: { page: 1, limit: 20, total: requests.length } });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the Requests tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a request with its site, client, units, kind, date and message; only a waiting one can be scheduled or declined', async () => {
    storage.setToken('t');
    serve([requestWith({}), requestWith({ id: 8, status: 'scheduled', assignmentId: 40 })]);
    renderWithProviders(<InspectionRequestsList />, { url: '/dashboard/inspection-management?tab=requests' });
    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    const open = rows[0] as HTMLElement;
    expect(open.textContent).toContain('ST-000003 · Orion Mall');
    expect(open.textContent).toContain('From Chandra Client');
    expect(open.textContent).toContain('1 unit: FE-0012 · Extinguisher, lobby');
    expect(open.textContent).toContain('Fire safety');
    expect(open.textContent).toContain('1 Jul 2026');
    expect(open.textContent).toContain('Please check before the audit.');
    expect(within(open).getByRole('button', { name: 'Schedule the request for Orion Mall' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('declines with a reason, which is required', async () => {
    storage.setToken('t');
    const fetchMock = serve([requestWith({})]);
    renderWithProviders(<InspectionRequestsList />, { url: '/dashboard/inspection-management?tab=requests' });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline the request for Orion Mall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'No inspector free that week' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/decline'));
      expect(call && JSON.parse(String(call[1]?.body))).toEqual({ reason: 'No inspector free that week' });
    });
  });
});
