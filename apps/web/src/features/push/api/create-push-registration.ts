import type { CreatePushRegistrationBody, PushRegistrationResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { withPushTimeout } from './push-request';

/** POST /api/push/registrations: registers this browser's PushSubscription for the signed-in user. */
export function createPushRegistration(body: CreatePushRegistrationBody): Promise<PushRegistrationResponse> {
  return withPushTimeout((signal) =>
    api.post<PushRegistrationResponse>('/push/registrations', body, { signal }),
  );
}
