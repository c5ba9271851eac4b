import type { SessionUser } from '@inspecta/contract';
import { queryClient } from './query-client';
import { storage } from './storage';

export interface Session {
  token: string;
  user: SessionUser;
}

/** The current session, or null when the token or a valid userData is missing. */
export function getSession(): Session | null {
  const token = storage.getToken();
  const user = storage.getUser();
  return token && user ? { token, user } : null;
}

export function hasSession(): boolean {
  return getSession() !== null;
}

/** The query that holds the signed-in user (GET /api/auth/me); the header and sidebar read it. */
export const SESSION_USER_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The signed-in user changed (their name or profile image): userData in local storage and the
 * cached user change together, so the header avatar and the greeting update at once.
 */
export function updateSessionUser(user: SessionUser): void {
  storage.setUser(user);
  queryClient.setQueryData(SESSION_USER_QUERY_KEY, { user });
}

/** Login stores the access token and the user data (SPEC.md 4). */
export function startSession(token: string, user: SessionUser): void {
  storage.setToken(token);
  storage.setUser(user);
}

/** Logout: all local storage and every cached query go. The caller then navigates to /. */
export function endSession(): void {
  storage.clear();
  queryClient.clear();
}

/** The inspector app's query keys all start with this, so its sign-out drops only its own cache. */
export const INSPECTOR_QUERY_KEY = 'inspector';

/**
 * The inspector app (/inspector) keeps its own session under its own keys, so an administrator's
 * dashboard session on the same browser is neither used nor ended by it.
 */
export function getInspectorSession(): Session | null {
  const token = storage.getInspectorToken();
  const user = storage.getInspectorUser();
  return token && user ? { token, user } : null;
}

export function startInspectorSession(token: string, user: SessionUser): void {
  storage.setInspectorSession(token, user);
}

/** Ends the inspector app's session: its keys and its cached queries, nothing of the dashboard's. */
export function endInspectorSession(): void {
  storage.removeInspectorSession();
  queryClient.removeQueries({ queryKey: [INSPECTOR_QUERY_KEY] });
}

/** The client portal's query keys all start with this, so its sign-out drops only its own cache. */
export const PORTAL_QUERY_KEY = 'portal';

/**
 * The client portal (/portal) keeps its own session under its own keys, like the inspector app: a
 * dashboard or inspector session on the same browser is neither used nor ended by it. Only a
 * client's session counts (a stored session of anyone else is ignored).
 */
export function getPortalSession(): Session | null {
  const token = storage.getPortalToken();
  const user = storage.getPortalUser();
  return token && user && user.userType === 'client' ? { token, user } : null;
}

export function startPortalSession(token: string, user: SessionUser): void {
  storage.setPortalSession(token, user);
}

/** Ends the client portal's session: its keys and its cached queries, nothing of the others'. */
export function endPortalSession(): void {
  storage.removePortalSession();
  queryClient.removeQueries({ queryKey: [PORTAL_QUERY_KEY] });
}
