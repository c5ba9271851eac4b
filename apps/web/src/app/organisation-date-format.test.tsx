import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField } from '@/components/ui/date-field';
import { formatDay, setDayFormat } from '@/lib/dates';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { OrganisationDateFormat } from './organisation-date-format';

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('OrganisationDateFormat', () => {
  afterEach(() => {
    setDayFormat('D MMM YYYY');
    storage.clear();
    vi.unstubAllGlobals();
  });

  it("makes the organisation's date format that of the fields and the dates shown, and keeps it on the device", async () => {
    storage.setToken('token');
    answer({
      organisation: {
        companyName: 'Acme',
        logoUrl: null,
        timezone: 'Asia/Kolkata',
        dateFormat: 'DD/MM/YYYY',
      },
    });
    renderWithProviders(
      <>
        <OrganisationDateFormat />
        <DateField label="Due on" value="2026-03-25" onChange={() => {}} />
      </>,
      { url: '/dashboard' },
    );
    const input = screen.getByLabelText('Due on') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('25/03/2026'));
    expect(formatDay('2026-06-01')).toBe('01/06/2026');
    expect(storage.get('date_format')).toBe('DD/MM/YYYY');
  });

  it('leaves the format as it is when the answer is not one of the formats', async () => {
    storage.setToken('token');
    answer({ data: [] });
    renderWithProviders(
      <>
        <OrganisationDateFormat />
        <DateField label="Due on" value="2026-03-25" onChange={() => {}} />
      </>,
      { url: '/dashboard' },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((screen.getByLabelText('Due on') as HTMLInputElement).value).toBe('25 Mar 2026');
  });
});
