import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { getSession, hasSession } from '@/lib/session';

/** Any /dashboard/* path needs a session; without one, go to the login page. */
export function requireSessionLoader() {
  const session = getSession();
  if (!session) throw redirect(paths.login);
  return { user: session.user };
}

/** A signed-in user opening the login page goes straight to the dashboard. */
export function redirectIfSignedInLoader() {
  if (hasSession()) throw redirect(paths.home);
  return null;
}
