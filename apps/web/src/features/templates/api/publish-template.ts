import type { PublishTemplateBody, TemplateMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { onTemplateChanged } from './template-changed';

export interface PublishTemplateInput {
  id: number;
  body: PublishTemplateBody;
}

/** POST /api/templates/:id/publish (400 with every problem in details when it cannot be published). */
export function publishTemplate({ id, body }: PublishTemplateInput): Promise<TemplateMutationResponse> {
  return api.post<TemplateMutationResponse>(`/templates/${id}/publish`, body);
}

export function usePublishTemplate() {
  const queryClient = useQueryClient();
  return useMutation<TemplateMutationResponse, ApiError, PublishTemplateInput>({
    mutationFn: publishTemplate,
    onSuccess: (result) => onTemplateChanged(queryClient, result.template),
  });
}
