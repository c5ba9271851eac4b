import type { SealVerification } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/verify/seals/:id (public): the seal checked against the live records. */
export function getSealVerification(id: string, signal?: AbortSignal): Promise<SealVerification> {
  return api.get<SealVerification>(`/verify/seals/${encodeURIComponent(id)}`, {
    token: null,
    skipUnauthorizedHandler: true,
    signal,
  });
}

export const sealVerificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: verificationKeys.seal(id),
    queryFn: ({ signal }) => getSealVerification(id, signal),
    // Always checked afresh: validity follows the database.
    staleTime: 0,
    retry: false,
  });

export function useSealVerification(id: string | null) {
  return useQuery({ ...sealVerificationQueryOptions(id ?? ''), enabled: id !== null });
}
