import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { inspectionCategoryKeys } from './keys';

/** DELETE /api/inspection-categories/:id (409 when the category is in use). */
export function deleteInspectionCategory(id: number) {
  return api.delete<{ message: string }>(`/inspection-categories/${id}`);
}

export function useDeleteInspectionCategory() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: deleteInspectionCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionCategoryKeys.all }),
  });
}
