import type { UserMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { syncSessionUser } from '../lib/session-sync';
import { userKeys } from './keys';

/** POST /api/admin/users/:id/profile-image (multipart, field "file"). */
export function uploadProfileImage(id: number, file: File): Promise<UserMutationResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UserMutationResponse>(`/admin/users/${id}/profile-image`, form);
}

/** DELETE /api/admin/users/:id/profile-image */
export function removeProfileImage(id: number): Promise<UserMutationResponse> {
  return api.delete<UserMutationResponse>(`/admin/users/${id}/profile-image`);
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation<UserMutationResponse, ApiError, { id: number; file: File | null }>({
    mutationFn: ({ id, file }) => (file ? uploadProfileImage(id, file) : removeProfileImage(id)),
    onSuccess: (result) => {
      syncSessionUser(result.user);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
