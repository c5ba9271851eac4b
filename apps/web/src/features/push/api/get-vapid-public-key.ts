import type { VapidPublicKeyResponse } from '@inspecta/contract';
import { api } from '@/lib/api-client';
import { withPushTimeout } from './push-request';

/** GET /api/push/vapid-public-key: the applicationServerKey this browser subscribes with. */
export function getVapidPublicKey(): Promise<VapidPublicKeyResponse> {
  return withPushTimeout((signal) => api.get<VapidPublicKeyResponse>('/push/vapid-public-key', { signal }));
}
