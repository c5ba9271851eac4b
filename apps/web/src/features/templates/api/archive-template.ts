import type { TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

/** POST /api/templates/:id/archive */
export function archiveTemplate(id: number): Promise<TemplateMutationResponse> {
  return api.post<TemplateMutationResponse>(`/templates/${id}/archive`);
}

export function useArchiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, number>({
    mutationFn: archiveTemplate,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
