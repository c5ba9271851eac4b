import type { CorrectiveActionDetail } from '@inspecta/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { ActionStatusControls } from './action-status-controls';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function actionWith(patch: Partial<CorrectiveActionDetail>): CorrectiveActionDetail {
  return {
    id: 41,
    title: 'Gauge in the red zone — FE-0012',
    status: 'open',
    priority: 'high',
    overdue: false,
    dueOn: '2026-07-01',
    source: 'inspection',
    requiresEvidence: true,
    owner: null,
    site: { id: 3, name: 'Orion Mall', siteCode: 'ST-000003', clientId: 8 },
    equipment: { id: 12, name: 'Extinguisher, lobby', assetTag: 'FE-0012', equipmentTypeId: 2 },
    inspectionId: 90,
    itemKey: 'gauge',
    itemLabel: 'Gauge in the green zone',
    reinspectionNote: null,
    createdAt: '2026-06-20T10:00:00.000Z',
    updatedAt: '2026-06-20T10:00:00.000Z',
    resolvedAt: null,
    verifiedAt: null,
    cancelledAt: null,
    description: null,
    cancelReason: null,
    remark: null,
    photos: [],
    answer: 'fail',
    inspection: null,
    createdBy: null,
    comments: [],
    history: [],
    reinspections: [],
    allowedTransitions: ['in_progress', 'resolved', 'cancelled'],
    canRequestReinspection: true,
    suggestedProducts: [],
    ...patch,
  };
}

function serve() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/corrective-actions/41/status') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { status: string };
      return json(200, {
        action: actionWith({ status: body.status as 'resolved' }),
        message: 'Status changed',
      });
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const statusCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/status'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('ActionStatusControls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers exactly the moves the server allows, forward steps first', () => {
    storage.setToken('t');
    serve();
    renderWithProviders(<ActionStatusControls action={actionWith({})} />);
    const buttons = within(screen.getByTestId('action-status-controls')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Start work', 'Mark resolved', 'Cancel action']);
  });

  it('names the way back by where the action is, and offers verify only when allowed', () => {
    storage.setToken('t');
    serve();
    renderWithProviders(
      <ActionStatusControls
        action={actionWith({
          status: 'resolved',
          requiresEvidence: false,
          allowedTransitions: ['in_progress', 'verified', 'cancelled'],
        })}
      />,
    );
    const buttons = within(screen.getByTestId('action-status-controls')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Back to in progress',
      'Verify and close',
      'Cancel action',
    ]);
  });

  it('shows nothing for a verified action', () => {
    storage.setToken('t');
    serve();
    renderWithProviders(
      <ActionStatusControls action={actionWith({ status: 'verified', allowedTransitions: [] })} />,
    );
    expect(screen.queryByTestId('action-status-controls')).toBeNull();
  });

  it('moves at once on a forward step', async () => {
    storage.setToken('t');
    const fetchMock = serve();
    renderWithProviders(<ActionStatusControls action={actionWith({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(statusCalls(fetchMock)).toEqual([{ status: 'resolved' }]));
  });

  it('asks for a reason before cancelling, and sends it', async () => {
    storage.setToken('t');
    const fetchMock = serve();
    renderWithProviders(<ActionStatusControls action={actionWith({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this corrective action?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel action' }));
    expect(await within(dialog).findByText('Give a reason for cancelling')).toBeTruthy();
    expect(statusCalls(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Unit replaced under the service contract ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel action' }));
    await waitFor(() =>
      expect(statusCalls(fetchMock)).toEqual([
        { status: 'cancelled', reason: 'Unit replaced under the service contract' },
      ]),
    );
  });
});
