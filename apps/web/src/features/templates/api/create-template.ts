import type { CreateTemplateBody, TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

/** POST /api/templates (version 1 starts as a draft). */
export function createTemplate(body: CreateTemplateBody): Promise<TemplateMutationResponse> {
  return api.post<TemplateMutationResponse>('/templates', body);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, CreateTemplateBody>({
    mutationFn: createTemplate,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
