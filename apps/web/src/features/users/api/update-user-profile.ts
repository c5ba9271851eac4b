import type { UpdateUserProfileBody, UserMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { syncSessionUser } from '../lib/session-sync';
import { userKeys } from './keys';

/** PATCH /api/admin/update-user-profile/:id */
export function updateUserProfile(id: number, body: UpdateUserProfileBody): Promise<UserMutationResponse> {
  return api.patch<UserMutationResponse>(`/admin/update-user-profile/${id}`, body);
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation<UserMutationResponse, ApiError, { id: number; body: UpdateUserProfileBody }>({
    mutationFn: ({ id, body }) => updateUserProfile(id, body),
    onSuccess: (result) => {
      syncSessionUser(result.user);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
