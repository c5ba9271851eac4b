import { api } from '@/lib/api-client';
import { withPushTimeout } from './push-request';

/**
 * DELETE /api/push/registrations/:id. `token` lets logout send it with the token it is about to
 * drop, and never treat a 401 here as a second logout.
 */
export function deletePushRegistration(
  id: number,
  options: { token?: string | null } = {},
): Promise<{ message: string }> {
  return withPushTimeout((signal) =>
    api.delete<{ message: string }>(`/push/registrations/${id}`, {
      signal,
      ...(options.token !== undefined ? { token: options.token, skipUnauthorizedHandler: true } : {}),
    }),
  );
}
