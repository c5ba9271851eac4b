import type { SaveTemplateDraftBody, TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

export interface SaveTemplateDraftInput {
  id: number;
  body: SaveTemplateDraftBody;
}

/** PUT /api/templates/:id/draft: saves the draft, or starts a new draft version of a published template. */
export function saveTemplateDraft({ id, body }: SaveTemplateDraftInput): Promise<TemplateMutationResponse> {
  return api.put<TemplateMutationResponse>(`/templates/${id}/draft`, body);
}

export function useSaveTemplateDraft() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, SaveTemplateDraftInput>({
    mutationFn: saveTemplateDraft,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
