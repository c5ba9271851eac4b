import type { PushRegistrationResponse, UpdatePushRegistrationBody } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { withPushTimeout } from './push-request';

/** PATCH /api/push/registrations/:id: the 7-day re-send, with the browser's current subscription. */
export function refreshPushRegistration(
  id: number,
  body: UpdatePushRegistrationBody,
): Promise<PushRegistrationResponse> {
  return withPushTimeout((signal) =>
    api.patch<PushRegistrationResponse>(`/push/registrations/${id}`, body, { signal }),
  );
}
