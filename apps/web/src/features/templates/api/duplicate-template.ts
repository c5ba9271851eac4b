import type { TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

/** POST /api/templates/:id/duplicate: a new draft template with a copy of the checklist. */
export function duplicateTemplate(id: number): Promise<TemplateMutationResponse> {
  return api.post<TemplateMutationResponse>(`/templates/${id}/duplicate`, {});
}

export function useDuplicateTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, number>({
    mutationFn: duplicateTemplate,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
