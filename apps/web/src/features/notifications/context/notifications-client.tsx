import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { api } from '@/lib/api-client';

/** An API client as lib/api-client.ts makes them (the dashboard's, the inspector's, the portal's). */
export type NotificationsApiClient = Pick<typeof api, 'get' | 'post' | 'patch' | 'delete'>;

export interface NotificationsClient {
  /** The client the notification calls go through (its token is the signed-in user's). */
  client: NotificationsApiClient;
  /** Where the cached notifications live: ['notifications'] on the dashboard, ['portal', 'notifications'] in the portal. */
  keyRoot: readonly unknown[];
}

const DEFAULT_CLIENT: NotificationsClient = { client: api, keyRoot: ['notifications'] };

const NotificationsClientContext = createContext<NotificationsClient>(DEFAULT_CLIENT);

/**
 * The notification screens of another app (the client portal) with that app's session: its API
 * client and its own cache keys, so its list never mixes with the dashboard's.
 */
export function NotificationsClientProvider({
  client,
  keyRoot,
  children,
}: NotificationsClient & { children: ReactNode }) {
  const value = useMemo(() => ({ client, keyRoot }), [client, keyRoot]);
  return <NotificationsClientContext.Provider value={value}>{children}</NotificationsClientContext.Provider>;
}

export function useNotificationsClient(): NotificationsClient {
  return useContext(NotificationsClientContext);
}
