import type { TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

/** POST /api/templates/:id/restore */
export function restoreTemplate(id: number): Promise<TemplateMutationResponse> {
  return api.post<TemplateMutationResponse>(`/templates/${id}/restore`);
}

export function useRestoreTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, number>({
    mutationFn: restoreTemplate,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
