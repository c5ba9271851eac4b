import type { PortalOverviewResponse, SessionUser } from '@inspecta/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPortalUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { endPortalSession, getPortalSession, startPortalSession, startSession } from '@/lib/session';
import { storage, storageKeys } from '@/lib/storage';
import { AppProvider } from '../../provider';
import { routes } from '../../router';
import { portalSignInPath } from './guards';

const client: SessionUser = {
  id: 7,
  userType: 'client',
  firstName: 'Claire',
  lastName: 'Client',
  email: 'claire@client.test',
  phone: null,
  profileImage: null,
};

const overview: PortalOverviewResponse = {
  client: { name: 'Claire Client', company: 'Claire Textiles Pvt Ltd' },
  totals: { sites: 1, units: 3, inDate: 1, dueSoon: 0, overdue: 1, failed: 1, openActions: 2 },
  sites: [
    {
      id: 11,
      siteCode: 'ST-000011',
      name: 'Bhiwandi Weaving Shed',
      city: 'Bhiwandi',
      status: 'active',
      units: { total: 3, inDate: 1, dueSoon: 0, overdue: 1, failed: 1 },
      nextInspectionOn: '2026-12-01',
      openActions: 2,
      lastInspectedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  pagination: { page: 1, limit: 12, total: 1 },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serve(route: (url: string) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => route(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function portalApi(url: string): Response {
  if (url.includes('/portal/overview')) return json(200, overview);
  if (url.includes('/settings/organisation'))
    return json(200, { organisation: { companyName: 'Safe Sites Inspections' } });
  return json(404, { message: 'Not found' });
}

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  setPortalUnauthorizedHandler(() => {
    endPortalSession();
    const { pathname, search } = router.state.location;
    void router.navigate(portalSignInPath(`${pathname}${search}`), { replace: true });
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('the client portal routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    setPortalUnauthorizedHandler(() => {});
  });

  it('is the sign-in at /portal when signed out, and a deep link returns there after signing in', async () => {
    // A dashboard session on the same browser does not count for the portal.
    startSession('tok-admin', { ...client, id: 1, userType: 'admin' });
    const fetchMock = serve((url) =>
      url.endsWith('/auth/login')
        ? json(200, { accessToken: 'tok-client', expiresAt: '2030-01-01T00:00:00Z', user: client })
        : portalApi(url),
    );
    const router = renderApp('/portal/sites/11');
    expect(await screen.findByRole('heading', { name: 'Client portal', level: 1 })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/portal?next=${encodeURIComponent('/portal/sites/11')}`,
    );
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'claire@client.test' } });
    fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/sites/11'));
    expect(getPortalSession()?.token).toBe('tok-client');
    expect(storage.get(storageKeys.accessToken)).toBe('tok-admin');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('refuses an administrator at the portal sign-in and stores nothing for the portal', async () => {
    serve((url) =>
      url.endsWith('/auth/login')
        ? json(200, {
            accessToken: 'tok-admin',
            expiresAt: '2030-01-01T00:00:00Z',
            user: { ...client, userType: 'admin' },
          })
        : json(200, { message: 'Logged out' }),
    );
    renderApp('/portal');
    await screen.findByRole('heading', { name: 'Client portal', level: 1 });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@inspecta.test' } });
    fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/The client portal is for clients\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard sign-in' })).toBeTruthy();
    expect(getPortalSession()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('shows the overview in the bare portal frame: organisation, company, sections, coloured counts', async () => {
    startPortalSession('tok-client', client);
    serve(portalApi);
    renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Safe Sites Inspections')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('portal-company').textContent).toContain('Claire Textiles Pvt Ltd'),
    );
    const nav = screen.getByRole('navigation', { name: 'Client portal' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Overview',
      'Requests',
      'Shop',
      'Orders',
    ]);
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/portal/notifications',
    );
    const card = await screen.findByTestId('portal-site-card');
    expect(card.getAttribute('href')).toBe('/portal/sites/11');
    expect(card.getAttribute('data-attention')).toBe('failed');
    expect(card.textContent).toContain('1 failed');
    expect(card.textContent).toContain('1 overdue');
    expect(card.textContent).toContain('1 Dec 2026');
    // No dashboard shell.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('pages past 12 sites: the pager (loaded with a second page) moves to page 2', async () => {
    startPortalSession('tok-client', client);
    const fetchMock = serve((url) =>
      url.includes('/portal/overview')
        ? json(200, {
            ...overview,
            pagination: { page: url.includes('page=2') ? 2 : 1, limit: 12, total: 13 },
          })
        : portalApi(url),
    );
    const router = renderApp('/portal');
    expect(await screen.findByTestId('portal-site-card')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('/portal/overview') && String(url).includes('page=2'),
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('a 401 in the portal ends only the portal session and returns to its sign-in', async () => {
    startSession('tok-admin', { ...client, id: 1, userType: 'admin' });
    startPortalSession('tok-client', client);
    serve(() => json(401, { message: 'Your session has ended' }));
    const router = renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Client portal', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/portal');
    expect(getPortalSession()).toBeNull();
    expect(storage.get(storageKeys.accessToken)).toBe('tok-admin');
  });
});
