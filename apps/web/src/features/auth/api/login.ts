import type { LoginBody, LoginResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';

/** POST /api/auth/login. A 401 here means wrong credentials, not an ended session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', body, { token: null, skipUnauthorizedHandler: true });
}
