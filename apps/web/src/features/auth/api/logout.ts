import type { messageSchema } from '@inspecta/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type LogoutResponse = z.infer<typeof messageSchema>;

/**
 * POST /api/auth/logout revokes a token: the stored one, or the one given (a non-admin sign-in is
 * revoked straight away). The caller ends the session itself, so a 401 here is not special.
 */
export function logout(token?: string): Promise<LogoutResponse> {
  return api.post<LogoutResponse>('/auth/logout', undefined, {
    ...(token ? { token } : {}),
    skipUnauthorizedHandler: true,
  });
}
