import type { RegisterUserBody, RegisterUserResponse } from '@inspecta/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/admin/register */
export function registerUser(body: RegisterUserBody): Promise<RegisterUserResponse> {
  return api.post<RegisterUserResponse>('/admin/register', body);
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation<RegisterUserResponse, ApiError, RegisterUserBody>({
    mutationFn: registerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
