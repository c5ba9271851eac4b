import { PUSH_REGISTRATION_REFRESH_MS } from '@inspecta/contract';
import { storage, storageKeys } from '@/lib/storage';

/** What this device remembers of its push registration. */
export interface StoredPushRegistration {
  /** The server's registration id (for PATCH and DELETE). */
  id: number;
  /** The endpoint it was registered with, to notice when the browser rotated it. */
  endpoint: string;
  /** When the registration was last sent (POST or PATCH), epoch milliseconds. */
  sentAt: number;
}

function isStored(value: unknown): value is StoredPushRegistration {
  const v = value as Partial<StoredPushRegistration> | null;
  return (
    typeof v?.id === 'number' &&
    Number.isInteger(v.id) &&
    typeof v.endpoint === 'string' &&
    typeof v.sentAt === 'number' &&
    Number.isFinite(v.sentAt)
  );
}

export function readStoredRegistration(): StoredPushRegistration | null {
  const raw = storage.get(storageKeys.pushRegistration);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStored(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveStoredRegistration(record: StoredPushRegistration): void {
  storage.set(storageKeys.pushRegistration, JSON.stringify(record));
}

export function forgetStoredRegistration(): void {
  storage.remove(storageKeys.pushRegistration);
}

/**
 * SPEC.md 9: the registration is re-sent when it is 7 days old or older. A time in the future
 * (the device clock was wrong when it was saved) also counts as stale, so a bad clock cannot
 * postpone the refresh for ever.
 */
export function registrationNeedsRefresh(record: StoredPushRegistration, now: number): boolean {
  const age = now - record.sentAt;
  return age < 0 || age >= PUSH_REGISTRATION_REFRESH_MS;
}
