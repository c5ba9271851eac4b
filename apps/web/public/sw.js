/*
 * Inspecta's service worker: shows web push notifications and opens their link on click.
 * It caches nothing (the app is always loaded from the server). Served from the site root with
 * `Cache-Control: no-cache`, so a new version is picked up on the next visit. See docs/push.md.
 */

const DEFAULT_TITLE = 'Inspecta';
const ICON = '/push-icon.png';
const NOTIFICATIONS_PATH = '/dashboard/notification';

self.addEventListener('install', () => {
  // Nothing to cache: take over at once, so a first registration can receive pushes right away.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload the server sends: `{ title, body, link, tag, notificationId }` (JSON, encrypted on the way). */
function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

/** The link as an address of this app; anything pointing elsewhere ('//host', 'https://...') opens the list. */
function sameOriginUrl(link) {
  try {
    const url = new URL(typeof link === 'string' ? link : NOTIFICATIONS_PATH, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // not a URL at all
  }
  return new URL(NOTIFICATIONS_PATH, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const link =
    typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : NOTIFICATIONS_PATH;
  event.waitUntil(
    self.registration.showNotification(typeof payload.title === 'string' ? payload.title : DEFAULT_TITLE, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: ICON,
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data?.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // Prefer a tab already showing the app: bring it forward and take it to the link.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open && open.url !== target) await open.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
