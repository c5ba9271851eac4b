import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { BillPage } from './bill-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const address = {
  addressId: 3,
  label: 'Head office',
  contactName: 'Asha Rao',
  phone: '+91 98200 00000',
  addressLine1: '4 Lake Road',
  addressLine2: null,
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560001',
  country: 'India',
  gstin: '29AAPFU0939F1ZR',
};

const bill = {
  id: 31,
  billNumber: 'INV/26-27/000031',
  kind: 'invoice',
  status: 'issued',
  issuedOn: '2026-11-12',
  client: { id: 7, name: 'Asha Rao', company: 'Sunrise Towers' },
  buyerGstin: '29AAPFU0939F1ZR',
  orderId: 120,
  orderNumber: 'SO-000120',
  placeOfSupply: 'Karnataka',
  supplyType: 'inter_state',
  taxablePaise: 250050,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 45009,
  roundOffPaise: -59,
  totalPaise: 295000,
  currency: 'INR',
  financialYear: '26-27',
  seller: {
    companyName: 'Inspecta Fire Services',
    gstin: '27AAPFU0939F1ZV',
    addressLine1: '12 Marol Industrial Estate',
    addressLine2: null,
    city: 'Mumbai',
    state: 'Maharashtra',
    stateCode: '27',
    pincode: '400069',
    phone: null,
    email: 'accounts@inspecta.example',
  },
  buyer: address,
  shipTo: { ...address, label: 'Site B', gstin: null },
  shipmentIds: [55],
  creditNoteFor: null,
  lines: [
    {
      lineNumber: 1,
      productId: 9,
      sku: 'FE-RF-6',
      description: 'ABC powder refill, 6 kg',
      hsnCode: '8424',
      unit: 'piece',
      quantity: 2,
      unitPricePaise: 125025,
      gstRate: 18,
      taxablePaise: 250050,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 45009,
      totalPaise: 295059,
    },
  ],
  rateTotals: [
    { gstRate: 18, taxablePaise: 250050, cgstPaise: 0, sgstPaise: 0, igstPaise: 45009, taxPaise: 45009 },
  ],
  amountInWords: 'Rupees two thousand nine hundred fifty only',
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-11-12T10:00:00.000Z',
};

function serve() {
  const cancels: unknown[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/shop/bills/31/cancel') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      cancels.push(body);
      return json(200, {
        message: 'Bill INV/26-27/000031 cancelled',
        bill: {
          ...bill,
          status: 'cancelled',
          cancelReason: body.reason,
          cancelledAt: '2026-11-13T09:30:00.000Z',
        },
      });
    }
    if (url.endsWith('/shop/bills/31')) return json(200, { bill });
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return cancels;
}

describe('BillPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tax invoice: seller and buyer GSTINs, IGST across states, round-off, total and words', async () => {
    storage.setToken('t');
    serve();
    renderWithProviders(<BillPage billId={31} />, { url: '/dashboard/shop/bills/31' });
    const document = await screen.findByTestId('bill-document');
    expect(within(document).getByTestId('bill-seller-gstin').textContent).toBe('27AAPFU0939F1ZV');
    expect(within(document).getByTestId('bill-buyer-gstin').textContent).toBe('29AAPFU0939F1ZR');
    expect(within(document).getByTestId('bill-place-of-supply').textContent).toBe('Karnataka (29)');
    expect(within(document).getByTestId('bill-igst').textContent).toBe('₹450.09');
    expect(within(document).queryByTestId('bill-cgst')).toBeNull();
    expect(within(document).getByTestId('bill-round-off').textContent).toBe('−₹0.59');
    expect(within(document).getByTestId('bill-total').textContent).toBe('₹2,950.00');
    expect(within(document).getByTestId('bill-amount-in-words').textContent).toBe(
      'Rupees two thousand nine hundred fifty only',
    );
    expect(within(document).getByTestId('bill-order-link').getAttribute('href')).toBe(
      '/dashboard/shop/orders/120',
    );
  });

  it('cancels only with a reason, then marks the bill cancelled and keeps its number', async () => {
    storage.setToken('t');
    const cancels = serve();
    renderWithProviders(<BillPage billId={31} />, { url: '/dashboard/shop/bills/31' });
    fireEvent.click(await screen.findByTestId('bill-cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel tax invoice INV/26-27/000031' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel tax invoice' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel tax invoice' }));
    await waitFor(() => expect(within(dialog).getByText('Reason is required')).toBeTruthy());
    expect(cancels).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Billed to the wrong GSTIN' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel tax invoice' }));
    await waitFor(() => expect(cancels).toEqual([{ reason: 'Billed to the wrong GSTIN' }]));

    const banner = await screen.findByTestId('bill-cancelled-banner');
    expect(banner.textContent).toContain('CANCELLED');
    expect(banner.textContent).toContain('Billed to the wrong GSTIN');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tax invoice INV/26-27/000031');
    expect(screen.getByTestId('bill-status').textContent).toBe('Cancelled');
    expect(screen.queryByTestId('bill-cancel')).toBeNull();
  });
});
