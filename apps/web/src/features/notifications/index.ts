export { NotificationBell } from './components/notification-bell';
export { NotificationsList } from './components/notifications-list';
export { NotificationsClientProvider } from './context/notifications-client';
