export { getNotifications, getNotificationsQueryOptions, useNotifications } from './api/get-notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationsList } from './components/notifications-list';
export { decideNotificationDot } from './lib/notification-dot';
