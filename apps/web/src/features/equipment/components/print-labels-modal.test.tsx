import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { PrintLabelsModal } from './print-labels-modal';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const unit = (id: number, assetTag: string, name: string) => ({ id, assetTag, name });

/** The API of a site with 2,005 units to label; the PDF answers with `pdf`. */
function serve(pdf: (query: URLSearchParams) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/auth/sites/9/equipment-labels'))
      return json(200, { units: 2005, perPart: 1000, parts: 3 });
    if (url.pathname.endsWith('/auth/sites/9/equipment-labels.pdf')) return pdf(url.searchParams);
    if (url.pathname.endsWith('/auth/equipments')) {
      const search = url.searchParams.get('search');
      const equipments = search
        ? [unit(1777, 'HR-1777', 'Hose reel 1777')]
        : [unit(1, 'HR-0001', 'Hose reel 1'), unit(2, 'HR-0002', 'Hose reel 2')];
      return json(200, { equipments, pagination: { page: 1, limit: 50, total: search ? 1 : 2005 } });
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const pdfCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname.endsWith('.pdf'))
    .map((url) => Object.fromEntries(url.searchParams));

describe('PrintLabelsModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prints a large site part by part, and shows the server refusing a part on that field', async () => {
    storage.setToken('t');
    const fetchMock = serve(() =>
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid request',
        details: [{ field: 'part', message: "There are 2 parts: the site's 1500 units print 1000 a PDF" }],
      }),
    );
    renderWithProviders(<PrintLabelsModal opened onClose={() => {}} siteId={9} />);
    await screen.findByText('2,005 units to label; retired units are left out');
    const part = screen.getByRole('textbox', { name: 'Part to print' });
    expect((part as HTMLInputElement).value).toBe('Part 1 of 3: units 1–1,000');
    fireEvent.click(part);
    fireEvent.click(
      await screen.findByRole('option', { name: 'Part 3 of 3: units 2,001–2,005', hidden: true }),
    );
    fireEvent.click(screen.getByTestId('labels-download'));
    await screen.findByText("There are 2 parts: the site's 1500 units print 1000 a PDF");
    expect(pdfCalls(fetchMock)).toEqual([{ layout: '3x8', part: '3' }]);
  });

  it('finds units anywhere in the site by a search, and prints the chosen ones by id', async () => {
    storage.setToken('t');
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const fetchMock = serve(
      () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="labels-ST-9.pdf"',
          },
        }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <PrintLabelsModal
        opened
        onClose={onClose}
        siteId={9}
        initialUnits={[{ id: 2, label: 'HR-0002 · Hose reel 2' }]}
      />,
    );
    // The unit from its drawer is chosen already, under its name.
    await screen.findByText('HR-0002 · Hose reel 2');
    expect((await screen.findByTestId('labels-more-matches')).textContent).toBe(
      'The list shows 2 of 2,005 units: type to narrow it.',
    );
    const picker = screen.getByRole('textbox', { name: 'Units to print' });
    fireEvent.change(picker, { target: { value: 'HR-1777' } });
    fireEvent.click(await screen.findByRole('option', { name: 'HR-1777 · Hose reel 1777', hidden: true }));
    await screen.findByText('HR-1777 · Hose reel 1777');
    const search = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .find((url) => url.searchParams.get('search') === 'HR-1777')!;
    expect(Object.fromEntries(search.searchParams)).toMatchObject({ site_id: '9', limit: '50' });

    fireEvent.click(screen.getByTestId('labels-download'));
    await waitFor(() => expect(saved).toEqual(['labels-ST-9.pdf']));
    expect(pdfCalls(fetchMock)).toEqual([{ layout: '3x8', ids: '2,1777' }]);
    expect(onClose).toHaveBeenCalled();
    click.mockRestore();
  });
});
