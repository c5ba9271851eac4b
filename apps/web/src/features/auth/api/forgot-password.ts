import type { ForgotPasswordBody, ForgotPasswordResponse } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';

/** POST /api/auth/forgot-password (public): emails a reset code when the account exists; same answer always. */
export function forgotPassword(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return api.post<ForgotPasswordResponse>('/auth/forgot-password', body, {
    token: null,
    skipUnauthorizedHandler: true,
  });
}

export function useForgotPassword() {
  return useMutation<ForgotPasswordResponse, ApiError, ForgotPasswordBody>({
    mutationKey: ['auth', 'forgot-password'],
    mutationFn: forgotPassword,
  });
}
