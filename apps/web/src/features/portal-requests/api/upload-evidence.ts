import type { PortalCommentMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from './keys';

/** POST /api/portal/actions/:id/evidence: multipart, one image `file` and a `note` (actions you own). */
export function uploadPortalEvidence({ id, file, note }: { id: number; file: File; note: string }) {
  const form = new FormData();
  form.append('note', note);
  form.append('file', file, file.name);
  return portalApi.postForm<PortalCommentMutationResponse>(`/portal/actions/${id}/evidence`, form);
}

export function useUploadPortalEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPortalEvidence,
    onSuccess: (_result, { id }) => queryClient.invalidateQueries({ queryKey: portalRequestKeys.action(id) }),
  });
}
