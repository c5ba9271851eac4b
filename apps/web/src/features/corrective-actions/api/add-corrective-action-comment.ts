import type { CorrectiveActionMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/**
 * POST /api/corrective-actions/:id/comments: multipart, a `body` text, up to ten `photos`, and
 * `visibleToClient` ("true" shares the comment with the site's client in the portal).
 */
export function addCorrectiveActionComment({
  id,
  body,
  photos,
  visibleToClient = false,
}: {
  id: number;
  body: string;
  photos: File[];
  visibleToClient?: boolean;
}) {
  const form = new FormData();
  form.append('body', body);
  form.append('visibleToClient', visibleToClient ? 'true' : 'false');
  for (const photo of photos) form.append('photos', photo, photo.name);
  return api.post<CorrectiveActionMutationResponse>(`/corrective-actions/${id}/comments`, form);
}

export function useAddCorrectiveActionComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCorrectiveActionComment,
    onSuccess: (result) =>
      queryClient.setQueryData(correctiveActionKeys.detail(result.action.id), { action: result.action }),
  });
}
