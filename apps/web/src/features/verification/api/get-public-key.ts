import type { PublicKeyResponse } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/verify/public-key (public): the organisation's Ed25519 key that signs the seals. */
export function getPublicKey(signal?: AbortSignal): Promise<PublicKeyResponse> {
  return api.get<PublicKeyResponse>('/verify/public-key', { signal });
}

export const publicKeyQueryOptions = () =>
  queryOptions({
    queryKey: verificationKeys.publicKey,
    queryFn: ({ signal }) => getPublicKey(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePublicKey() {
  return useQuery(publicKeyQueryOptions());
}
