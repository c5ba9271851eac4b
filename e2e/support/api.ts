import { baseURL } from './browser.js';

/** Calls the API as the holder of `token` (the admin's, usually) and throws with the body on an error. */
export async function adminApi<T>(token: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The UTC calendar day `offsetDays` from now, as YYYY-MM-DD. */
export function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A mobile number no other user of the e2e server has: phones are unique, and the specs run side by
 * side against one server, so a fixed number (or the clock alone) lets two specs collide.
 */
export function uniqueMobile(): string {
  const random = Math.floor(Math.random() * 1e8);
  return `+919${String(random).padStart(8, '0')}${String(process.pid % 10)}`;
}
