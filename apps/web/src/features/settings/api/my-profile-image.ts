import type { SessionUserMutationResponse } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/** POST /api/auth/me/profile-image (multipart "file") or, with null, DELETE it. */
export function changeMyProfileImage(file: File | null): Promise<SessionUserMutationResponse> {
  if (!file) return api.delete<SessionUserMutationResponse>('/auth/me/profile-image');
  const form = new FormData();
  form.append('file', file);
  return api.post<SessionUserMutationResponse>('/auth/me/profile-image', form);
}

export function useChangeMyProfileImage() {
  return useMutation<SessionUserMutationResponse, ApiError, File | null>({
    mutationFn: changeMyProfileImage,
    onSuccess: (result) => updateSessionUser(result.user),
  });
}
