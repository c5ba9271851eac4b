import type { LoginResponse, SessionUser } from '@inspecta/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { LoginForm, NOT_ADMIN_CLIENT_MESSAGE, NOT_ADMIN_MESSAGE } from './login-form';

const admin: SessionUser = {
  id: 1,
  userType: 'admin',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@inspecta.test',
  phone: null,
  profileImage: null,
};

type Route = (url: string, init: RequestInit) => Response;

function serve(route: Route) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => route(String(input), init ?? {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shared schema messages and calls nothing when the fields are invalid', async () => {
    const fetchMock = serve(() => json(500, {}));
    renderWithProviders(<LoginForm onSuccess={() => {}} />, { url: '/' });
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks a field when it is left, and drops its message as it is edited', async () => {
    serve(() => json(500, {}));
    renderWithProviders(<LoginForm onSuccess={() => {}} />, { url: '/' });
    const email = screen.getByLabelText(/Email/);
    // The schema loads once the form shows; a field left before that is checked on submit only.
    await waitFor(async () => {
      fireEvent.change(email, { target: { value: 'not-an-email' } });
      fireEvent.blur(email);
      expect(await screen.findByText('Enter a valid email address', {}, { timeout: 200 })).toBeTruthy();
    });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Password is required')).toBeNull();

    fireEvent.change(email, { target: { value: 'ada@inspecta' } });
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    fireEvent.change(email, { target: { value: 'ada@inspecta.test' } });
    fireEvent.blur(email);
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
  });

  it('stores accessToken and userData for an administrator and reports success', async () => {
    const body: LoginResponse = { accessToken: 'tok-admin', expiresAt: '2030-01-01T00:00:00Z', user: admin };
    const fetchMock = serve(() => json(200, body));
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, { url: '/' });
    fillAndSubmit('  Ada@Inspecta.test ', 'correct horse battery');

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(admin));
    expect(storage.get(storageKeys.accessToken)).toBe('tok-admin');
    expect(JSON.parse(storage.get(storageKeys.userData) ?? 'null')).toEqual(admin);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@inspecta.test',
      password: 'correct horse battery',
    });
  });

  it('stores nothing for a non-admin, revokes the issued token and says why', async () => {
    const inspector: SessionUser = { ...admin, id: 2, userType: 'inspector' };
    const fetchMock = serve((url) =>
      url.endsWith('/auth/login')
        ? json(200, { accessToken: 'tok-inspector', expiresAt: '2030-01-01T00:00:00Z', user: inspector })
        : json(200, { message: 'Logged out' }),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, { url: '/' });
    fillAndSubmit('ivan@inspecta.test', 'correct horse battery');

    expect(await screen.findByText(NOT_ADMIN_MESSAGE)).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(logoutCall).toBeDefined();
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('tok-inspector');
  });

  it('refuses a client too, pointing them to the client portal, and stores nothing', async () => {
    const client: SessionUser = { ...admin, id: 3, userType: 'client' };
    const fetchMock = serve((url) =>
      url.endsWith('/auth/login')
        ? json(200, { accessToken: 'tok-client', expiresAt: '2030-01-01T00:00:00Z', user: client })
        : json(200, { message: 'Logged out' }),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, { url: '/' });
    fillAndSubmit('claire@client.test', 'correct horse battery');

    expect(await screen.findByText(NOT_ADMIN_CLIENT_MESSAGE)).toBeTruthy();
    expect(NOT_ADMIN_CLIENT_MESSAGE).toContain('/portal');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('tok-client');
  });

  it("shows the server's message and maps details onto the fields", async () => {
    serve(() =>
      json(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Email or password is incorrect.',
        code: 'INVALID_CREDENTIALS',
        details: [{ field: 'password', message: 'Check your password' }],
      }),
    );
    renderWithProviders(<LoginForm onSuccess={() => {}} />, { url: '/' });
    fillAndSubmit('ada@inspecta.test', 'wrong password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email or password is incorrect.');
    expect(screen.getByText('Check your password')).toBeTruthy();
    expect(window.localStorage.length).toBe(0);
  });

  it('adds the wait from Retry-After when rate limited', async () => {
    serve(() =>
      json(
        429,
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many sign-in attempts.',
          code: 'RATE_LIMITED',
        },
        { 'Retry-After': '30' },
      ),
    );
    renderWithProviders(<LoginForm onSuccess={() => {}} />, { url: '/' });
    fillAndSubmit('ada@inspecta.test', 'whatever');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many sign-in attempts. Try again in 30 seconds.');
  });
});
