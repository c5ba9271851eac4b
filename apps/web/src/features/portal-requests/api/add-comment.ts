import type { PortalCommentBody, PortalCommentMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** POST /api/portal/actions/:id/comments { body } */
export function addPortalComment({ id, body }: { id: number; body: PortalCommentBody }) {
  return portalApi.post<PortalCommentMutationResponse>(`/portal/actions/${id}/comments`, body);
}

export function useAddPortalComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPortalComment,
    onSuccess: (_result, { id }) => queryClient.invalidateQueries({ queryKey: portalRequestKeys.action(id) }),
  });
}
