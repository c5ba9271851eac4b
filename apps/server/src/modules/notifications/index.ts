export { notificationsModule } from './notifications.module.js';
export { type NotificationRow, NotificationsService } from './notifications.service.js';
export {
  type DueAnnouncement,
  ScheduledNotificationJob,
  type ScheduledNotificationSource,
} from './scheduled-notifications.js';
