import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** DELETE /api/admin/deleteuser/:id (soft delete: history stays, sign-in stops). */
export function deleteUser(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/admin/deleteuser/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, number>({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
