import type { SealVerification, VerifyHashBody } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';

/** POST /api/verify/hash (public): the seal with this SHA-256, checked. */
export function verifyHash(body: VerifyHashBody): Promise<SealVerification> {
  return api.post<SealVerification>('/verify/hash', body, { token: null, skipUnauthorizedHandler: true });
}

export function useVerifyHash() {
  return useMutation<SealVerification, ApiError, VerifyHashBody>({
    mutationKey: ['verification', 'hash'],
    mutationFn: verifyHash,
  });
}
