import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { VerifyScreen } from './verify-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const SEAL = 'a'.repeat(32);
const verification = (valid: boolean) => ({
  sealId: SEAL,
  valid,
  problems: valid ? [] : ['The inspection in the database no longer matches what was sealed'],
  hash: 'b'.repeat(64),
  sealedAt: '2026-07-01T09:00:00.000Z',
  sealedLater: false,
  sealedBy: 'Ravi Kumar',
  report: {
    inspectionNumber: 42,
    siteName: 'Orion Mall',
    siteCode: 'ST-000042',
    templateName: 'Extinguisher check',
    templateVersion: 2,
    result: 'fail',
    failedItems: 1,
    totalItems: 7,
    unitCount: 2,
    completedAt: '2026-07-01T08:59:00.000Z',
  },
});

function serve(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => json(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('VerifyScreen', () => {
  it('says Valid with who sealed it, the site and the result, asking without a token', async () => {
    const fetchMock = serve(200, verification(true));
    renderWithProviders(<VerifyScreen sealId={SEAL} />);
    expect(await screen.findByRole('heading', { name: 'Valid' })).toBeTruthy();
    expect(screen.getByText('Ravi Kumar')).toBeTruthy();
    expect(screen.getByText(/Orion Mall · ST-000042/)).toBeTruthy();
    expect(screen.getByText(/1 of 7 checks failed · 2 units/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`/api/verify/seals/${SEAL}`);
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('says Not valid and why', async () => {
    serve(200, verification(false));
    renderWithProviders(<VerifyScreen sealId={SEAL} />);
    expect(await screen.findByRole('heading', { name: 'Not valid' })).toBeTruthy();
    expect(screen.getByText('The inspection in the database no longer matches what was sealed')).toBeTruthy();
  });

  it('says there is no such seal for an unknown or malformed id', async () => {
    serve(404, { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Seal was not found' });
    renderWithProviders(<VerifyScreen sealId={SEAL} />);
    expect(await screen.findByText('No such seal')).toBeTruthy();
    renderWithProviders(<VerifyScreen sealId="nope" />);
    expect(screen.getAllByText('No such seal').length).toBeGreaterThan(0);
  });

  it('offers the PDF and hash checks on /verify without an id', () => {
    serve(200, {});
    renderWithProviders(<VerifyScreen sealId={null} />);
    expect(screen.getByRole('heading', { name: 'Check a PDF' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check a hash' })).toBeTruthy();
  });
});
