import type { SendInvitationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** POST /api/admin/users/:id/invitation: a new single-use link; earlier ones stop working. */
export function sendInvitation(id: number): Promise<SendInvitationResponse> {
  return api.post<SendInvitationResponse>(`/admin/users/${id}/invitation`);
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation<SendInvitationResponse, ApiError, number>({
    mutationFn: sendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
