import type { SessionUser } from '@inspecta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { InspectorSignIn, NOT_INSPECTOR_CLIENT_MESSAGE, NOT_INSPECTOR_MESSAGE } from './inspector-sign-in';

const inspector: SessionUser = {
  id: 2,
  userType: 'inspector',
  firstName: 'Ivan',
  lastName: 'Field',
  email: 'ivan@inspecta.test',
  phone: null,
  profileImage: null,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The login answers with `user`; logout answers OK. */
function serveLoginAs(user: SessionUser) {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).endsWith('/auth/login')
      ? json(200, { accessToken: `tok-${user.userType}`, expiresAt: '2030-01-01T00:00:00Z', user })
      : json(200, { message: 'Logged out' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn() {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'someone@inspecta.test' } });
  fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), {
    target: { value: 'correct horse battery' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('InspectorSignIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps an inspector's session under the inspector app's own keys", async () => {
    serveLoginAs(inspector);
    const onSuccess = vi.fn();
    renderWithProviders(<InspectorSignIn onSuccess={onSuccess} />, { url: '/inspector/sign-in' });
    signIn();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(inspector));
    expect(storage.get(storageKeys.inspectorAccessToken)).toBe('tok-inspector');
    expect(storage.get(storageKeys.accessToken)).toBeNull();
  });

  it('sends an administrator to the dashboard sign-in and stores nothing', async () => {
    serveLoginAs({ ...inspector, userType: 'admin' });
    const onSuccess = vi.fn();
    renderWithProviders(<InspectorSignIn onSuccess={onSuccess} />, { url: '/inspector/sign-in' });
    signIn();
    expect(await screen.findByText(NOT_INSPECTOR_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard sign-in' }).getAttribute('href')).toBe('/');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
  });

  it('sends a client to the client portal, revokes the issued token and stores nothing', async () => {
    const fetchMock = serveLoginAs({ ...inspector, id: 3, userType: 'client' });
    const onSuccess = vi.fn();
    renderWithProviders(<InspectorSignIn onSuccess={onSuccess} />, { url: '/inspector/sign-in' });
    signIn();
    expect(await screen.findByText(NOT_INSPECTOR_CLIENT_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the client portal' }).getAttribute('href')).toBe(
      '/portal',
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('tok-client');
  });
});
