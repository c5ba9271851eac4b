import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDayFormat } from '@/lib/dates';
import { storage } from '@/lib/storage';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';
import { ActivityHistory } from './activity-history';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const event = {
  id: 41,
  at: '2026-11-27T07:41:02.000Z',
  actor: { id: 1, name: 'Asha Rao' },
  action: 'site.update',
  verb: 'updated site',
  entityType: 'site',
  entityId: '12',
  object: 'ST-000012 Lakeview Tower',
  link: '/dashboard/site-management/12',
  ipAddress: '10.0.0.4',
  changes: [
    { field: 'contactName', from: null, to: 'Sanjay Shah' },
    { field: 'city', from: 'Pune', to: 'Mumbai' },
  ],
};

describe('ActivityHistory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setDayFormat('D MMM YYYY');
  });

  it("asks for the record's own events and opens one's changes field by field", async () => {
    storage.setToken('t');
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (!url.pathname.endsWith('/activity')) return json(404, {});
      return json(200, { events: [event], pagination: { page: 1, limit: 10, total: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ActivityHistory entityType="site" entityId={12} />);

    const row = await screen.findByTestId('activity-row');
    expect(row.textContent).toContain('Asha Rao');
    expect(row.textContent).toContain('updated site');
    const query = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ entity_type: 'site', entity_id: '12', page: '1' });
    expect(screen.getByRole('link', { name: /Open in the activity log/ }).getAttribute('href')).toBe(
      '/dashboard/activity?object=site%3A12',
    );

    const toggle = within(row).getByRole('button', { name: /Show the changes of: Asha Rao updated site/ });
    expect(toggle.textContent).toContain('Show changes (2)');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Changes, field by field' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Before: empty', 'After: Sanjay Shah'],
      ['Before: Pune', 'After: Mumbai'],
    ]);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Primary contact name',
      'City',
    ]);
  });

  it("names a unit's fields as the equipment form does, with its values and dates in words", async () => {
    storage.setToken('t');
    setDayFormat('DD/MM/YYYY');
    const edit = {
      ...event,
      id: 42,
      action: 'equipment.updated',
      verb: 'updated equipment',
      entityType: 'equipment',
      entityId: '7',
      object: 'FE-0007 Extinguisher',
      link: null,
      changes: [
        { field: 'serialNumber', from: 'SN-1', to: 'SN-2' },
        { field: 'installedOn', from: null, to: '2026-10-26' },
        { field: 'status', from: 'in_service', to: 'out_of_service' },
        { field: 'isCritical', from: 'false', to: 'true' },
        { field: 'nextDueOn', from: '2026-11-01', to: '2027-01-15' },
        { field: 'someNewField', from: null, to: 'x' },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { events: [edit], pagination: { page: 1, limit: 10, total: 1 } })),
    );
    renderWithProviders(<ActivityHistory entityType="equipment" entityId={7} title="Activity" />);
    fireEvent.click(await screen.findByRole('button', { name: /Show the changes of/ }));
    const table = await screen.findByRole('table', { name: 'Changes, field by field' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Serial number',
      'Installed on',
      'Status',
      'Critical equipment',
      'Next inspection due',
      'Some new field',
    ]);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Before: SN-1', 'After: SN-2'],
      ['Before: empty', 'After: 26/10/2026'],
      ['Before: In service', 'After: Out of service'],
      ['Before: No', 'After: Yes'],
      ['Before: 01/11/2026', 'After: 15/01/2027'],
      ['Before: empty', 'After: x'],
    ]);
  });

  it('says so when nothing was recorded', async () => {
    storage.setToken('t');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { events: [], pagination: { page: 1, limit: 10, total: 0 } })),
    );
    renderWithProviders(<ActivityHistory entityType="template" entityId={3} title="Activity" />);
    expect((await screen.findByTestId('activity-history-empty')).textContent).toBe(
      'No changes recorded yet.',
    );
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeTruthy();
  });

  it("links a person's history to everything they did, and shows a change saved while it is open", async () => {
    storage.setToken('t');
    let events: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { events, pagination: { page: 1, limit: 10, total: events.length } })),
    );
    const queryClient = createTestQueryClient();
    renderWithProviders(<ActivityHistory entityType="user" entityId={7} title="Activity" actorLink />, {
      queryClient,
    });
    await screen.findByTestId('activity-history-empty');
    expect(screen.getByRole('link', { name: /Everything they did/ }).getAttribute('href')).toBe(
      '/dashboard/activity?actor=7',
    );

    // Any mutation the app saves (here a bare one) is audited by the server: the panel asks again.
    events = [{ ...event, action: 'user.update', verb: 'updated user', entityType: 'user', entityId: '7' }];
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => 'saved' })
      .execute(undefined);
    expect((await screen.findByTestId('activity-row')).textContent).toContain('updated user');
  });
});
