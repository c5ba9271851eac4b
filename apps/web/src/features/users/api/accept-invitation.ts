import type { AcceptInvitationBody, AcceptInvitationResponse } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';

/** POST /api/auth/accept-invitation (public): sets the password; signs nobody in. */
export function acceptInvitation(body: AcceptInvitationBody): Promise<AcceptInvitationResponse> {
  return api.post<AcceptInvitationResponse>('/auth/accept-invitation', body, {
    token: null,
    skipUnauthorizedHandler: true,
  });
}

export function useAcceptInvitation() {
  return useMutation<AcceptInvitationResponse, ApiError, AcceptInvitationBody>({
    mutationFn: acceptInvitation,
  });
}
