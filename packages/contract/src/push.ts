import { z } from 'zod';

export { PUSH_REGISTRATION_REFRESH_MS, PUSH_REQUEST_TIMEOUT_MS } from './push-limits.js';

/** The key pair members of a browser PushSubscription (URL-safe base64, as `toJSON()` gives them). */
const base64UrlKey = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be URL-safe base64`);

export const pushSubscriptionKeysSchema = z.object({
  p256dh: base64UrlKey('The p256dh key', 200),
  auth: base64UrlKey('The auth secret', 100),
});

export const pushEndpointSchema = z
  .string({ error: 'The endpoint is required' })
  .trim()
  .max(2000, 'The endpoint must be at most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'The endpoint must be an https:// URL' }));

const deviceLabelSchema = z
  .string()
  .trim()
  .max(100, 'The device name must be at most 100 characters')
  .describe('What the device is called in lists, e.g. "Chrome on Windows"; defaults from the User-Agent');

/** POST /api/push/registrations: the browser's PushSubscription (`subscription.toJSON()`). */
export const createPushRegistrationBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: pushSubscriptionKeysSchema,
  deviceLabel: deviceLabelSchema.optional(),
});
export type CreatePushRegistrationBody = z.input<typeof createPushRegistrationBodySchema>;

/**
 * PATCH /api/push/registrations/:id: the refresh a device sends after 7 days, with its current
 * subscription (the browser may have rotated the endpoint and keys). An empty body only marks the
 * registration as refreshed.
 */
export const updatePushRegistrationBodySchema = z
  .object({
    endpoint: pushEndpointSchema.optional(),
    keys: pushSubscriptionKeysSchema.optional(),
    deviceLabel: deviceLabelSchema.optional(),
  })
  .refine((v) => (v.endpoint === undefined) === (v.keys === undefined), {
    path: ['keys'],
    message: 'The endpoint and its keys are sent together',
  });
export type UpdatePushRegistrationBody = z.input<typeof updatePushRegistrationBodySchema>;

export const pushRegistrationSchema = z.object({
  id: z.number().int(),
  deviceLabel: z.string(),
  /** Only the push service's origin (e.g. https://fcm.googleapis.com); the full endpoint is a secret. */
  pushService: z.string(),
  createdAt: z.string(),
  refreshedAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushRegistration = z.infer<typeof pushRegistrationSchema>;

export const pushRegistrationResponseSchema = z.object({
  message: z.string(),
  registration: pushRegistrationSchema,
});
export type PushRegistrationResponse = z.infer<typeof pushRegistrationResponseSchema>;

export const pushRegistrationListResponseSchema = z.object({
  registrations: z.array(pushRegistrationSchema).describe('Your own devices, newest first'),
});
export type PushRegistrationListResponse = z.infer<typeof pushRegistrationListResponseSchema>;

export const vapidPublicKeyResponseSchema = z.object({
  publicKey: z.string().describe('The applicationServerKey for PushManager.subscribe (URL-safe base64)'),
});
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponseSchema>;

/** What the service worker receives in each push message (encrypted by the server). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A client path such as `/dashboard/notification`, opened on click. */
  link: z.string().nullable(),
  /** Replaces an earlier system notification with the same tag instead of stacking. */
  tag: z.string(),
  notificationId: z.number().int().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
