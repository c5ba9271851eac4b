import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ForgotPassword } from './forgot-password';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

describe('ForgotPassword', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('walks from the email to the code to a new password, with the server answers', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        const body = JSON.parse(String(init?.body ?? '{}'));
        calls.push({ url, body });
        if (url.endsWith('/auth/forgot-password'))
          return json(200, { message: 'sent', resendAfterSeconds: 60, expiresInMinutes: 10 });
        if (url.endsWith('/auth/verify-otp')) {
          if (body.code !== '654321')
            return json(400, {
              statusCode: 400,
              error: 'Bad Request',
              code: 'VALIDATION_FAILED',
              message: 'That code is not right. 4 tries left.',
              details: [{ field: 'code', message: 'That code is not right. 4 tries left.' }],
            });
          return json(200, {
            resetToken: 'reset-token-abcdefghijklmnop',
            expiresAt: new Date().toISOString(),
          });
        }
        return json(200, { message: 'Your password has been reset.' });
      }),
    );
    renderWithProviders(<ForgotPassword />, { url: '/forgot-password' });

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: ' Ravi@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    expect(calls[0]!.body).toEqual({ email: 'ravi@example.com' });
    expect(
      (screen.getByRole('button', { name: /Resend code in 1:00|Resend code in 0:59/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await screen.findByRole('heading', { name: 'Choose a new password' });

    const policy = screen.getByTestId('password-policy');
    expect(policy.textContent).toContain('At least 10 characters (not met yet)');
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), {
      target: { value: 'ravi@example.com' },
    });
    expect(policy.textContent).toContain('At least 10 characters (met)');
    expect(policy.textContent).toContain('Not your email address (not met yet)');
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), {
      target: { value: 'Lathe-Orbit-Kettle-9' },
    });
    fireEvent.change(screen.getByLabelText('Repeat the new password', { selector: 'input' }), {
      target: { value: 'Lathe-Orbit-Kettle-9' },
    });
    expect(policy.textContent).not.toContain('not met yet');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByTestId('password-reset-done');
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]!.body).toEqual({
      token: 'reset-token-abcdefghijklmnop',
      password: 'Lathe-Orbit-Kettle-9',
    });
  });
});
