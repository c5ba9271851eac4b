/**
 * The browser's side of web push: support, permission, the service worker and the
 * PushSubscription. Nothing here talks to the server.
 */

export const SERVICE_WORKER_URL = '/sw.js';

export type PushSupport = 'supported' | 'unsupported' | 'insecure';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    // Service workers exist only on https:// and localhost; say so rather than "unsupported".
    return window.isSecureContext === false ? 'insecure' : 'unsupported';
  }
  return 'supported';
}

export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** The application server key as the Push API wants it (bytes, from URL-safe base64). */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Registers (or finds) the app's service worker at the site root and waits until it is active. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, without registering anything. */
export async function existingSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The current subscription, or a new one for this server's key (needs permission granted). */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await serviceWorkerRegistration();
  const current = await registration.pushManager.getSubscription();
  const key = applicationServerKey(publicKey);
  if (current) {
    // A subscription made for another server key (a reset database) cannot be used: start over.
    const currentKey = current.options.applicationServerKey;
    const same =
      currentKey !== null &&
      new Uint8Array(currentKey).length === key.length &&
      new Uint8Array(currentKey).every((b, i) => b === key[i]);
    if (same) return current;
    await current.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The parts of a subscription the server stores. */
export function subscriptionBody(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
