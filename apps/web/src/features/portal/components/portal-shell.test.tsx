import type { SessionUser } from '@inspecta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPortalSession, startPortalSession } from '@/lib/session';
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
  // The portal's client sends nothing without its session (api-client.ts, `sessionRequired`).
  beforeEach(() => startPortalSession('tok-client', user));
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

/** The menu loads on the first press of its button (docs/performance.md, item 14). */
describe('the portal account menu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a plain menu button until pressed; the press opens the menu, Escape gives the button the focus', async () => {
    serve(() => 0);
    renderWithProviders(<PortalShell user={user}>page</PortalShell>, { url: '/portal' });
    const plain = screen.getByRole('button', { name: 'Account: Chandra Client' });
    expect(plain.getAttribute('aria-haspopup')).toBe('menu');
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    expect(plain.getAttribute('data-testid')).toBe('portal-account');
    const look = plain.className;
    plain.focus();
    fireEvent.click(plain);
    // `hidden`: in jsdom every box is empty, so the dropdown's positioning soon hides it as detached.
    const item = await screen.findByRole('menuitem', { name: 'Sign out', hidden: true });
    const menu = screen.getByRole('menu', { hidden: true });
    expect(item.getAttribute('data-testid')).toBe('portal-sign-out');
    const button = screen.getByRole('button', { name: 'Account: Chandra Client' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The same button: the top bar's look (its class) survives the menu's target props.
    expect(button.className).toBe(look);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks before signing out: "Stay signed in" keeps the session, "Sign out" ends it', async () => {
    const fetchMock = serve(() => 0);
    startPortalSession('tok-client', user);
    renderWithProviders(<PortalShell user={user}>page</PortalShell>, { url: '/portal/sites/3' });
    fireEvent.click(screen.getByRole('button', { name: 'Account: Chandra Client' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog.textContent).toContain('You leave the client portal on this device.');
    // The focus is in the dialog, and stays there after the menu has closed.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account: Chandra Client' })),
    );
    expect(getPortalSession()?.token).toBe('tok-client');

    fireEvent.click(screen.getByRole('button', { name: 'Account: Chandra Client' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    fireEvent.click(await screen.findByTestId('portal-sign-out-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/portal'));
    expect(getPortalSession()).toBeNull();
    const revoke = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/logout'));
    expect(revoke).toBeTruthy();
  });
});
