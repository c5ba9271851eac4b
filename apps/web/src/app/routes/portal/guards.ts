import type { SessionUser } from '@inspecta/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { getPortalSession } from '@/lib/session';

/** The route that holds the portal's session; its loader data is the signed-in client, or null. */
export const PORTAL_SESSION_ROUTE_ID = 'portal-session';

/** The portal's sign-in (/portal itself), returning to `next` (a portal path) afterwards. */
export function portalSignInPath(next?: string): string {
  if (!next || next === paths.portal || !next.startsWith(`${paths.portal}/`)) return paths.portal;
  return `${paths.portal}?next=${encodeURIComponent(next)}`;
}

/** Only a portal path is followed after signing in, never another site. */
export function safePortalNext(next: string | null): string {
  return next?.startsWith(`${paths.portal}/`) && !next.startsWith('//') ? next : paths.portal;
}

/**
 * /portal is the sign-in when signed out and the overview when signed in; any deeper portal page
 * needs the portal's own session (not the dashboard's) and sends a signed-out visitor to /portal.
 */
export function portalSessionLoader({ request }: LoaderFunctionArgs): { user: SessionUser | null } {
  const session = getPortalSession();
  if (session) return { user: session.user };
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== paths.portal) throw redirect(portalSignInPath(`${url.pathname}${url.search}`));
  return { user: null };
}

/** The index's own loader data, for its tab title (the sign-in or the overview). */
export function portalHomeLoader(): { signedIn: boolean } {
  return { signedIn: getPortalSession() !== null };
}

export function portalHomeTitle(data: unknown): string {
  return (data as { signedIn?: boolean } | undefined)?.signedIn ? 'Overview' : 'Client portal sign-in';
}
