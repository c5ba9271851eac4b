import type { TemplateMutationResponse, UpdateTemplateBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

export interface UpdateTemplateInput {
  id: number;
  body: UpdateTemplateBody;
}

/** PUT /api/templates/:id: name, description, category, equipment types. */
export function updateTemplate({ id, body }: UpdateTemplateInput): Promise<TemplateMutationResponse> {
  return api.put<TemplateMutationResponse>(`/templates/${id}`, body);
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, UpdateTemplateInput>({
    mutationFn: updateTemplate,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
