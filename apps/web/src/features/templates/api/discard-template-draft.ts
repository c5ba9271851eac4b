import type { TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

/** DELETE /api/templates/:id/draft: throws away the draft of a published template. */
export function discardTemplateDraft(id: number): Promise<TemplateMutationResponse> {
  return api.delete<TemplateMutationResponse>(`/templates/${id}/draft`);
}

export function useDiscardTemplateDraft() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, number>({
    mutationFn: discardTemplateDraft,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
