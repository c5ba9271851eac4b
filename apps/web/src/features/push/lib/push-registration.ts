import { isApiError } from '@/lib/api-client';
import { createPushRegistration } from '../api/create-push-registration';
import { deletePushRegistration } from '../api/delete-push-registration';
import { getVapidPublicKey } from '../api/get-vapid-public-key';
import { refreshPushRegistration } from '../api/refresh-push-registration';
import {
  existingSubscription,
  notificationPermission,
  pushSupport,
  subscribeBrowser,
  subscriptionBody,
} from './browser-push';
import {
  forgetStoredRegistration,
  readStoredRegistration,
  registrationNeedsRefresh,
  saveStoredRegistration,
} from './stored-registration';

/** What the Settings control shows for this device. */
export type BrowserPushState = 'unsupported' | 'insecure' | 'blocked' | 'enabled' | 'disabled';

export async function browserPushState(): Promise<BrowserPushState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  const permission = notificationPermission();
  if (permission === 'denied') return 'blocked';
  const stored = readStoredRegistration();
  if (permission !== 'granted' || !stored) return 'disabled';
  const subscription = await existingSubscription();
  return subscription ? 'enabled' : 'disabled';
}

async function sendNew(subscription: PushSubscription, deviceLabel?: string): Promise<void> {
  const { registration } = await createPushRegistration({
    ...subscriptionBody(subscription),
    ...(deviceLabel ? { deviceLabel } : {}),
  });
  saveStoredRegistration({ id: registration.id, endpoint: subscription.endpoint, sentAt: Date.now() });
}

/**
 * Turns browser notifications on for this device. Call it from the user's click: the permission
 * prompt is the first thing it does (browsers only show it on a user action, and SPEC.md 5 makes
 * the permission a condition of registering). Answers the state afterwards.
 */
export async function enableBrowserPush(deviceLabel: string): Promise<BrowserPushState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'disabled';
  const { publicKey } = await getVapidPublicKey();
  const subscription = await subscribeBrowser(publicKey);
  await sendNew(subscription, deviceLabel);
  return 'enabled';
}

/** Turns them off: the server forgets this device and the browser drops its subscription. */
export async function disableBrowserPush(options: { token?: string | null } = {}): Promise<void> {
  const stored = readStoredRegistration();
  if (stored) {
    try {
      await deletePushRegistration(stored.id, options);
    } catch (error) {
      // Already gone on the server (removed as expired, or from another tab): nothing left to undo.
      if (!(isApiError(error) && error.status === 404)) throw error;
    }
  }
  forgetStoredRegistration();
  const subscription = await existingSubscription();
  await subscription?.unsubscribe();
}

/**
 * SPEC.md 9's refresh: when this device's registration was last sent 7 or more days ago, send it
 * again (PATCH, with the current subscription, which the browser may have rotated; a new POST if
 * the server no longer knows it). Runs on app start after sign-in; without permission any more,
 * the registration is withdrawn instead. Answers what it did, for tests and logs.
 */
export async function refreshBrowserPushIfDue(
  now = Date.now(),
): Promise<'not-registered' | 'fresh' | 'refreshed' | 'registered-again' | 'withdrawn'> {
  const stored = readStoredRegistration();
  if (!stored) return 'not-registered';
  if (!registrationNeedsRefresh(stored, now)) return 'fresh';
  if (pushSupport() !== 'supported' || notificationPermission() !== 'granted') {
    await disableBrowserPush();
    return 'withdrawn';
  }
  const { publicKey } = await getVapidPublicKey();
  const subscription = await subscribeBrowser(publicKey);
  try {
    await refreshPushRegistration(stored.id, subscriptionBody(subscription));
    saveStoredRegistration({ id: stored.id, endpoint: subscription.endpoint, sentAt: now });
    return 'refreshed';
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
    await sendNew(subscription);
    return 'registered-again';
  }
}
