import type { SessionUser } from '@inspecta/contract';
import { queryClient } from './query-client';
import { storage } from './storage';

export {
  getInspectorSession,
  getPortalSession,
  getSession,
  hasSession,
  startInspectorSession,
  startPortalSession,
  startSession,
} from './session-store';

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

/** Logout: all local storage and every cached query go. The caller then navigates to /. */
export function endSession(): void {
  storage.clear();
  queryClient.clear();
}

/** The inspector app's query keys all start with this, so its sign-out drops only its own cache. */
export const INSPECTOR_QUERY_KEY = 'inspector';

/** Ends the inspector app's session: its keys and its cached queries, nothing of the dashboard's. */
export function endInspectorSession(): void {
  storage.removeInspectorSession();
  queryClient.removeQueries({ queryKey: [INSPECTOR_QUERY_KEY] });
}

/** The client portal's query keys all start with this, so its sign-out drops only its own cache. */
export const PORTAL_QUERY_KEY = 'portal';

/** Ends the client portal's session: its keys and its cached queries, nothing of the others'. */
export function endPortalSession(): void {
  storage.removePortalSession();
  queryClient.removeQueries({ queryKey: [PORTAL_QUERY_KEY] });
}
