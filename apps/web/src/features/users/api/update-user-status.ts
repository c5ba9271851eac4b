import type { UpdateUserStatusBody, UserMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** PATCH /api/admin/update-user-status/:id (deactivating ends the user's sessions). */
export function updateUserStatus(id: number, body: UpdateUserStatusBody): Promise<UserMutationResponse> {
  return api.patch<UserMutationResponse>(`/admin/update-user-status/${id}`, body);
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation<UserMutationResponse, ApiError, { id: number; status: UpdateUserStatusBody['status'] }>({
    mutationFn: ({ id, status }) => updateUserStatus(id, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
