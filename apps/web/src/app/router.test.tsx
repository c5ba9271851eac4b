import type { SessionUser } from '@inspecta/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { endSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { matchingMediaQueries } from '@/testing/setup-tests';
import { AppProvider } from './provider';
import { routes } from './router';

const admin: SessionUser = {
  id: 1,
  userType: 'admin',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@inspecta.test',
  phone: null,
  profileImage: null,
};

function signIn() {
  storage.setToken('tok');
  storage.setUser(admin);
}

function serve(route: (url: string) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => route(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const emptyList = { notifications: [], unread: 0, pagination: { page: 1, limit: 20, total: 0 } };

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  setUnauthorizedHandler(() => {
    endSession();
    void router.navigate('/', { replace: true });
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('app routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    setUnauthorizedHandler(() => {});
  });

  it('sends /dashboard/* without a token to the login page', async () => {
    serve(() => json(404, {}));
    const router = renderApp('/dashboard/site-management');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user from / to /dashboard', async () => {
    signIn();
    serve((url) => (url.includes('/auth/me') ? json(200, { user: admin }) : json(200, emptyList)));
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders the shell with landmarks, the footer text and both submenus open on /dashboard/orders', async () => {
    signIn();
    serve((url) => (url.includes('/auth/me') ? json(200, { user: admin }) : json(200, emptyList)));
    renderApp('/dashboard/orders');
    expect(await screen.findByRole('heading', { name: 'Equipment', level: 1 })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(
      '© 2025 UGC Inspecta. All Rights Reserved.',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav).getByRole('button', { name: 'Organization Management' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(nav).getByRole('button', { name: 'Device Management' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    const activeLinks = within(nav)
      .getAllByRole('link', { name: 'Equipment' })
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(activeLinks).toHaveLength(2);
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('below 992 px moves the sidebar into a drawer opened by the burger', async () => {
    matchingMediaQueries.delete('(min-width: 62em)');
    signIn();
    serve((url) => (url.includes('/auth/me') ? json(200, { user: admin }) : json(200, emptyList)));
    renderApp('/dashboard/user-management');
    expect(await screen.findByRole('heading', { name: 'User Management', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByTestId('greeting')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'User Management' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getAllByTestId('greeting')).toHaveLength(1);
  });

  it("starts at the content: a skip link first, and the new page's heading focused after a navigation", async () => {
    signIn();
    serve((url) => (url.includes('/auth/me') ? json(200, { user: admin }) : json(200, emptyList)));
    const router = renderApp('/dashboard/notification');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    // The first load leaves the focus alone (the skip link is the first Tab stop).
    expect(document.activeElement).toBe(document.body);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.querySelector('a[href]')).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Notifications', level: 1 }));
    expect(router.state.location.hash).toBe('');

    await router.navigate('/dashboard/no-such-screen');
    const heading = await screen.findByRole('heading', { name: 'Page not found', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // A change of the address's query (a filter, a search) is not a new page: the focus stays.
    const box = document.createElement('input');
    document.body.append(box);
    box.focus();
    await router.navigate('/dashboard/no-such-screen?tab=x');
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    expect(document.activeElement).toBe(box);
    box.remove();
  });

  it('logs out from the modal: revokes, clears storage and returns to /', async () => {
    signIn();
    const fetchMock = serve((url) => {
      if (url.includes('/auth/me')) return json(200, { user: admin });
      if (url.includes('/auth/logout')) return json(200, { message: 'Logged out' });
      return json(200, emptyList);
    });
    // The notifications page: every call it makes is answered in its own shape by the mock above.
    const router = renderApp('/dashboard/notification');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Are you sure you want to log out?')).toBeTruthy();
    // Focus starts on the safe answer.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, cancel' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/auth/logout'))).toBe(true);
    expect(window.localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('a 401 from any call ends the session and returns to /', async () => {
    signIn();
    storage.set('notifications_read', 'true');
    serve(() =>
      json(401, { statusCode: 401, error: 'Unauthorized', message: 'Expired', code: 'UNAUTHENTICATED' }),
    );
    const router = renderApp('/dashboard/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows an unknown path under /dashboard inside the shell, with a way back', async () => {
    signIn();
    serve((url) => (url.includes('/auth/me') ? json(200, { user: admin }) : json(200, emptyList)));
    renderApp('/dashboard/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('All Rights Reserved.');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(document.title).toBe('Page not found · Inspecta');
  });

  it('shows a bare 404 page with a link home for unknown paths', async () => {
    serve(() => json(404, {}));
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
