import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { EquipmentTypeFormModal } from './equipment-type-form-modal';

function serve(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => handler(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('EquipmentTypeFormModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shared schema messages and sends nothing while fields are missing', async () => {
    storage.setToken('t');
    const fetchMock = serve(() => json(200, { categories: [] }));
    renderWithProviders(<EquipmentTypeFormModal opened onClose={() => {}} type={null} />);
    fireEvent.change(screen.getByLabelText(/Inspection interval/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add equipment type' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/create'))).toBe(false);
  });

  it("puts the server's 409 on the name field and keeps the dialog open", async () => {
    storage.setToken('t');
    const onClose = vi.fn();
    const fetchMock = serve((url) =>
      url.includes('/create')
        ? json(409, {
            statusCode: 409,
            error: 'Conflict',
            code: 'CONFLICT',
            message: 'An equipment type with this name already exists',
            details: [{ field: 'name', message: 'An equipment type with this name already exists' }],
          })
        : json(200, { categories: ['Fire protection'] }),
    );
    renderWithProviders(<EquipmentTypeFormModal opened onClose={onClose} type={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Hose reel' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Category/ }), {
      target: { value: 'Fire protection' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add equipment type' }));

    await waitFor(() =>
      expect(screen.getAllByText('An equipment type with this name already exists')).toHaveLength(2),
    );
    expect(onClose).not.toHaveBeenCalled();
    const create = fetchMock.mock.calls.find(([url]) => String(url).includes('/create'));
    expect(JSON.parse(String(create?.[1]?.body))).toMatchObject({
      name: 'Hose reel',
      category: 'Fire protection',
      inspectionIntervalDays: 365,
      defaultTemplateId: null,
    });
  });
});
