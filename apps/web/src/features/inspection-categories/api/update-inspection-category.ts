import type { InspectionCategoryMutationResponse, UpdateInspectionCategoryBody } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { inspectionCategoryKeys } from './keys';

export interface UpdateInspectionCategoryInput {
  id: number;
  body: UpdateInspectionCategoryBody;
}

/** PATCH /api/inspection-categories/:id (`{ active: false }` deactivates). */
export function updateInspectionCategory({ id, body }: UpdateInspectionCategoryInput) {
  return api.patch<InspectionCategoryMutationResponse>(`/inspection-categories/${id}`, body);
}

export function useUpdateInspectionCategory() {
  const queryClient = useQueryClient();
  return useMutation<InspectionCategoryMutationResponse, ApiError, UpdateInspectionCategoryInput>({
    mutationFn: updateInspectionCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionCategoryKeys.all }),
  });
}
