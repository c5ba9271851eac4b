import type { InspectionDetail } from '@inspecta/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { InspectionDetailView } from './inspection-detail';

const inspection: InspectionDetail = {
  id: 42,
  assignmentId: 7,
  result: 'fail',
  failedItems: 2,
  totalItems: 8,
  unitCount: 2,
  site: { id: 3, name: 'Orion Mall', siteCode: 'ST-000003', city: 'Pune', clientName: 'Orion Retail' },
  inspector: { id: 9, name: 'Lakshmi Rao' },
  category: { id: 1, name: 'Routine', colour: '#1971c2' },
  template: { id: 5, name: 'Fire extinguisher monthly inspection', version: 2 },
  startedAt: '2026-06-15T04:30:00.000Z',
  completedAt: '2026-06-15T06:10:00.000Z',
  scheduledFor: '2026-06-14',
  dueOn: '2026-06-20',
  remarks: 'Replace FE-0002 before the fire drill.',
  content: {
    sections: [
      {
        key: 'visual',
        title: 'Visual condition',
        items: [
          {
            key: 'gauge',
            label: 'Pressure gauge in the green zone',
            type: 'pass_fail',
            helpText: '',
            required: true,
          },
          {
            key: 'defects',
            label: 'Cylinder defects seen',
            type: 'multi_select',
            helpText: '',
            required: true,
            options: ['None', 'Dent', 'Rust'],
            failWhen: { options: ['Rust'] },
          },
          {
            key: 'weight',
            label: 'Gross weight',
            type: 'number',
            helpText: '',
            required: true,
            unit: '%',
            min: 90,
            max: 110,
          },
          {
            key: 'pin',
            label: 'Safety pin',
            type: 'yes_no_na',
            helpText: '',
            required: true,
            failWhen: { answers: ['no'] },
          },
          { key: 'photo', label: 'Photo of the tag', type: 'photo', helpText: '', required: false },
        ],
      },
      {
        key: 'sign_off',
        title: 'Sign-off',
        items: [
          { key: 'signature', label: 'Inspector signature', type: 'signature', helpText: '', required: true },
        ],
      },
    ],
  },
  units: [
    {
      equipment: { id: 1, name: 'Extinguisher, lobby', assetTag: 'FE-0001', serialNumber: 'S1', type: 'CO2' },
      result: 'pass',
      answers: {
        gauge: 'pass',
        defects: ['None'],
        weight: 98,
        pin: 'na',
        photo: ['/api/files/a.webp', '/api/files/b.webp'],
        signature: '/api/files/sig.webp',
      },
      items: [
        { key: 'gauge', sectionKey: 'visual', outcome: 'pass', reason: null },
        { key: 'defects', sectionKey: 'visual', outcome: 'pass', reason: null },
        { key: 'weight', sectionKey: 'visual', outcome: 'pass', reason: null },
        { key: 'pin', sectionKey: 'visual', outcome: 'not_applicable', reason: null },
        { key: 'photo', sectionKey: 'visual', outcome: 'recorded', reason: null },
        { key: 'signature', sectionKey: 'sign_off', outcome: 'recorded', reason: null },
      ],
    },
    {
      equipment: {
        id: 2,
        name: 'Extinguisher, kitchen',
        assetTag: 'FE-0002',
        serialNumber: null,
        type: null,
      },
      result: 'fail',
      answers: {
        gauge: 'fail',
        defects: ['Dent', 'Rust'],
        weight: 80,
        pin: 'yes',
        photo: null,
        signature: '/api/files/sig.webp',
      },
      items: [
        { key: 'gauge', sectionKey: 'visual', outcome: 'fail', reason: 'Marked as failed' },
        { key: 'defects', sectionKey: 'visual', outcome: 'fail', reason: 'Answered “Rust”' },
        { key: 'weight', sectionKey: 'visual', outcome: 'fail', reason: '80 % is below the minimum of 90 %' },
        { key: 'pin', sectionKey: 'visual', outcome: 'pass', reason: null },
        { key: 'photo', sectionKey: 'visual', outcome: 'skipped', reason: null },
        { key: 'signature', sectionKey: 'sign_off', outcome: 'recorded', reason: null },
      ],
    },
  ],
};

function serve(handler: (url: string) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => handler(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('InspectionDetailView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the result, who and where, the failed items and every answer by type', async () => {
    storage.setToken('t');
    const fetchMock = serve(() => new Response(JSON.stringify({ inspection }), { status: 200 }));
    renderWithProviders(<InspectionDetailView inspectionId={42} />);

    await screen.findByRole('heading', { name: 'Inspection #42', level: 1 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/inspections/42');
    expect(screen.getByRole('link', { name: 'Orion Mall' }).getAttribute('href')).toBe(
      '/dashboard/site-management/3',
    );
    expect(screen.getByText('Orion Retail')).toBeTruthy();
    expect(screen.getByText('Lakshmi Rao')).toBeTruthy();

    // The summary lists the three failures of the second unit, each with its reason.
    const summary = screen.getByTestId('failed-items-summary');
    expect(within(summary).getByText('3 failed items')).toBeTruthy();
    expect(summary.textContent).toContain('80 % is below the minimum of 90 %');
    expect(summary.textContent).toContain('FE-0002 · Extinguisher, kitchen');

    // Both units are open (a short inspection); failed rows are marked, with their reason.
    const items = screen.getAllByTestId('inspection-item');
    expect(items).toHaveLength(12);
    const failed = items.filter((i) => i.dataset.outcome === 'fail');
    expect(failed).toHaveLength(3);
    expect(within(failed[2]!).getByText('80 %')).toBeTruthy();
    expect(within(failed[1]!).getByText('Rust')).toBeTruthy();

    // Types: N/A, chips, number with its range, photos and the signature as images.
    expect(screen.getByText('N/A')).toBeTruthy();
    expect(screen.getAllByText('Acceptable 90–110 %').length).toBe(2);
    expect(screen.getAllByTestId('answer-photo')).toHaveLength(2);
    expect(screen.getAllByTestId('answer-signature')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Photo of the tag, photo 1' }).getAttribute('src')).toBe(
      '/api/files/a.webp',
    );
    expect(screen.getByTestId('inspection-remarks').textContent).toBe(
      'Replace FE-0002 before the fire drill.',
    );

    // A photo opens larger, and the viewer steps to the next one.
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 1 of 2 (Photo of the tag) larger' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByTestId('image-viewer-image').getAttribute('src')).toBe('/api/files/a.webp');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Next image' }));
    await waitFor(() =>
      expect(within(viewer).getByTestId('image-viewer-image').getAttribute('src')).toBe('/api/files/b.webp'),
    );
  });

  it('says so when the inspection does not exist', async () => {
    storage.setToken('t');
    serve(
      () =>
        new Response(
          JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Inspection not found' }),
          {
            status: 404,
          },
        ),
    );
    renderWithProviders(<InspectionDetailView inspectionId={999} />);
    await screen.findByTestId('inspection-not-found');
  });

  it('downloads the PDF with the session token', async () => {
    storage.setToken('secret-token');
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const fetchMock = serve((url) =>
      url.endsWith('/report')
        ? new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="inspection-42-ST-000003.pdf"',
            },
          })
        : new Response(JSON.stringify({ inspection }), { status: 200 }),
    );
    renderWithProviders(<InspectionDetailView inspectionId={42} />);
    fireEvent.click(await screen.findByTestId('inspection-report-download'));
    await waitFor(() => expect(saved).toEqual(['inspection-42-ST-000003.pdf']));
    const reportCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/report'))!;
    expect(String(reportCall[0])).toBe('/api/auth/inspections/42/report');
    expect(new Headers(reportCall[1]?.headers).get('Authorization')).toBe('secret-token');
    click.mockRestore();
  });
});
