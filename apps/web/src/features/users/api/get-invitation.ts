import type { InvitationInfo } from '@inspecta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /api/auth/invitation?token= (public): who the invitation is for. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  return api.get<InvitationInfo>('/auth/invitation', {
    query: { token },
    signal,
    token: null,
    skipUnauthorizedHandler: true,
  });
}

export function getInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: userKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvitation(token: string) {
  return useQuery({ ...getInvitationQueryOptions(token), enabled: token !== '' });
}
