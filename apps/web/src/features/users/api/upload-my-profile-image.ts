import type { SessionUserMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { usersQueryKey } from './get-users';

/** POST /api/auth/me/profile-image: the signed-in user's own image; answers their userData. */
export function uploadMyProfileImage(file: File): Promise<SessionUserMutationResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post<SessionUserMutationResponse>('/auth/me/profile-image', form);
}

/** DELETE /api/auth/me/profile-image */
export function removeMyProfileImage(): Promise<SessionUserMutationResponse> {
  return api.delete<SessionUserMutationResponse>('/auth/me/profile-image');
}

export function useUploadMyProfileImage() {
  const queryClient = useQueryClient();
  return useMutation<SessionUserMutationResponse, ApiError, File | null>({
    mutationFn: (file) => (file ? uploadMyProfileImage(file) : removeMyProfileImage()),
    onSuccess: (result) => {
      // userData changes with it, so the header shows the new image at once.
      updateSessionUser(result.user);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
