import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { OrganisationSection } from './organisation-section';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const organisation = {
  companyName: 'Inspecta Fire Services',
  logoUrl: null,
  timezone: 'Asia/Kolkata',
  dateFormat: 'DD/MM/YYYY',
  defaultInspectionIntervalDays: 180,
  gstin: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  pincode: null,
  phone: null,
  email: null,
};

function serve({ postal }: { postal: 'ok' | 'down' }) {
  const saved: unknown[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes('/postal/pincode/400069')) {
      return postal === 'ok'
        ? json(200, {
            pincode: '400069',
            city: 'Mumbai',
            district: 'Mumbai Suburban',
            state: 'Maharashtra',
            country: 'India',
            postOffices: [],
          })
        : json(503, {
            statusCode: 503,
            code: 'SERVICE_UNAVAILABLE',
            message: 'The postal lookup is unavailable; enter the city, district and state by hand',
          });
    }
    if (url.endsWith('/settings/organisation') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      saved.push(body);
      return json(200, { message: 'Organisation saved', organisation: { ...organisation, ...body } });
    }
    if (url.endsWith('/settings/organisation')) return json(200, { organisation });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return saved;
}

const input = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

describe('OrganisationSection: the seller details printed on bills', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills city and state from the PIN code, checks the GSTIN against the state and saves every field', async () => {
    storage.setToken('t');
    const saved = serve({ postal: 'ok' });
    renderWithProviders(<OrganisationSection />, { url: '/dashboard/setting' });
    await screen.findByRole('textbox', { name: /GSTIN/ });

    type(/PIN code/, '400069');
    await waitFor(() => expect(input(/^City/).value).toBe('Mumbai'));
    expect(input(/^State/).value).toBe('Maharashtra');
    expect(screen.getByTestId('organisation-pincode-lookup').textContent).toContain(
      'filled in from PIN code 400069',
    );

    // A Karnataka GSTIN (29…) for a company in Maharashtra is refused before anything is sent.
    type(/GSTIN/, '29AAPFU0939F1ZR');
    type(/Address line 1/, '12 Marol Industrial Estate');
    type(/Phone/, '+91 22 4000 1234');
    type(/Email/, 'not an email');
    fireEvent.click(screen.getByRole('button', { name: 'Save organisation' }));
    expect(await screen.findByText(/This GSTIN is registered in another state/)).toBeTruthy();
    expect(screen.getByText('Enter an email address')).toBeTruthy();
    expect(saved).toHaveLength(0);

    type(/GSTIN/, '27aapfu0939f1zv');
    type(/Email/, 'accounts@inspecta.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save organisation' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      companyName: 'Inspecta Fire Services',
      gstin: '27AAPFU0939F1ZV',
      addressLine1: '12 Marol Industrial Estate',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400069',
      phone: '+91 22 4000 1234',
      email: 'accounts@inspecta.example',
    });
  });

  it('says when the postal lookup is down and lets the city and state be typed', async () => {
    storage.setToken('t');
    const saved = serve({ postal: 'down' });
    renderWithProviders(<OrganisationSection />, { url: '/dashboard/setting' });
    await screen.findByRole('textbox', { name: /GSTIN/ });

    type(/PIN code/, '400069');
    expect((await screen.findByTestId('organisation-pincode-failed')).textContent).toContain(
      'Type the city and state below',
    );
    expect(input(/^City/).value).toBe('');
    type(/^City/, 'Mumbai');
    type(/^State/, 'Maharashtra');
    fireEvent.click(screen.getByRole('button', { name: 'Save organisation' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', pincode: '400069', gstin: '' });
  });
});
