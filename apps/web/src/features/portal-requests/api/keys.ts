import { PORTAL_QUERY_KEY } from '@/lib/session';

/** Query keys of the portal's requests and corrective actions, under the portal's own root. */
export const portalRequestKeys = {
  requests: [PORTAL_QUERY_KEY, 'requests'] as const,
  requestList: (params: object) => [PORTAL_QUERY_KEY, 'requests', 'list', params] as const,
  options: (search: string) => [PORTAL_QUERY_KEY, 'request-options', search] as const,
  siteUnits: (siteId: number) => [PORTAL_QUERY_KEY, 'request-units', siteId] as const,
  actions: [PORTAL_QUERY_KEY, 'actions'] as const,
  actionList: (params: object) => [PORTAL_QUERY_KEY, 'actions', 'list', params] as const,
  action: (id: number) => [PORTAL_QUERY_KEY, 'actions', 'detail', id] as const,
  /** The notifications list of the portal (features/notifications keeps them below this root). */
  notifications: [PORTAL_QUERY_KEY, 'notifications'] as const,
};
