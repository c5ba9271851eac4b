import type { Page } from 'playwright-core';
import { adminCredentials, apiLogin } from './browser.js';

/**
 * Opens `path` signed in as the e2e administrator, with a fresh session planted the way the login
 * page leaves it. `extra` adds local-storage keys (e.g. the notification flags).
 */
export async function openSignedIn(page: Page, path = '/dashboard', extra: Record<string, string> = {}) {
  const { email, password } = adminCredentials();
  const session = await apiLogin(email, password);
  await page.goto('/404-blank-for-storage');
  await page.evaluate(
    ([token, user, more]) => {
      localStorage.clear();
      localStorage.setItem('accessToken', token);
      localStorage.setItem('userData', user);
      for (const [key, value] of Object.entries(JSON.parse(more) as Record<string, string>))
        localStorage.setItem(key, value);
    },
    [session.accessToken, JSON.stringify(session.user), JSON.stringify(extra)] as const,
  );
  await page.goto(path);
  return session;
}

/** Opens `path` in the client portal signed in as that client, the way the portal's sign-in leaves it. */
export async function openPortalSignedIn(page: Page, email: string, password: string, path = '/portal') {
  const session = await apiLogin(email, password);
  await page.goto('/404-blank-for-storage');
  await page.evaluate(
    ([token, user]) => {
      localStorage.clear();
      localStorage.setItem('portalAccessToken', token);
      localStorage.setItem('portalUserData', user);
    },
    [session.accessToken, JSON.stringify(session.user)] as const,
  );
  await page.goto(path);
  return session;
}
