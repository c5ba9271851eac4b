import type { ChainVerification } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/verify/chain (administrators): the whole chain checked, and where it breaks first. */
export function getChainVerification(signal?: AbortSignal): Promise<ChainVerification> {
  return api.get<ChainVerification>('/verify/chain', { signal });
}

export const chainVerificationQueryOptions = () =>
  queryOptions({
    queryKey: verificationKeys.chain,
    queryFn: ({ signal }) => getChainVerification(signal),
    staleTime: 0,
    gcTime: 0,
  });

/** Runs only when asked (the check reads every seal): `refetch()` starts it. */
export function useChainVerification() {
  return useQuery({ ...chainVerificationQueryOptions(), enabled: false });
}
