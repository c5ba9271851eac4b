import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { ProductFormDrawer } from './product-form-drawer';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const category = {
  id: 4,
  name: 'Refills',
  parentId: 1,
  parentName: 'Fire extinguishers',
  status: 'active',
  productCount: 0,
  childCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const tree = {
  categories: [
    {
      ...category,
      id: 1,
      name: 'Fire extinguishers',
      parentId: null,
      parentName: null,
      childCount: 1,
      children: [category],
      totalProductCount: 0,
    },
  ],
};

function serve(handler: (url: string, init?: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.includes('/shop/categories/tree')) return json(200, tree);
    if (url.includes('/options')) return json(200, { equipmentTypes: [] });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function chooseCategory() {
  fireEvent.click(screen.getByRole('textbox', { name: /^Category/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Fire extinguishers › Refills', hidden: true }));
}

describe('ProductFormDrawer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the price in rupees and sends it in paise', async () => {
    storage.setToken('t');
    const onClose = vi.fn();
    const fetchMock = serve((url, init) =>
      url.endsWith('/shop/products') && init?.method === 'POST'
        ? json(201, { product: { id: 77, name: 'ABC refill' }, message: 'ABC refill was added' })
        : undefined,
    );
    renderWithProviders(<ProductFormDrawer opened onClose={onClose} product={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^SKU/ }), { target: { value: 'FE-RF-6' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'ABC refill' } });
    await chooseCategory();
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '1,250.50' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^HSN code/ }), { target: { value: '8424' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/shop/products') && init?.method === 'POST',
    );
    expect(JSON.parse(String(create?.[1]?.body))).toMatchObject({
      sku: 'FE-RF-6',
      name: 'ABC refill',
      categoryId: 4,
      unit: 'piece',
      pricePaise: 125050,
      hsnCode: '8424',
      gstRate: 18,
      reorderLevel: 0,
    });
  });

  it('says what is wrong and sends nothing while the form breaks the shared schema', async () => {
    storage.setToken('t');
    const fetchMock = serve(() => undefined);
    renderWithProviders(<ProductFormDrawer opened onClose={() => {}} product={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^SKU/ }), { target: { value: 'FE RF' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '12.345' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^HSN code/ }), { target: { value: '84' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Enter the price in rupees, e.g. 1250.50')).toBeTruthy();
    expect(screen.getByText('SKU may hold letters, digits and - _ . / only (no spaces)')).toBeTruthy();
    expect(screen.getByText('HSN code must be 4, 6 or 8 digits')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("puts the server's duplicate-SKU answer on the SKU field and stays open", async () => {
    storage.setToken('t');
    const onClose = vi.fn();
    serve((url, init) =>
      url.endsWith('/shop/products') && init?.method === 'POST'
        ? json(409, {
            statusCode: 409,
            error: 'Conflict',
            code: 'CONFLICT',
            message: 'A product with SKU FE-RF-6 already exists',
            details: [{ field: 'sku', message: 'A product with SKU FE-RF-6 already exists' }],
          })
        : undefined,
    );
    renderWithProviders(<ProductFormDrawer opened onClose={onClose} product={null} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^SKU/ }), { target: { value: 'FE-RF-6' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'ABC refill' } });
    await chooseCategory();
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '99' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^HSN code/ }), { target: { value: '8424' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() =>
      expect(screen.getAllByText('A product with SKU FE-RF-6 already exists')).toHaveLength(2),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
