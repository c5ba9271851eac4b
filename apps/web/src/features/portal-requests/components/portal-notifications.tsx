import { NotificationsClientProvider, NotificationsList } from '@/features/notifications';
import { portalApi } from '@/lib/api-client';
import { portalRequestKeys } from '../api/keys';

/** /portal/notifications: the notifications screen of the dashboard, with the portal's session. */
export function PortalNotifications() {
  return (
    <NotificationsClientProvider client={portalApi} keyRoot={portalRequestKeys.notifications}>
      <NotificationsList />
    </NotificationsClientProvider>
  );
}
