import type { CorrectiveActionMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { correctiveActionKeys } from './keys';

/** POST /api/corrective-actions/:id/comments: multipart, a `body` text and up to ten `photos`. */
export function addCorrectiveActionComment({
  id,
  body,
  photos,
}: {
  id: number;
  body: string;
  photos: File[];
}) {
  const form = new FormData();
  form.append('body', body);
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
