import type { LoginBody, LoginResponse } from '@inspecta/contract';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ApiError, api } from '@/lib/api-client';

/** POST /api/auth/login. A 401 here means wrong credentials, not an ended session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', body, { token: null, skipUnauthorizedHandler: true });
}

export function loginMutationOptions() {
  return { mutationKey: ['auth', 'login'], mutationFn: login } as const;
}

export function useLogin(
  options?: Omit<UseMutationOptions<LoginResponse, ApiError, LoginBody>, 'mutationFn'>,
) {
  return useMutation<LoginResponse, ApiError, LoginBody>({ ...loginMutationOptions(), ...options });
}
