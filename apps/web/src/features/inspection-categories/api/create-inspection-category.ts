import type { CreateInspectionCategoryBody, InspectionCategoryMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { inspectionCategoryKeys } from './keys';

/** POST /api/inspection-categories */
export function createInspectionCategory(body: CreateInspectionCategoryBody) {
  return api.post<InspectionCategoryMutationResponse>('/inspection-categories', body);
}

export function useCreateInspectionCategory() {
  const queryClient = useQueryClient();
  return useMutation<InspectionCategoryMutationResponse, ApiError, CreateInspectionCategoryBody>({
    mutationFn: createInspectionCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionCategoryKeys.all }),
  });
}
