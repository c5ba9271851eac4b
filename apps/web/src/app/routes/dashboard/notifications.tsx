import { NotificationsList } from '@/features/notifications';

function NotificationsRoute() {
  return <NotificationsList />;
}

export { NotificationsRoute as Component };
