import { type SessionUser, sessionUserSchema } from '@inspecta/contract';

/** Local-storage keys, exactly as SPEC.md section 9 names them. */
export const storageKeys = {
  accessToken: 'accessToken',
  userData: 'userData',
  notificationsRead: 'notifications_read',
  lastSeenNotifyId: 'last_seen_notify_id',
  /**
   * Not in SPEC.md 9's list: this device's web-push registration (id and when it was last sent),
   * for the 7-day refresh SPEC.md 9 asks for. Logout clears it with everything else (docs/push.md).
   */
  pushRegistration: 'push_registration',
  /** The inspector app's own session (/inspector), apart from the dashboard's (docs/inspections.md). */
  inspectorAccessToken: 'inspectorAccessToken',
  inspectorUserData: 'inspectorUserData',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (disabled storage, private mode quotas); the app then behaves as signed out.
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return attempt(() => window.localStorage.getItem(key), null);
  },
  set(key: StorageKey, value: string): void {
    attempt(() => window.localStorage.setItem(key, value), undefined);
  },
  remove(key: StorageKey): void {
    attempt(() => window.localStorage.removeItem(key), undefined);
  },
  /** Removes everything the app keeps, as logout requires. */
  clear(): void {
    attempt(() => window.localStorage.clear(), undefined);
  },

  getToken(): string | null {
    const token = storage.get(storageKeys.accessToken);
    return token ? token : null;
  },
  setToken(token: string): void {
    storage.set(storageKeys.accessToken, token);
  },

  /** The stored user, or null when missing or not a valid SessionUser. */
  getUser(): SessionUser | null {
    const raw = storage.get(storageKeys.userData);
    if (!raw) return null;
    const parsed = sessionUserSchema.safeParse(attempt<unknown>(() => JSON.parse(raw), null));
    return parsed.success ? parsed.data : null;
  },
  setUser(user: SessionUser): void {
    storage.set(storageKeys.userData, JSON.stringify(user));
  },

  getInspectorToken(): string | null {
    return storage.get(storageKeys.inspectorAccessToken) || null;
  },
  /** The inspector app's stored user, or null when missing or not a valid SessionUser. */
  getInspectorUser(): SessionUser | null {
    const raw = storage.get(storageKeys.inspectorUserData);
    if (!raw) return null;
    const parsed = sessionUserSchema.safeParse(attempt<unknown>(() => JSON.parse(raw), null));
    return parsed.success ? parsed.data : null;
  },
  setInspectorSession(token: string, user: SessionUser): void {
    storage.set(storageKeys.inspectorAccessToken, token);
    storage.set(storageKeys.inspectorUserData, JSON.stringify(user));
  },
  /** Removes the inspector app's session only; the dashboard's keys stay. */
  removeInspectorSession(): void {
    storage.remove(storageKeys.inspectorAccessToken);
    storage.remove(storageKeys.inspectorUserData);
  },
};
