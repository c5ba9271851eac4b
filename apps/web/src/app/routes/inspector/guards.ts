import type { SessionUser } from '@inspecta/contract';
import { type LoaderFunctionArgs, redirect, useRouteLoaderData } from 'react-router';
import { paths } from '@/config/paths';
import { getInspectorSession } from '@/lib/session';

/** The route that guards the inspector's pages; its loader data holds the signed-in inspector. */
export const INSPECTOR_SESSION_ROUTE_ID = 'inspector-session';

/**
 * The inspector sign-in, returning to `next` (an inspector-app path) afterwards. The sign-in itself
 * is never a `next`: a 401 answering a request sent just before signing out lands on the sign-in
 * page, and must leave it as it is.
 */
export function inspectorSignInPath(next?: string): string {
  if (
    !next ||
    next === paths.inspector ||
    !next.startsWith(`${paths.inspector}/`) ||
    next === paths.inspectorSignIn ||
    next.startsWith(`${paths.inspectorSignIn}?`)
  )
    return paths.inspectorSignIn;
  return `${paths.inspectorSignIn}?next=${encodeURIComponent(next)}`;
}

/** Only an inspector-app path is followed after signing in, never another site. */
export function safeInspectorNext(next: string | null): string {
  return next?.startsWith(`${paths.inspector}/`) && !next.startsWith('//') ? next : paths.inspector;
}

/** The inspector's pages need the inspector app's session (not the dashboard's). */
export function requireInspectorSessionLoader({ request }: LoaderFunctionArgs) {
  const session = getInspectorSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(inspectorSignInPath(`${url.pathname}${url.search}`));
  }
  return { user: session.user };
}

/** A signed-in inspector opening the sign-in goes to their assignments. */
export function redirectIfInspectorSignedInLoader({ request }: LoaderFunctionArgs) {
  if (getInspectorSession()) throw redirect(safeInspectorNext(new URL(request.url).searchParams.get('next')));
  return null;
}

/** The signed-in inspector, on any page below the guard. */
export function useInspectorUser(): SessionUser {
  const data = useRouteLoaderData(INSPECTOR_SESSION_ROUTE_ID) as { user: SessionUser } | undefined;
  if (!data) throw new Error('useInspectorUser is used outside the inspector session route');
  return data.user;
}
