import { defineModule, mount } from '../../core/app-module.js';
import { NotificationBus } from './notification-bus.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';

declare module '../../core/app-module.js' {
  interface AppServices {
    notifications: NotificationsService;
    notificationBus: NotificationBus;
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
    services.notifications = notifications;
    services.notificationBus = bus;
    return mount(notificationsRoutes, {
      notificationsService: notifications,
      bus,
      heartbeatMs: config.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
    });
  },
});
