import { defineModule, mount } from '../../core/app-module.js';
import { NotificationBus } from './notification-bus.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import { ScheduledNotificationJob } from './scheduled-notifications.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    notifications: NotificationsService;
    notificationBus: NotificationBus;
    scheduledNotifications: ScheduledNotificationJob;
  }
}

export const notificationsModule = defineModule({
  name: 'notifications',
  async setup(ctx) {
    const { config, clock, log, services } = ctx;
    const notifications = new NotificationsService(ctx.db, clock);
    const bus = new NotificationBus(ctx.database, log);
    await bus.start();
    ctx.onClose(async () => bus.close());
    const scheduled = new ScheduledNotificationJob(ctx.db, notifications, clock, log);
    // Off in tests unless a test starts it; in a server it runs in every process (claims keep it once-only).
    if (config.NODE_ENV !== 'test') {
      ctx.onReady(async () => scheduled.start(config.SCHEDULED_NOTIFICATIONS_INTERVAL_SECONDS * 1000));
    }
    ctx.onClose(async () => scheduled.stop());
    services.notifications = notifications;
    services.notificationBus = bus;
    services.scheduledNotifications = scheduled;
    return mount(notificationsRoutes, {
      notificationsService: notifications,
      bus,
      heartbeatMs: config.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
    });
  },
});
