export { notificationsModule } from './notifications.module.js';
export { type NotificationRow, NotificationsService } from './notifications.service.js';
