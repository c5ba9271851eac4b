import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { ScheduleFormDrawer } from './schedule-form-drawer';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const planned = (n: number) => ({
  scheduleId: null,
  createOn: `2026-07-${String(n).padStart(2, '0')}`,
  scheduledFor: `2026-07-${String(n).padStart(2, '0')}`,
  dueOn: `2026-07-${String(n + 14).padStart(2, '0')}`,
  site: { id: 7, name: 'Orion Mall', siteCode: 'ST-000007' },
  template: { id: 5, name: 'Extinguisher monthly' },
  inspector: { id: 12, name: 'Lakshmi Rao' },
  equipment: [{ id: 100 + n, name: 'Extinguisher', assetTag: `FE-${n}` }],
});

function serve(previewAnswer?: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/schedules/preview' && init?.method === 'POST' && previewAnswer) return previewAnswer();
    if (path === '/schedules/preview' && init?.method === 'POST')
      return json(200, {
        from: '2026-07-01',
        to: '2026-09-28',
        assignments: [planned(1), planned(2), planned(3)],
        units: 3,
        skipped: [{ equipmentId: 9, reason: 'Hose reel has no default template' }],
      });
    if (path === '/schedules' && init?.method === 'POST')
      return json(201, { schedule: { id: 3, name: 'Monthly rounds' }, message: 'Schedule created' });
    if (path === '/auth/equipments/site-options')
      return json(200, { sites: [{ id: 7, siteCode: 'ST-000007', name: 'Orion Mall', status: 'active' }] });
    if (path === '/auth/inspectors')
      return json(200, {
        inspectors: [{ id: 12, name: 'Lakshmi Rao', email: 'l@x.test', phone: null, openAssignments: 2 }],
      });
    if (path === '/inspection-categories' || path.startsWith('/inspection-categories'))
      return json(200, {
        categories: [{ id: 2, name: 'Routine', description: null, colour: '#1f5fa6', status: 'active' }],
        pagination: { page: 1, limit: 100, total: 1 },
      });
    if (path === '/templates')
      return json(200, { templates: [], pagination: { page: 1, limit: 100, total: 0 } });
    if (path === '/auth/global-equipment/options') return json(200, { equipmentTypes: [] });
    if (path === '/auth/equipments')
      return json(200, { equipments: [], pagination: { page: 1, limit: 100, total: 0 } });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        new URL(String(url), 'http://localhost').pathname === `/api${path}` && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function choose(label: RegExp, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('ScheduleFormDrawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves only after a preview of exactly these values, and sends what the form says', async () => {
    storage.setToken('t');
    const onClose = vi.fn();
    const fetchMock = serve();
    renderWithProviders(<ScheduleFormDrawer opened onClose={onClose} siteId={7} />);

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Monthly rounds' } });
    await choose(/^Category/, 'Routine');
    await choose(/^Inspector/, 'Lakshmi Rao (2 open)');
    fireEvent.click(screen.getByRole('radio', { name: 'Months' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Every how many months/ }), {
      target: { value: '3' },
    });

    const save = screen.getByRole('button', { name: 'Create schedule' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('schedule-preview');
    expect(within(preview).getByTestId('schedule-preview-sentence').textContent).toBe(
      'This schedule will create 3 assignments in the next 90 days.',
    );
    expect(within(preview).getAllByTestId('schedule-preview-row')).toHaveLength(3);
    expect(within(preview).getByTestId('schedule-preview-skipped').textContent).toContain(
      'Hose reel has no default template',
    );
    expect(posts(fetchMock, '/schedules/preview')[0]).toMatchObject({
      name: 'Monthly rounds',
      siteId: 7,
      scope: 'all',
      categoryId: 2,
      templateId: null,
      intervalUnit: 'months',
      intervalCount: 3,
      assigneeMode: 'inspector',
      inspectorIds: [12],
      leadDays: 14,
      days: 90,
    });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));

    // A change after the preview makes it stale: saving needs a new preview.
    fireEvent.change(screen.getByRole('textbox', { name: /Lead time/ }), { target: { value: '7' } });
    expect(await screen.findByTestId('schedule-preview-stale')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Preview again' }));
    await waitFor(() => expect(posts(fetchMock, '/schedules/preview')).toHaveLength(2));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [created] = posts(fetchMock, '/schedules');
    expect(created).toMatchObject({
      name: 'Monthly rounds',
      leadDays: 7,
      intervalCount: 3,
      inspectorIds: [12],
    });
    expect(created).not.toHaveProperty('days');
  });

  it('shows the server’s field errors of a preview on their fields', async () => {
    storage.setToken('t');
    serve(() =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        details: [{ field: 'inspectorIds', message: 'Choose an inspector' }],
      }),
    );
    renderWithProviders(<ScheduleFormDrawer opened onClose={() => {}} siteId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose an inspector')).toBeTruthy();
    expect(screen.queryByTestId('schedule-preview')).toBeNull();
  });
});
