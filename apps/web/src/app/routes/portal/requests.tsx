import { PortalRequestsScreen } from '@/features/portal-requests';

/** /portal/requests: the client's inspection requests (?new=1&siteId= opens the form for a site). */
function PortalRequestsRoute() {
  return <PortalRequestsScreen />;
}

export { PortalRequestsRoute as Component };
