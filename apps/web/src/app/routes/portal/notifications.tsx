import { PortalNotifications } from '@/features/portal-requests';

/** /portal/notifications */
function PortalNotificationsRoute() {
  return <PortalNotifications />;
}

export { PortalNotificationsRoute as Component };
