import type { RegisterUserBody, RegisterUserResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** POST /api/admin/register */
export function registerUser(body: RegisterUserBody): Promise<RegisterUserResponse> {
  return api.post<RegisterUserResponse>('/admin/register', body);
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation<RegisterUserResponse, ApiError, RegisterUserBody>({
    mutationFn: registerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
