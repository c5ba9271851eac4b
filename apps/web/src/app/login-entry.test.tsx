import type { LoginResponse } from '@inspecta/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage';
import { LoginEntry } from './login-entry';

const admin = {
  id: 1,
  userType: 'admin',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@inspecta.test',
  phone: null,
  profileImage: null,
} as const;

describe('LoginEntry (the signed-out first visit to /)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the login page without the router, and its link leaves for the full app', () => {
    const leave = vi.fn();
    render(<LoginEntry leave={leave} />);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Email' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Phone' })).toBeTruthy();
    expect(screen.getByPlaceholderText('you@company.com')).toBeTruthy();
    expect(screen.getByPlaceholderText('Your password')).toBeTruthy();

    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(forgot.getAttribute('href')).toBe('/forgot-password');
    fireEvent.click(forgot);
    expect(leave).toHaveBeenCalledWith('/forgot-password', { replace: false });
    // A click that asks for a new tab is the browser's.
    fireEvent.click(forgot, { ctrlKey: true });
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('stores the session and leaves for /dashboard in place of / once an administrator signs in', async () => {
    const body: LoginResponse = { accessToken: 'tok-admin', expiresAt: '2030-01-01T00:00:00Z', user: admin };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    const leave = vi.fn();
    render(<LoginEntry leave={leave} />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@inspecta.test' } });
    fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), {
      target: { value: 'correct horse battery' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard', { replace: true }));
    expect(storage.get(storageKeys.accessToken)).toBe('tok-admin');
  });
});
