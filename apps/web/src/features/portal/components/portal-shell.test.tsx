import type { SessionUser } from '@inspecta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { PortalShell } from './portal-shell';

const user: SessionUser = {
  id: 8,
  userType: 'client',
  firstName: 'Chandra',
  lastName: 'Client',
  email: 'chandra@example.com',
  phone: null,
  profileImage: null,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers the bell's unread count with `unread` (the other top-bar queries fail, which the bar survives). */
function serve(unread: () => number) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes('/get/notification'))
      return json(200, { notifications: [], unread: unread(), pagination: { page: 1, limit: 1, total: 0 } });
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the portal bell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the unread count in its label and shows it as a badge; none, no badge', async () => {
    let unread = 3;
    const fetchMock = serve(() => unread);
    const { queryClient } = renderWithProviders(<PortalShell user={user}>page</PortalShell>, {
      url: '/portal',
    });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(screen.getByTestId('portal-bell-count').textContent).toBe('3');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/get/notification'));
    expect(String(call?.[0])).toContain('limit=1');

    // Reading on /portal/notifications invalidates the notifications' key root: the bell follows.
    unread = 0;
    await queryClient.invalidateQueries({ queryKey: ['portal', 'notifications'] });
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications'));
    expect(screen.queryByTestId('portal-bell-count')).toBeNull();
  });

  it('refetches the count when the window regains focus', async () => {
    let unread = 1;
    serve(() => unread);
    renderWithProviders(<PortalShell user={user}>page</PortalShell>, { url: '/portal' });
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    unread = 120;
    // The count is never fresh (staleTime 0): a focus asks again.
    fireEvent.focus(window);
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('link', { name: 'Notifications, 120 unread' })).toBeTruthy();
    expect(screen.getByTestId('portal-bell-count').textContent).toBe('99+');
  });

  it('links the account page from the account menu', async () => {
    serve(() => 0);
    renderWithProviders(<PortalShell user={user}>page</PortalShell>, { url: '/portal' });
    fireEvent.click(screen.getByRole('button', { name: 'Account: Chandra Client' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/portal/account'));
  });
});
