import type { SessionUser, UserType } from '@inspecta/contract';

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
  /** The client portal's own session (/portal), apart from the dashboard's and the inspector's (docs/portal.md). */
  portalAccessToken: 'portalAccessToken',
  portalUserData: 'portalUserData',
  /** Not in SPEC.md 9's list: the columns each list hides on this device (docs/saved-views.md). */
  hiddenColumns: 'list_hidden_columns',
  /** Not in SPEC.md 9's list: the order of each list's optional columns on this device (same doc). */
  columnOrder: 'list_column_order',
  /**
   * Not in SPEC.md 9's list: the organisation's date format as last seen, so dates show in it from
   * the first render of the next visit (docs/accessibility.md). Logout clears it with the rest.
   */
  dateFormat: 'date_format',
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

/** Every user type, checked against the contract's: a type added there fails the typecheck here. */
const USER_TYPES = { admin: true, inspector: true, client: true } satisfies Record<UserType, true>;
const isString = (value: unknown) => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The contract's `sessionUserSchema`, checked by hand: every route's guard reads the stored user
 * before any page shows, and zod is not worth loading for that (docs/performance.md). The map names
 * every field of SessionUser, so a field added to the contract fails the typecheck until it is here;
 * `storage.test.ts` holds it to the schema's answers.
 */
const SESSION_USER_FIELDS: { [K in keyof SessionUser]-?: (value: unknown) => boolean } = {
  id: (value) => Number.isInteger(value),
  userType: (value) => typeof value === 'string' && Object.hasOwn(USER_TYPES, value),
  firstName: isString,
  lastName: isString,
  email: isString,
  phone: isStringOrNull,
  profileImage: isStringOrNull,
};

/** The stored value as a SessionUser (its known fields only, like the schema's parse), or null. */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [field, valid] of Object.entries(SESSION_USER_FIELDS)) {
    if (!valid(record[field])) return null;
    user[field] = record[field];
  }
  return user as SessionUser;
}

/** A stored SessionUser, or null when missing or not valid. */
function readUser(key: StorageKey): SessionUser | null {
  const raw = storage.get(key);
  if (!raw) return null;
  return parseSessionUser(attempt<unknown>(() => JSON.parse(raw), null));
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
    return readUser(storageKeys.userData);
  },
  setUser(user: SessionUser): void {
    storage.set(storageKeys.userData, JSON.stringify(user));
  },

  getInspectorToken(): string | null {
    return storage.get(storageKeys.inspectorAccessToken) || null;
  },
  /** The inspector app's stored user, or null when missing or not a valid SessionUser. */
  getInspectorUser(): SessionUser | null {
    return readUser(storageKeys.inspectorUserData);
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

  getPortalToken(): string | null {
    return storage.get(storageKeys.portalAccessToken) || null;
  },
  /** The client portal's stored user, or null when missing or not a valid SessionUser. */
  getPortalUser(): SessionUser | null {
    return readUser(storageKeys.portalUserData);
  },
  setPortalSession(token: string, user: SessionUser): void {
    storage.set(storageKeys.portalAccessToken, token);
    storage.set(storageKeys.portalUserData, JSON.stringify(user));
  },
  /** Removes the client portal's session only; the dashboard's and the inspector's keys stay. */
  removePortalSession(): void {
    storage.remove(storageKeys.portalAccessToken);
    storage.remove(storageKeys.portalUserData);
  },
};
