import type { MyProfileResponse, UpdateMyProfileBody } from '@inspecta/contract';
import { useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/** PATCH /api/auth/me: own name and phone; answers userData. */
export function updateMyProfile(body: UpdateMyProfileBody): Promise<MyProfileResponse> {
  return api.patch<MyProfileResponse>('/auth/me', body);
}

export function useUpdateMyProfile() {
  return useMutation<MyProfileResponse, ApiError, UpdateMyProfileBody>({
    mutationFn: updateMyProfile,
    // The header greeting and avatar read userData: they change at once.
    onSuccess: (result) => updateSessionUser(result.user),
  });
}
