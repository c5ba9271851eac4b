import type { ResetPasswordBody } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';

/** POST /api/auth/reset-password (public): sets the new password and ends every session; signs nobody in. */
export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', body, {
    token: null,
    skipUnauthorizedHandler: true,
  });
}

export function useResetPassword() {
  return useMutation<{ message: string }, ApiError, ResetPasswordBody>({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: resetPassword,
  });
}
