// The sessions as stored (SPEC.md 4's keys), without the query cache: the signed-out login page and
// the entry's session check use these alone (docs/performance.md). `session.ts` re-exports them with
// what also touches the cache (sign-out, a changed user).
import type { SessionUser } from '@inspecta/contract';
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

/** Login stores the access token and the user data (SPEC.md 4). */
export function startSession(token: string, user: SessionUser): void {
  storage.setToken(token);
  storage.setUser(user);
}

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
