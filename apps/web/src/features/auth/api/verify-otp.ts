import type { VerifyOtpBody, VerifyOtpResponse } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';

/** POST /api/auth/verify-otp (public): trades the emailed code for a single-use reset token. */
export function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpResponse> {
  return api.post<VerifyOtpResponse>('/auth/verify-otp', body, {
    token: null,
    skipUnauthorizedHandler: true,
  });
}

export function useVerifyOtp() {
  return useMutation<VerifyOtpResponse, ApiError, VerifyOtpBody>({
    mutationKey: ['auth', 'verify-otp'],
    mutationFn: verifyOtp,
  });
}
