import type { SessionUserMutationResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { userKeys } from './keys';

/**
 * POST /api/auth/me/profile-image (multipart "file"): the signed-in user's own image; with null,
 * DELETE it. Either way the answer is their userData.
 */
export function changeMyProfileImage(file: File | null): Promise<SessionUserMutationResponse> {
  if (!file) return api.delete<SessionUserMutationResponse>('/auth/me/profile-image');
  const form = new FormData();
  form.append('file', file);
  return api.post<SessionUserMutationResponse>('/auth/me/profile-image', form);
}

/** Used by Settings and by user management (editing oneself): refreshes every place the image shows. */
export function useChangeMyProfileImage() {
  const queryClient = useQueryClient();
  return useMutation<SessionUserMutationResponse, ApiError, File | null>({
    mutationFn: changeMyProfileImage,
    onSuccess: (result) => {
      // The header and Settings read the signed-in user (stored and cached)...
      updateSessionUser(result.user);
      // ...and the user list and details show the image too.
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
